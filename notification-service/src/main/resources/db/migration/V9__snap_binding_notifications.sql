-- CONTRACT §9 "SNAP notifications": a binding made through SNAP (its binding-status event carries snap) is also
-- notified at the merchant's registered snapBindingNotifyUrl (the column V8 added), as a notification of its own type
-- 'snap-binding' beside the §6 'binding' one of the same event (one per event and type, V8's unique key).
-- A superset of the old check, which every existing row already meets: NOT VALID, no scan under the lock (as V7, V8).
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check
    CHECK (type IN ('payment', 'disbursement', 'binding', 'subscription', 'snap-va', 'snap-qr', 'snap-debit',
                    'snap-binding')) NOT VALID;
