-- docs/contract.md §6, §7, §11: a payment link's stored status moves (ACTIVE -> PAID when its usageLimit is captured,
-- -> INACTIVE when deactivated, -> EXPIRED by the expiry sweep), and each move is a payment-link event with the link's
-- next sequence, written under the link row's lock.
ALTER TABLE payment_link DROP CONSTRAINT payment_link_status_check;
ALTER TABLE payment_link ADD CONSTRAINT payment_link_status_check
    CHECK (status IN ('ACTIVE', 'PAID', 'INACTIVE', 'EXPIRED'));
ALTER TABLE payment_link ADD COLUMN sequence bigint NOT NULL DEFAULT 0;

-- The expiry sweep's claim: active links past expires_at, oldest first (a small partial index: only ACTIVE links).
CREATE INDEX payment_link_active_expiry ON payment_link (expires_at) WHERE status = 'ACTIVE';

-- The link a payment was started from (payment_link_use holds the same pair), so the payment's transitions know it is
-- a link's without a look-up: they move the link and put link {id, linkCode} in the payment's notifications. A nullable
-- column without a default: no rewrite of the table.
ALTER TABLE payment ADD COLUMN link_id uuid REFERENCES payment_link (id);
UPDATE payment p SET link_id = u.link FROM payment_link_use u WHERE u.payment_code = p.payment_code;
