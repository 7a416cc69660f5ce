-- Payments made through the SNAP door (docs/contract.md §9): which SNAP service made one (VA, QR, DEBIT), and for a
-- virtual account what the merchant's create-va named it by, so that status, delete-va and the payment's events
-- (PaymentStatusChanged.snap, for notification-service's SNAP notify bodies) carry it without another look-up.
-- partnerReferenceNo (trxId for a virtual account) is the order id and referenceNo the payment code: not repeated here.
-- A SNAP payment has no url.callbackUrl (the merchant's SNAP URLs are registered at notification-service), so the
-- column becomes optional; /pg/ initiations still require it.
ALTER TABLE payment
    ADD COLUMN snap_service              varchar(8),
    ADD COLUMN snap_partner_service_id   varchar(8),
    ADD COLUMN snap_customer_no          varchar(20),
    ADD COLUMN snap_virtual_account_no   varchar(28),
    ADD COLUMN snap_virtual_account_name varchar(255),
    ALTER COLUMN callback_url DROP NOT NULL;

-- status and delete-va find a merchant's virtual account by its number, spaces removed (as a bank app reads it)
CREATE INDEX payment_snap_virtual_account ON payment ((replace(snap_virtual_account_no, ' ', '')), created_at)
    WHERE snap_virtual_account_no IS NOT NULL;
