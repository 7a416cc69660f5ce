-- docs/contract.md §11: payment links. One row per (merchant, link.id); the page finds it by link_code. The row is
-- locked (SELECT ... FOR UPDATE) whenever a payment is started from it, so its slots are counted and taken one start
-- at a time at any number of replicas.
CREATE TABLE payment_link (
    id               uuid          PRIMARY KEY,
    merchant_id      varchar(64)   NOT NULL,
    link_id          varchar(64)   NOT NULL,
    link_code        varchar(30)   NOT NULL UNIQUE,
    content_hash     varchar(64)   NOT NULL,     -- SHA-256 (hex) of the RFC 8785 form of the create request
    description      varchar(255)  NOT NULL,
    amount           numeric(15,2) CHECK (amount > 0),
    min_amount       numeric(15,2) CHECK (min_amount > 0),
    max_amount       numeric(15,2),
    currency         varchar(3)    NOT NULL,
    expires_at       timestamptz   NOT NULL,
    usage_limit      integer       CHECK (usage_limit BETWEEN 1 AND 10000),
    methods          text,                       -- the link's §2a codes, comma separated; null: every offered one
    customer         text,                       -- the customer object as given (JSON), when there was one
    notify_email     boolean       NOT NULL,
    callback_url     varchar(2048) NOT NULL,
    return_url       varchar(2048),
    success_url      varchar(2048),
    fail_url         varchar(2048),
    back_url         varchar(2048),
    status           varchar(16)   NOT NULL CHECK (status IN ('ACTIVE', 'PAID', 'INACTIVE')),
    last_n           integer       NOT NULL DEFAULT 0,   -- the n of the link's latest payment (<link_id>-<n>)
    created_at       timestamptz   NOT NULL,
    updated_at       timestamptz   NOT NULL,
    CONSTRAINT payment_link_merchant_link UNIQUE (merchant_id, link_id),
    CONSTRAINT payment_link_amount_or_range CHECK ((amount IS NULL) <> (min_amount IS NULL AND max_amount IS NULL)),
    CONSTRAINT payment_link_range CHECK (min_amount IS NULL OR (max_amount IS NOT NULL AND min_amount <= max_amount))
);

-- The merchant's list (docs/contract.md §3b): newest first, keyset (created_at, id).
CREATE INDEX payment_link_merchant_created ON payment_link (merchant_id, created_at DESC, id DESC);

-- Each payment started from a link: its n, its order id and its payment (whose status decides the slot).
CREATE TABLE payment_link_use (
    link             uuid          NOT NULL REFERENCES payment_link (id),
    n                integer       NOT NULL CHECK (n >= 1),
    order_id         varchar(64)   NOT NULL,
    payment_code     varchar(30)   NOT NULL UNIQUE,
    language         varchar(2)    NOT NULL CHECK (language IN ('en', 'id')),  -- the link page's, for the receipt
    created_at       timestamptz   NOT NULL,
    PRIMARY KEY (link, n)
);
