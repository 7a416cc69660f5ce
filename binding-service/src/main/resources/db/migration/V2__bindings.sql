-- Direct-debit bindings (CONTRACT §4). PENDING → ACTIVE | FAILED; ACTIVE → UNBOUND.
CREATE TABLE binding (
    id                 varchar(40)   PRIMARY KEY,
    merchant_id        varchar(64)   NOT NULL,
    customer_id        varchar(64)   NOT NULL,
    customer_email     varchar(254)  NOT NULL,
    customer_first     varchar(50)   NOT NULL,
    customer_last      varchar(50)   NOT NULL,
    customer_phone     varchar(16)   NOT NULL,
    source_type        varchar(64)   NOT NULL,
    status             varchar(10)   NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'FAILED', 'UNBOUND')),
    otp_attempts       integer       NOT NULL DEFAULT 0,
    expires_at         timestamptz   NOT NULL,
    created_at         timestamptz   NOT NULL,
    updated_at         timestamptz   NOT NULL,
    event_sequence     bigint        NOT NULL DEFAULT 0,
    version            bigint        NOT NULL DEFAULT 0
);

-- One live binding per merchant, customer and source: re-binding returns it (and concurrent binds cannot make two).
CREATE UNIQUE INDEX binding_live ON binding (merchant_id, customer_id, source_type)
    WHERE status IN ('PENDING', 'ACTIVE');
CREATE INDEX binding_pending_expiry ON binding (expires_at) WHERE status = 'PENDING';

-- Why a binding FAILED (EXPIRED, OTP_ATTEMPTS, SIMULATED), so the bank page can say so (expired links answer 410).
ALTER TABLE binding ADD COLUMN failure_reason varchar(20);
