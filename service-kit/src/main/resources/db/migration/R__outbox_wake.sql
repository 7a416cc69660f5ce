-- service-kit: the leading relay is no longer woken by a trigger in the writer's transaction (issue 17). A transaction
-- that NOTIFYs takes PostgreSQL's database-wide notification lock at commit, held through its WAL flush, which
-- serialised every commit that wrote an event (16 writers: 6-26 % of their rate). The writing replica now sends one
-- NOTIFY per burst of commits after they commit (kit.outbox.CommitNotifier).
--
-- Repeatable, not V0_4: repeatables run after every versioned migration, so a database that already has the services'
-- V1... takes it without QUARKUS_FLYWAY_OUT_OF_ORDER, and a fresh one after V0_3 created the trigger. Idempotent; it
-- runs again only if this file changes.
DROP TRIGGER IF EXISTS outbox_event_inserted ON outbox_event;
DROP FUNCTION IF EXISTS outbox_event_notify();
