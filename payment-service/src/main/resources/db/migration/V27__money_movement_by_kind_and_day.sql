-- docs/contract.md §12: ledger-service's daily reconciliation reads one kind of money movement of one day across every
-- merchant (GET /internal/ledger-facts), in (occurred_at, id) keyset pages; this index serves those pages directly.
CREATE INDEX money_movement_kind_day ON money_movement (kind, occurred_at, id);
