-- CONTRACT §9 "SNAP notifications": a payment made through SNAP also gets the standard's notify body at the merchant's
-- SNAP URL of its service. That is a second notification of the same event, with its own type ('snap-va', 'snap-qr',
-- 'snap-debit'), its own delivery and its own latest-state-wins order: one notification per event and type.
--
-- The merchant registers the SNAP URLs beside the other two (PUT /pg/merchant/callbacks); snap_binding_notify_url is
-- registered and shown, not yet used (bindings made through SNAP carry no marker in their events yet).
ALTER TABLE merchant_callbacks
    ADD COLUMN snap_debit_notify_url   varchar(2048),
    ADD COLUMN snap_va_payment_url     varchar(2048),
    ADD COLUMN snap_qr_notify_url      varchar(2048),
    ADD COLUMN snap_binding_notify_url varchar(2048);

-- The unique index on (event_id, type) replaces the one on event_id (built while this migration holds the table's
-- lock: a large table is unavailable to writers for that time; every existing row already satisfies it).
ALTER TABLE notification ADD CONSTRAINT notification_event_type_key UNIQUE (event_id, type);
ALTER TABLE notification DROP CONSTRAINT notification_event_id_key;

-- A superset of the old check, which every existing row already meets: NOT VALID, no scan under the lock (as V7).
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check
    CHECK (type IN ('payment', 'disbursement', 'binding', 'subscription', 'snap-va', 'snap-qr', 'snap-debit')) NOT VALID;
