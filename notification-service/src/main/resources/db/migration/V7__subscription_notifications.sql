-- CONTRACT §1b, §6: a fourth notification type, 'subscription' (a subscription's state, to its first payment's
-- callbackUrl, resource id recurring.id). The new check allows a superset of the old one, which every existing row
-- already met, so it is added NOT VALID: no scan of the table under the exclusive lock this migration holds. It
-- applies to every row written from now on like any other check.
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check
    CHECK (type IN ('payment', 'disbursement', 'binding', 'subscription')) NOT VALID;
