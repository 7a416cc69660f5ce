-- service-kit: SNAP BI request bookkeeping (docs/contract.md §9), in every service's own database, shared by its replicas.
-- A repeatable migration, so that databases migrated before it need no out-of-order versioned one: it runs after the
-- versioned migrations and again whenever this file changes, so every statement here must stay idempotent
-- (IF NOT EXISTS), and a change to a table is a new statement below, never an edit of one above.

-- X-EXTERNAL-ID, unique per merchant per day (the day in gateway.timezone): one row per id claimed (kit.snap.
-- SnapExternalIds), by INSERT ... ON CONFLICT DO NOTHING; days older than gateway.snap.external-id-days are deleted.
CREATE TABLE IF NOT EXISTS snap_external_id (
    merchant_id varchar(100) NOT NULL,
    day         date         NOT NULL,
    external_id varchar(36)  NOT NULL,
    claimed_at  timestamptz  NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (merchant_id, day, external_id)
);
CREATE INDEX IF NOT EXISTS snap_external_id_by_day ON snap_external_id (day);

-- partnerReferenceNo idempotency (kit.snap.SnapIdempotency): the first request's body hash (SHA-256 of the minified
-- body) and, once it is answered, its reply; the same reference with the same body gets the same reply, with another
-- body 409xx01. A row without a reply is a request in flight (or one whose replica died: after
-- gateway.snap.idempotency-lease it may be claimed again). Kept as long as the payments they created.
CREATE TABLE IF NOT EXISTS snap_idempotency (
    merchant_id          varchar(100) NOT NULL,
    service_code         char(2)      NOT NULL,
    partner_reference_no varchar(64)  NOT NULL,
    request_hash         char(64)     NOT NULL,
    claimed_at           timestamptz  NOT NULL,
    reply_status         smallint,
    reply_body           text,
    PRIMARY KEY (merchant_id, service_code, partner_reference_no)
);
