-- CONTRACT §6 "Bulk redelivery": POST /pg/notifications/redeliver makes each notification it selects due at its own
-- time, 1/gateway.notification.redeliver-rate after the one before, starting when the merchant's earlier bulk
-- redeliveries end. This row holds that end per merchant: the bulk redelivery's transaction locks it first (so two
-- at once, at any replicas, take turns and never overlap their schedules) and moves it to the end of the new schedule.
-- The dispatchers then find the rows due one by one, as they find any retry.
CREATE TABLE notification_redelivery_pace (
    merchant_id varchar(64) PRIMARY KEY,
    paced_until timestamptz NOT NULL
);

-- CONTRACT §6 "Test notification": a notification the merchant asked for, logged with type 'test' (stored DELIVERED
-- or FAILED with its one attempt, never PENDING). A superset of the old check, which every existing row already
-- meets: NOT VALID, no scan under the lock (as V7, V8, V9).
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check
    CHECK (type IN ('payment', 'disbursement', 'binding', 'subscription', 'snap-va', 'snap-qr', 'snap-debit',
                    'snap-binding', 'test')) NOT VALID;
