-- Stored cards and one-click payments (CONTRACT §1b). A stored card is the provider's token, the mask, the brand and
-- the expiry, never the card number or the CVV; "not stored twice" is decided by the provider's keyed fingerprint
-- (an HMAC only the provider can compute), never by anything that could give the number back.
CREATE TABLE stored_card (
    id               uuid          PRIMARY KEY,
    token_id         varchar(64)   NOT NULL UNIQUE,
    merchant_id      varchar(64)   NOT NULL,
    customer_id      varchar(64)   NOT NULL,
    channel          varchar(32)   NOT NULL,
    provider_token   varchar(255)  NOT NULL,
    mask             varchar(32)   NOT NULL,
    brand            varchar(32)   NOT NULL,
    expiry_month     varchar(2)    NOT NULL CHECK (expiry_month ~ '^(0[1-9]|1[0-2])$'),
    expiry_year      varchar(4)    NOT NULL CHECK (expiry_year ~ '^[0-9]{4}$'),
    fingerprint      varchar(128)  NOT NULL,
    first_payment_id uuid          NOT NULL,
    created_at       timestamptz   NOT NULL,
    deleted_at       timestamptz
);
-- One live card per (merchant, customer, card): a second capture by the same card finds the first.
CREATE UNIQUE INDEX stored_card_live ON stored_card (merchant_id, customer_id, channel, fingerprint)
    WHERE deleted_at IS NULL;
-- The merchant's list of one customer's cards, newest first.
CREATE INDEX stored_card_customer ON stored_card (merchant_id, customer_id, created_at DESC) WHERE deleted_at IS NULL;

-- save_card: the merchant asked TO_BE_STORED at initiation (the page offers "save this card"), then what the customer
-- chose when the card form was posted. The provider's token and fingerprint of a card to save wait on the payment
-- until it is captured; stored_card_id is the card a capture stored, or the stored card a one-click payment charged.
ALTER TABLE payment
    ADD COLUMN store_offered    boolean      NOT NULL DEFAULT false,
    ADD COLUMN save_card        boolean      NOT NULL DEFAULT false,
    ADD COLUMN card_expiry      varchar(7),
    ADD COLUMN card_token       varchar(255),
    ADD COLUMN card_fingerprint varchar(128),
    ADD COLUMN stored_card_id   uuid REFERENCES stored_card (id);

-- The sandbox provider's vault: its own tokens (what a real provider keeps), never the number.
CREATE TABLE sandbox_card (
    token        varchar(64)   PRIMARY KEY,
    merchant_id  varchar(64)   NOT NULL,
    fingerprint  varchar(128)  NOT NULL,
    behaviour    varchar(16)   NOT NULL CHECK (behaviour IN ('CAPTURE', 'DECLINE', 'INSUFFICIENT', 'CHALLENGE',
                                                             'FIRST_ONLY')),
    card_info    text,
    created_at   timestamptz   NOT NULL,
    forgotten_at timestamptz
);
CREATE UNIQUE INDEX sandbox_card_fingerprint ON sandbox_card (merchant_id, fingerprint) WHERE forgotten_at IS NULL;
-- The card a sandbox charge stored or charged: the same charge submitted again answers the same token.
ALTER TABLE sandbox_charge ADD COLUMN card_token varchar(64);
