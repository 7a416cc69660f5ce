-- CONTRACT §6 "Search": GET /pg/notifications?orderId= finds a merchant's notifications by what the merchant calls the
-- order: a payment's order id (a subscription cycle's payment is a payment; a SNAP payment's order id is its
-- partnerReferenceNo, or trxId for a virtual account, and its snap-va, snap-qr and snap-debit notifications carry it
-- too), a transfer's partnerReferenceNo. Written by the store from the event from now on (NotificationDraft.orderId);
-- null for bindings and subscriptions, which have none.
ALTER TABLE notification ADD COLUMN order_id varchar(64);

-- Rows stored before: read from the body each one holds (payload is the body without signature, as sent). A body
-- PostgreSQL cannot take apart (a merchant's meta.data may hold a "\u0000", which no PostgreSQL text can hold) and a
-- value longer than the column (none the contract allows) leave the row's order_id null: not found by order id, as
-- before. This rewrites each such row once, in the migration's transaction, which holds the table's lock from the
-- ALTER above: on a large table plan for the time (README "Upgrading to V10").
CREATE FUNCTION pg_temp.notification_order_id(type text, payload text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN CASE type
               WHEN 'payment' THEN payload::json #>> '{order,id}'
               WHEN 'snap-va' THEN payload::json ->> 'trxId'
               ELSE payload::json ->> 'originalPartnerReferenceNo' END;
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;
UPDATE notification n SET order_id = v.order_id
FROM (SELECT id, pg_temp.notification_order_id(type, payload) AS order_id
      FROM notification
      WHERE type IN ('payment', 'disbursement', 'snap-va', 'snap-qr', 'snap-debit')) v
WHERE n.id = v.id AND length(v.order_id) BETWEEN 1 AND 64;
DROP FUNCTION pg_temp.notification_order_id(text, text);

-- The log's search by order id: a merchant's rows of that order, newest first (the log's keyset is position). Partial
-- on "order_id IS NOT NULL", which only a statement naming an order id implies, so no statement about a resource or
-- the queue can pick it (V4 says why that matters). Built after the backfill, so the backfill's updates stay HOT where
-- their page has room.
CREATE INDEX notification_merchant_order ON notification (merchant_id, order_id, position) WHERE order_id IS NOT NULL;
