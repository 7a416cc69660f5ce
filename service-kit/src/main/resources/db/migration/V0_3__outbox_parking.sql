-- service-kit: the outbox's per-event retries, parking, and the wake-up of the leading relay (kit.outbox, README).
--
-- publish_attempts now counts only failures that belong to the event itself (record too large, topic not
-- authorized, ...); a broker outage counts nothing. An event that fails gateway.outbox.max-attempts times is parked
-- (parked_at, with last_error) and listed for operators; until then it waits next_attempt_at between tries. Counts
-- left by the previous relay (which counted outages too) start again from zero.
ALTER TABLE outbox_event
    ADD COLUMN parked_at       timestamptz,
    ADD COLUMN next_attempt_at timestamptz;

UPDATE outbox_event SET publish_attempts = 0 WHERE published_at IS NULL;

-- The relay asks, for each event it is about to send, whether an earlier event of the same key is waiting or
-- parked (per-key order): one probe of this index, which holds only unpublished events.
CREATE INDEX outbox_event_pending_key ON outbox_event (topic, msg_key, position) WHERE published_at IS NULL;
CREATE INDEX outbox_event_parked ON outbox_event (position) WHERE parked_at IS NOT NULL AND published_at IS NULL;

-- Every commit that wrote events wakes the leading relay, whichever replica it runs in: NOTIFY is delivered at
-- commit (never for a rolled back transaction), once per transaction, to the connection that LISTENs.
CREATE FUNCTION outbox_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox_event', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER outbox_event_inserted AFTER INSERT ON outbox_event
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_event_notify();
