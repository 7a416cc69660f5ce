package io.paygate.kit.outbox;

import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Tells the leading relay, on whichever replica it runs, that this replica committed events: one
 * {@code NOTIFY outbox_event} per burst of commits, sent by one thread of its own on a connection of its own (beside
 * the pool, autocommit, {@code synchronous_commit = off}).
 *
 * <p>Why not in the writer's transaction: PostgreSQL serialises the commits of transactions that NOTIFY (a
 * database-wide lock on the notification queue, held through the commit's WAL flush), so concurrent writers would
 * wait for each other. Here the writers only set a flag; while a NOTIFY is in flight further signals set it again, so
 * exactly one more follows, never one per row or per commit.
 *
 * <p>Best effort by design: {@link #signal()} never blocks or fails the writer; a failed NOTIFY closes the connection
 * and is retried after a backoff on a new one. A NOTIFY that is lost anyway (the process dies, the database is away)
 * loses no event: the leader's {@code poll-interval} finds the rows, only later.
 */
final class CommitNotifier {

    private static final Logger LOG = Logger.getLogger(CommitNotifier.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);

    private final OutboxLeadership.LeaderConnections connections;
    private final String name;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean running;
    private volatile Thread thread;
    private Connection connection;

    CommitNotifier(OutboxLeadership.LeaderConnections connections, String name) {
        this.connections = connections;
        this.name = name;
    }

    synchronized void start() {
        running = true;
        thread = Thread.ofPlatform().name(name).daemon().start(this::loop);
    }

    synchronized void stop() throws InterruptedException {
        running = false;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            t.join(5_000);
            if (t.isAlive()) {
                t.interrupt(); // a NOTIFY stuck on a dead socket
                t.join(2_000);
            }
            thread = null;
        }
    }

    /** After a commit that wrote events: asks for a NOTIFY. Never blocks. */
    void signal() {
        if (!pending.getAndSet(true)) {
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** NOTIFYs sent so far (the metric {@code paygate.outbox.wake.notifies}). */
    long sent() {
        return sent.get();
    }

    private void loop() {
        int failures = 0;
        while (running) {
            if (!pending.getAndSet(false)) {
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
                continue;
            }
            try {
                notifyOnce();
                sent.incrementAndGet();
                failures = 0;
            } catch (SQLException | RuntimeException e) {
                failures++;
                close();
                pending.set(true); // once more on a new connection: cheaper than waiting for the leader's poll
                long backoff = Math.min(MAX_BACKOFF.toMillis(), FIRST_BACKOFF.toMillis() << Math.min(failures - 1, 8));
                if (failures == 1) {
                    LOG.warnf("outbox: NOTIFY to the leading relay failed (%s); retrying in %d ms (the relay's poll "
                            + "still finds the events)", e.getMessage(), backoff);
                } else {
                    LOG.debugf("outbox: NOTIFY failed again (%s); retrying in %d ms", e.getMessage(), backoff);
                }
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoff);
                while (running && System.nanoTime() < deadline) {
                    LockSupport.parkNanos(deadline - System.nanoTime());
                }
            }
        }
        close();
    }

    private void notifyOnce() throws SQLException {
        if (connection == null) {
            Connection opened = connections.open();
            try (Statement s = opened.createStatement()) {
                opened.setAutoCommit(true);
                s.execute("SET application_name = 'outbox-notifier'");
                // The NOTIFY's own commit waits for no WAL flush: losing it in a crash loses a wake-up, not an event.
                s.execute("SET synchronous_commit = off");
            } catch (SQLException e) {
                opened.close();
                throw e;
            }
            connection = opened;
        }
        try (Statement s = connection.createStatement()) {
            s.execute("NOTIFY " + OutboxLeadership.CHANNEL);
        }
    }

    private void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debugf("outbox: closing the notifier's connection failed (%s)", e.getMessage());
            }
            connection = null;
        }
    }
}
