-- An authentic event of a merchant this service did not know (yet) when it was consumed: merchant-config's follower
-- can be a moment behind payment-service for a merchant just made. Kept as consumed (the record's value and its
-- paygate-signature header, checked again when it is posted) until the merchant is known, then posted through the
-- same path as a consumed record and deleted in that transaction (events.ParkedEvents). Once per event id, like
-- posted_event; never for an event already posted.
CREATE TABLE parked_event (
    event_id        UUID        PRIMARY KEY,
    topic           VARCHAR(64) NOT NULL,
    kafka_partition INT         NOT NULL,
    kafka_offset    BIGINT      NOT NULL,
    merchant_id     TEXT        NOT NULL,
    value           TEXT        NOT NULL,
    signature       TEXT        NOT NULL,
    parked_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- re-posts that failed although the merchant was known (each logged)
    attempts        INT         NOT NULL DEFAULT 0,
    -- when the WARN "parked for long" was logged for it (once, at any number of replicas)
    warned_at       TIMESTAMPTZ
);
CREATE INDEX parked_event_merchant ON parked_event (merchant_id, parked_at);
