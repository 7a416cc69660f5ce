-- The X-EXTERNAL-IDs that name a SNAP payment (docs/contract.md §9, originalExternalId): the id of the payment request
-- that made it, and of every replay of that request answered with it (the same partnerReferenceNo and body, a new
-- X-EXTERNAL-ID, as the standard retries). An X-EXTERNAL-ID is unique per merchant per day only: one sent with payment
-- requests on several days may name several payments, and alone it names the one it named last (named_at).
CREATE TABLE snap_payment_external_id (
    merchant_id varchar(64) NOT NULL,
    external_id varchar(36) NOT NULL,
    payment_id  uuid        NOT NULL REFERENCES payment (id),
    named_at    timestamptz NOT NULL,
    PRIMARY KEY (merchant_id, external_id, payment_id) -- also finds the few payments an id names
);

