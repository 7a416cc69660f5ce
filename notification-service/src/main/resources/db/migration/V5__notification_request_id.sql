-- CONTRACT §0 "Request ids": the X-Request-Id of the request that caused the notification's event (null for events
-- of scheduled work and events written before request ids), so every log line of its delivery attempts carries it.
ALTER TABLE notification ADD COLUMN IF NOT EXISTS request_id varchar(64);
