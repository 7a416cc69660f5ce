-- Hosted payments (CONTRACT §1-§3). One row per (merchant, order.id); card data never beyond mask and info.
CREATE TABLE payment (
    id                 uuid          PRIMARY KEY,
    payment_code       varchar(30)   NOT NULL UNIQUE,
    merchant_id        varchar(64)   NOT NULL,
    order_id           varchar(64)   NOT NULL,
    content_hash       varchar(64)   NOT NULL,     -- SHA-256 (hex) of the RFC 8785 form of the initiation request
    amount             numeric(15,2) NOT NULL CHECK (amount > 0),
    currency           varchar(3)    NOT NULL,
    description        varchar(255),
    customer_id        varchar(64),
    customer           text          NOT NULL,     -- the customer object as given (JSON)
    meta               text,                       -- the meta object as given (JSON), when there was one
    callback_url       varchar(2048) NOT NULL,
    return_url         varchar(2048),
    status             varchar(16)   NOT NULL
        CHECK (status IN ('PENDING', 'PROCESSING', 'CAPTURED', 'FAILED', 'EXPIRED')),
    status_desc        varchar(255),
    method             varchar(16)   CHECK (method IN ('CARD', 'DIRECT_DEBIT')),
    card_mask          varchar(32),
    card_info          text,                       -- card.info (JSON)
    channel            varchar(32),
    provider_reference varchar(64),
    awaiting_otp       boolean       NOT NULL DEFAULT false,
    sequence           bigint        NOT NULL DEFAULT 0,   -- of the last event written for this payment
    version            bigint        NOT NULL DEFAULT 0,
    expires_at         timestamptz   NOT NULL,
    created_at         timestamptz   NOT NULL,
    updated_at         timestamptz   NOT NULL,
    CONSTRAINT payment_merchant_order UNIQUE (merchant_id, order_id)
);

-- The expiry job claims due PENDING payments in expiry order.
CREATE INDEX payment_pending_expiry ON payment (expires_at) WHERE status = 'PENDING';

-- The sandbox payment channel provider's own book of charges (what a real provider keeps on its side).
CREATE TABLE sandbox_charge (
    reference      varchar(40)   PRIMARY KEY,
    payment_code   varchar(30)   NOT NULL,
    state          varchar(16)   NOT NULL CHECK (state IN ('AWAITING_OTP', 'DECIDED', 'NOTIFIED', 'GAVE_UP')),
    outcome        varchar(16)   CHECK (outcome IN ('CAPTURED', 'FAILED')),
    status_desc    varchar(255),
    notify_at      timestamptz,
    attempts       integer       NOT NULL DEFAULT 0,
    last_error     varchar(500),
    created_at     timestamptz   NOT NULL
);

CREATE INDEX sandbox_charge_due ON sandbox_charge (notify_at) WHERE state = 'DECIDED';
