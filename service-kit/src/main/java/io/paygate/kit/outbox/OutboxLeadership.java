package io.paygate.kit.outbox;

import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Which replica runs the relay: the one whose database session holds the session-level advisory lock
 * {@code (CLASS_ID, 'outbox_event'::regclass)}: one per outbox table, so services sharing a database (schemas
 * apart) each have their own leader. The session is a connection of its own, opened beside the pool (a pooled
 * connection handed back with the lock still held would keep every replica from leading): the leader runs its rounds
 * and LISTENs for {@code outbox_event} (the NOTIFY a replica's {@link CommitNotifier} sends after commits that wrote
 * events) on it.
 *
 * <p>Leadership ends with the session: the leader stops (the connection is closed), its process dies (the kernel
 * closes the socket), the database restarts, or the session stays silent longer than {@code idle_session_timeout},
 * which the leader sets on its session (PostgreSQL 14 and later) so that a leader frozen or cut off from the
 * database loses the lock even where the server would not notice a dead peer for hours. A replica that is not leading
 * tries the lock every {@code leader-check-interval}. Any SQL error on the session ends leadership on this side
 * too: the connection is closed and the lock contested again. The session must be a real one: a pooler in
 * transaction mode (PgBouncer) between the services and PostgreSQL would break the lock and LISTEN.
 */
final class OutboxLeadership implements AutoCloseable {

    /** First half of the advisory lock key: "paygate outbox" (the second half is the table's oid). */
    static final int CLASS_ID = 0x0CB0_0001;
    static final String CHANNEL = "outbox_event";
    private static final Logger LOG = Logger.getLogger(OutboxLeadership.class);

    private final LeaderConnections connections;
    private final String name;
    private final Duration idleTimeout;
    private Connection session;
    private boolean leading;

    OutboxLeadership(LeaderConnections connections, String name, Duration idleTimeout) {
        this.connections = connections;
        this.name = name;
        this.idleTimeout = idleTimeout;
    }

    boolean isLeading() {
        return leading;
    }

    /** The leader's session: where the rounds run (a lost session fails them, so no stale leader marks rows). */
    Connection session() {
        return session;
    }

    /**
     * Takes the lock when it is free (opening the session first when there is none).
     *
     * @return whether this replica leads now
     */
    boolean tryLead() throws SQLException {
        if (leading) {
            return true;
        }
        if (session == null) {
            session = connections.open();
            session.setAutoCommit(true);
            try (Statement s = session.createStatement()) {
                s.execute("SET idle_session_timeout = " + idleTimeout.toMillis());
            } catch (SQLException olderThan14) {
                LOG.debugf("outbox: idle_session_timeout not set (%s)", olderThan14.getMessage());
            }
        }
        try (Statement s = session.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_try_advisory_lock(" + CLASS_ID + ", 'outbox_event'::regclass::oid::int)")) {
            rs.next();
            leading = rs.getBoolean(1);
        }
        if (leading) {
            try (Statement s = session.createStatement()) {
                s.execute("LISTEN " + CHANNEL);
            }
            LOG.infof("outbox: %s leads the relay", name);
        }
        return leading;
    }

    /**
     * Waits up to {@code timeout} for a commit that wrote events (a NOTIFY) or a local {@code wake}. Cheap: reads
     * the socket, sends nothing.
     */
    void awaitWork(Duration timeout, Semaphore wakeups) throws SQLException, InterruptedException {
        PGConnection pg = session.unwrap(PGConnection.class);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (wakeups.tryAcquire()) {
                wakeups.drainPermits();
                return;
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return;
            }
            PGNotification[] notifications = pg.getNotifications((int) Math.min(left, 200));
            if (notifications != null && notifications.length > 0) {
                return;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    /** Ends leadership on this side: closes the session, which releases the lock and the LISTEN. */
    @Override
    public void close() {
        if (leading) {
            LOG.infof("outbox: %s no longer leads the relay", name);
        }
        leading = false;
        if (session != null) {
            try {
                session.close();
            } catch (SQLException e) {
                LOG.debugf("outbox: closing the leader session failed (%s)", e.getMessage());
            }
            session = null;
        }
    }

    /** Opens the leader's own session (beside the pool). */
    @FunctionalInterface
    interface LeaderConnections {
        Connection open() throws SQLException;
    }
}
