-- merchant-service (CONTRACT §10): the merchant registry, the company codes that belong to one merchant each, and the
-- append-only audit trail. Every secret is stored sealed (AES-256-GCM, common-model's SecretSealer) as
-- '<key id>:<base64 of nonce, ciphertext and tag>', never in clear. service-kit's migrations add outbox_event.
CREATE TABLE merchant (
    id                                   varchar(32)   PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,32}$'),
    name                                 varchar(100)  NOT NULL,
    status                               varchar(10)   NOT NULL CHECK (status IN ('ACTIVE', 'SUSPENDED')),
    suspended_reason                     varchar(255),
    suspended_at                         timestamptz,
    provider                             varchar(16)   NOT NULL,
    currency                             varchar(3)    NOT NULL,
    methods                              text[]        NOT NULL DEFAULT '{}',
    ip_allowlist                         text[]        NOT NULL DEFAULT '{}',
    rate_limit_per_second                integer,
    rate_limit_burst                     integer,
    fees                                 text,          -- JSON, as validated (CONTRACT §12)
    settlement_delay_days                integer,
    client_secret                        text          NOT NULL,
    client_secret_previous               text,
    client_secret_previous_expires_at    timestamptz,
    client_secret_rotated_at             timestamptz,
    notification_secret                  text          NOT NULL,
    notification_secret_previous         text,
    notification_secret_previous_expires_at timestamptz,
    notification_secret_rotated_at       timestamptz,
    notification_secret_activated        boolean,
    midtrans_server_key                  text,
    midtrans_client_key                  varchar(256),
    midtrans_base_url                    varchar(256),
    snap_client_key                      varchar(64),
    snap_public_key                      text,
    snap_previous_public_key             text,
    snap_previous_public_key_expires_at  timestamptz,
    snap_partner_service_ids             text[]        NOT NULL DEFAULT '{}',
    -- The gateway's signing keys of the merchant's SNAP notifications: the private halves sealed, the public ones
    -- kept beside them in clear (they are published).
    snap_signing_key                     text,
    snap_signing_public_key              text,
    snap_previous_signing_key            text,
    snap_previous_signing_public_key     text,
    snap_next_signing_key                text,
    snap_next_signing_public_key         text,
    snap_next_signing_key_activate_at    timestamptz,
    -- The merchant's state's version: +1 with every change, under the row lock; merchant-config's sequence.
    version                              bigint        NOT NULL,
    created_at                           timestamptz   NOT NULL,
    updated_at                           timestamptz   NOT NULL
);

-- A SNAP client key names one merchant (CONTRACT §9).
CREATE UNIQUE INDEX merchant_snap_client_key ON merchant (snap_client_key) WHERE snap_client_key IS NOT NULL;
-- The operator list's status filter, by id.
CREATE INDEX merchant_status_id ON merchant (status, id);

-- Company codes (CONTRACT §9: "Virtual account numbers belong to one merchant"): one row per code, so the database, not
-- a check before the write, decides that no two merchants hold one. Kept in step with merchant.snap_partner_service_ids
-- in the change's transaction.
CREATE TABLE merchant_company_code (
    code        varchar(8)   PRIMARY KEY CHECK (length(code) = 8 AND code ~ '^ *[0-9]+$'),
    merchant_id varchar(32)  NOT NULL REFERENCES merchant (id)
);
CREATE INDEX merchant_company_code_merchant ON merchant_company_code (merchant_id);

-- The audit trail (CONTRACT §10): one row per change, written in the change's own transaction; never a secret value,
-- only member names. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
CREATE TABLE merchant_audit (
    id              bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at              timestamptz   NOT NULL,
    actor           varchar(100)  NOT NULL,
    action          varchar(40)   NOT NULL,
    merchant_id     varchar(32)   NOT NULL REFERENCES merchant (id),
    request_id      varchar(64),
    source_address  varchar(64),
    changed         text[]        NOT NULL DEFAULT '{}'
);
CREATE INDEX merchant_audit_merchant ON merchant_audit (merchant_id, id DESC);
CREATE INDEX merchant_audit_actor ON merchant_audit (actor, id DESC);
CREATE INDEX merchant_audit_at ON merchant_audit (at DESC, id DESC);

CREATE FUNCTION merchant_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'merchant_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER merchant_audit_no_change BEFORE UPDATE OR DELETE ON merchant_audit
    FOR EACH ROW EXECUTE FUNCTION merchant_audit_append_only();
CREATE TRIGGER merchant_audit_no_truncate BEFORE TRUNCATE ON merchant_audit
    FOR EACH STATEMENT EXECUTE FUNCTION merchant_audit_append_only();
