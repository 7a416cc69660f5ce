-- Delivery bookkeeping that PostgreSQL can update in place (HOT) and plan by key (DeliveryClaim, DeliveryQueue).
--
-- The lease lives in columns no index covers: lease_token (was claim_token) and lease_until (the lease end, which
-- used to be written into next_attempt_at, the key of notification_due). Taking and renewing a lease then touches no
-- indexed column, so the new row version stays on its page without new index entries (a HOT update) when there is
-- room, and notification_due keeps each row's due time while it is leased. notification_held, the partial index of
-- rows with a token, goes: every lease and every record changed its predicate, it filled with dead entries faster
-- than autovacuum came by, and the planner chose it for the record (a bitmap over every entry, live or dead). Whether
-- a resource is held is now asked of its own rows through notification_resource.
--
-- The rename is also a fence for a rolling update: a replica of the previous version fails on claim_token (its
-- claims, records and stores log a warning and retry, its consumer leaves its events unacknowledged) instead of
-- taking leases it can no longer see; its leases in flight carry over below and run out as it stops renewing them.
ALTER TABLE notification RENAME COLUMN claim_token TO lease_token;
ALTER TABLE notification ADD COLUMN lease_until timestamptz;
UPDATE notification SET lease_until = next_attempt_at WHERE lease_token IS NOT NULL;
DROP INDEX notification_held;

-- Signed once when stored (NotificationStore): the body signature (HMAC-SHA512 over the RFC 8785 form of payload)
-- and which key made it (a key id derived from the key by HMAC, not the key), so an attempt signs again only after
-- the merchant's secret was rotated. Rows stored before have none and are signed at their attempt, as before.
ALTER TABLE notification ADD COLUMN body_signature varchar(128);
ALTER TABLE notification ADD COLUMN signed_with varchar(32);

-- The identity column is unique by construction; its own unique index was one more entry to write for every row
-- version (the merchant's log pages through notification_merchant_position).
ALTER TABLE notification DROP CONSTRAINT notification_position_key;

-- Every question about a resource's rows (its newest event, whether one holds a lease, its older PENDING ones) must be
-- one probe of notification_resource. A plan made while the table is small cannot tell the indexes apart and took the
-- merchant's log index for them (merchant_id leads both): once the table has grown, that walks every row of the
-- merchant. The log index is therefore partial on a condition only the log states (NotificationLog always bounds the
-- position), so no other statement can use it.
DROP INDEX notification_merchant_position;
CREATE INDEX notification_merchant_position ON notification (merchant_id, position) WHERE position IS NOT NULL;

-- A queue table: most rows are rewritten two or three times within seconds of their insert and then rest. Room on
-- every page for those versions (fillfactor) keeps the lease's update on its page; autovacuum comes after 1 % of the
-- table has changed (with the default 20 % a young table carries tens of thousands of dead versions and statistics
-- that no longer describe it), and the insert-only attempt log is vacuumed and analysed as it grows, so its
-- visibility map and statistics keep up.
ALTER TABLE notification SET (fillfactor = 70,
    autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_scale_factor = 0.01, autovacuum_analyze_threshold = 1000,
    autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_insert_threshold = 1000);
ALTER TABLE notification_attempt SET (
    autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_insert_threshold = 1000,
    autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000);
