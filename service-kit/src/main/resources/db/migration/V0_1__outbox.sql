-- service-kit: the transactional outbox (CONTRACT §7). A state change and its event commit together; the relay
-- publishes rows in position order and marks them. Shipped by service-kit so every producer has the same table.
CREATE TABLE outbox_event (
    id               uuid          PRIMARY KEY,          -- the event's eventId
    position         bigint        GENERATED ALWAYS AS IDENTITY UNIQUE,
    topic            varchar(100)  NOT NULL,
    msg_key          varchar(200)  NOT NULL,
    payload          text          NOT NULL,
    created_at       timestamptz   NOT NULL,
    published_at     timestamptz,
    publish_attempts integer       NOT NULL DEFAULT 0,
    last_error       varchar(500)
);

CREATE INDEX outbox_event_unpublished ON outbox_event (position) WHERE published_at IS NULL;
CREATE INDEX outbox_event_published_at ON outbox_event (published_at) WHERE published_at IS NOT NULL;
