-- Issue 16: the claim leases a row only when no other row of its resource (merchant, type, resource id) holds a claim
-- token (an attempt in flight, or its result not yet recorded); DeliveryClaim. The rows with a token are few
-- (at most the attempts in flight of all instances), so this partial index keeps that check as cheap as one probe
-- whatever the backlog, and gives the planner no reason to look for them by scanning the table. (Not CONCURRENTLY:
-- Flyway holds a transaction of its own while migrating, which CREATE INDEX CONCURRENTLY would wait for forever.)
CREATE INDEX notification_held ON notification (merchant_id, type, resource_id) WHERE claim_token IS NOT NULL;
