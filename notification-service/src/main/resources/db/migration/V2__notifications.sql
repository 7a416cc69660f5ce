-- notification-service (CONTRACT §6): where merchants want disbursement and binding notifications, one row per
-- notification (built from one event, retried in place) and one row per delivery attempt.

CREATE TABLE merchant_callbacks (
    merchant_id               varchar(64)   PRIMARY KEY,
    disbursement_callback_url varchar(2048),
    binding_callback_url      varchar(2048),
    updated_at                timestamptz   NOT NULL
);

CREATE TABLE notification (
    id               uuid          PRIMARY KEY,                        -- webhook-id: stable across attempts
    position         bigint        GENERATED ALWAYS AS IDENTITY UNIQUE, -- list order and cursor
    event_id         uuid          NOT NULL UNIQUE,                     -- one notification per event
    merchant_id      varchar(64)   NOT NULL,
    type             varchar(16)   NOT NULL CHECK (type IN ('payment', 'disbursement', 'binding')),
    resource_id      varchar(64)   NOT NULL,                            -- paymentCode, bindingId, referenceNo
    sequence         bigint        NOT NULL,                            -- the event's per-resource sequence
    status           varchar(16)   NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED', 'OBSOLETE')),
    callback_url     varchar(2048),                                     -- payment: url.callbackUrl; else registered
    payload          text          NOT NULL,                            -- the body without signature
    attempts         integer       NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz,                                       -- due, or lease end while claimed
    claim_token      uuid,                                              -- set while an instance holds the lease
    redelivery_of    varchar(16),                                       -- status to return to if a redelivery fails
    last_attempt_at  timestamptz,
    last_http_status integer,
    last_error       varchar(500),
    occurred_at      timestamptz   NOT NULL,
    created_at       timestamptz   NOT NULL,
    delivered_at     timestamptz
);

CREATE INDEX notification_due ON notification (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX notification_resource ON notification (merchant_id, type, resource_id, sequence);
CREATE INDEX notification_merchant_position ON notification (merchant_id, position);

CREATE TABLE notification_attempt (
    id              bigint        GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    notification_id uuid          NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
    number          integer       NOT NULL,
    attempted_at    timestamptz   NOT NULL,
    duration_ms     integer       NOT NULL,
    http_status     integer,
    error           varchar(500),
    reply           text                                                -- the first 1 KiB of the reply body
);

CREATE INDEX notification_attempt_notification ON notification_attempt (notification_id, id);
