-- CONTRACT §6, §11: 'payment-link' notifications (a payment link's status, to the link's callbackUrl, resource id
-- link.id). A superset of the old check, which every existing row already meets: NOT VALID, no scan under the lock
-- (as V7, V8, V9, V11).
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check
    CHECK (type IN ('payment', 'disbursement', 'binding', 'subscription', 'payment-link', 'snap-va', 'snap-qr',
                    'snap-debit', 'snap-binding', 'test')) NOT VALID;
