-- Refunds (CONTRACT §3a): each its own record, idempotent by the merchant's refundId, decided by the payment's provider.
ALTER TABLE payment ADD COLUMN refunded_amount numeric(15,2) NOT NULL DEFAULT 0;
ALTER TABLE payment ALTER COLUMN status TYPE varchar(20);   -- PARTIALLY_REFUNDED

CREATE TABLE refund (
    id                 uuid          PRIMARY KEY,
    merchant_id        varchar(64)   NOT NULL,
    refund_id          varchar(64)   NOT NULL,     -- the merchant's
    payment_id         uuid          NOT NULL REFERENCES payment (id),
    order_id           varchar(64)   NOT NULL,
    payment_code       varchar(30)   NOT NULL,
    amount             numeric(15,2) NOT NULL CHECK (amount > 0),
    currency           varchar(3)    NOT NULL,
    reason             varchar(255),
    content_hash       varchar(64)   NOT NULL,     -- SHA-256 (hex) of the RFC 8785 form of the request
    status             varchar(16)   NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
    status_desc        varchar(255),
    channel            varchar(32)   NOT NULL,
    method             varchar(16),
    charge_reference   varchar(40)   NOT NULL,     -- the provider's order id of the charge that took the money
    provider_reference varchar(40)   NOT NULL UNIQUE, -- this refund at the provider (Midtrans refund_key)
    next_inquiry_at    timestamptz,
    inquiries          integer       NOT NULL DEFAULT 0,
    created_at         timestamptz   NOT NULL,
    updated_at         timestamptz   NOT NULL,
    decided_at         timestamptz,
    CONSTRAINT refund_merchant_refund_id UNIQUE (merchant_id, refund_id)
);
CREATE INDEX refund_payment ON refund (payment_id);
-- undecided refunds are reconciled by inquiry, like payments
CREATE INDEX refund_pending_inquiry ON refund (next_inquiry_at) WHERE status = 'PENDING';

-- Lists (CONTRACT §3b): the merchant's own, newest first, keyset-paginated.
CREATE INDEX payment_merchant_listed ON payment (merchant_id, created_at DESC, id DESC);
CREATE INDEX payment_merchant_status_listed ON payment (merchant_id, status, created_at DESC, id DESC);
CREATE INDEX refund_merchant_listed ON refund (merchant_id, created_at DESC, id DESC);
CREATE INDEX disbursement_merchant_listed ON disbursement (merchant_id, transaction_date DESC, reference_no DESC);

-- The daily transactions report (CONTRACT §3b): every money movement, written in the transaction of the change that
-- moved the money, so the report streams one indexed range and agrees with the lists.
CREATE TABLE money_movement (
    id          bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    merchant_id varchar(64)   NOT NULL,
    occurred_at timestamptz   NOT NULL,
    kind        varchar(24)   NOT NULL CHECK (kind IN ('PAYMENT_CAPTURED', 'REFUND_SUCCEEDED', 'PAYMENT_REVERSED',
                                                      'DISBURSEMENT_PAID', 'DISBURSEMENT_REFUNDED')),
    order_id    varchar(64)   NOT NULL,        -- orderId, or a disbursement's partnerReferenceNo
    reference   varchar(64)   NOT NULL,        -- paymentCode, refundId, or a disbursement's referenceNo
    method      varchar(16),
    amount      numeric(15,2) NOT NULL,
    currency    varchar(3)    NOT NULL,
    status      varchar(20)   NOT NULL
);
CREATE INDEX money_movement_merchant_day ON money_movement (merchant_id, occurred_at, id);

-- The sandbox provider's refunds, decided when they arrive.
CREATE TABLE sandbox_refund (
    reference        varchar(40)   PRIMARY KEY,
    charge_reference varchar(40)   NOT NULL,
    amount           numeric(15,2) NOT NULL,
    succeeded        boolean       NOT NULL,
    status_desc      varchar(255),
    created_at       timestamptz   NOT NULL
);
CREATE INDEX sandbox_refund_charge ON sandbox_refund (charge_reference);

-- Surplus money of a refundable method goes back through the provider (CONTRACT §2a), retried until it answers.
ALTER TABLE payment_surplus ADD COLUMN next_attempt_at timestamptz;
UPDATE payment_surplus SET next_attempt_at = created_at WHERE state = 'REFUND_PENDING';
CREATE INDEX payment_surplus_refund_due ON payment_surplus (next_attempt_at) WHERE state = 'REFUND_PENDING';
