-- Subscriptions (CONTRACT §1b): the aggregate a first payment with recurring.subscribe Y opens, its schedule, its
-- credential (a binding or a stored card: ids only), and what the cycle scheduler needs. Cycle n is due at
-- anchor_at + next_index intervals (in gateway.timezone); next_due_at is when a replica should act on it next (the
-- cycle, a retry, or a look back after a claim), and a claim moves it a lease ahead before anything is charged.
CREATE TABLE subscription (
    id               uuid PRIMARY KEY,
    merchant_id      varchar(64)   NOT NULL,
    recurring_id     varchar(30)   NOT NULL,
    type             varchar(16)   NOT NULL,
    product_code     varchar(6),
    amount           numeric(15,2) NOT NULL,
    currency         varchar(3)    NOT NULL,
    interval_count   integer       NOT NULL,
    interval_unit    varchar(16)   NOT NULL,
    max_interval     integer,
    start_date       date,
    end_date         date,
    retry_interval   integer,
    retry_unit       varchar(16),
    retry_max        integer,
    status           varchar(16)   NOT NULL,
    status_desc      varchar(255),
    customer_id      varchar(64)   NOT NULL,
    first_payment_id uuid          NOT NULL,
    first_order_id   varchar(64)   NOT NULL,
    credential_kind  varchar(16),
    credential_mask  varchar(32),
    binding_id       varchar(64),
    stored_card_id   varchar(64),
    cycles_charged   integer       NOT NULL DEFAULT 0,
    next_cycle       integer       NOT NULL DEFAULT 2,
    next_index       integer       NOT NULL DEFAULT 1,
    anchor_at        timestamptz,
    next_due_at      timestamptz,
    sequence         bigint        NOT NULL DEFAULT 0,
    version          bigint        NOT NULL DEFAULT 0,
    created_at       timestamptz   NOT NULL,
    updated_at       timestamptz   NOT NULL,
    CONSTRAINT subscription_recurring_id_unique UNIQUE (merchant_id, recurring_id)
);
-- The claim query reads only ACTIVE subscriptions in due order: never a sequential scan, however many there are.
CREATE INDEX subscription_due ON subscription (next_due_at) WHERE status = 'ACTIVE';
CREATE INDEX subscription_merchant_listed ON subscription (merchant_id, created_at DESC, id DESC);

ALTER TABLE payment ADD COLUMN subscription_id uuid;
ALTER TABLE payment ADD COLUMN cycle integer;
CREATE INDEX payment_subscription_cycle ON payment (subscription_id, cycle) WHERE subscription_id IS NOT NULL;
