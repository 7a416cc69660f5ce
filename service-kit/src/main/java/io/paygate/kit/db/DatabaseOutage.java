package io.paygate.kit.db;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.transaction.xa.XAException;

/**
 * Tells a failure to reach the database (PostgreSQL stopped, restarting, refusing or dropping connections, the pool
 * waiting {@code quarkus.datasource.jdbc.acquisition-timeout} in vain) from every other failure. The first is answered
 * {@code 503SS00} with {@code Retry-After} and waited out by background work with one warning line; the second stays
 * a {@code 500SS00} incident with its stack trace in the log.
 * <p>
 * Recognised anywhere among the causes and suppressed exceptions (Hibernate, Narayana and Quarkus wrap the JDBC
 * failure; a commit that lost its connection is a {@code RollbackException} with the failure suppressed):
 * <ul>
 *     <li>{@link SQLTransientConnectionException}, {@link SQLNonTransientConnectionException};</li>
 *     <li>an {@link SQLException} whose SQLState is of class {@code 08} (connection exception: refused, broken,
 *     closed), or {@code 57P01}–{@code 57P03} (the server is shutting down or not yet accepting connections);</li>
 *     <li>Agroal's acquisition timeout: an {@link SQLException} caused by a {@link TimeoutException};</li>
 *     <li>an {@link XAException} {@code XAER_RMFAIL} or {@code XA_RBCOMMFAIL} (the transaction manager's word for
 *     it).</li>
 * </ul>
 * A constraint violation, a syntax error or a serialization failure is none of these.
 */
public final class DatabaseOutage {

    /** What a client is told to wait before sending the same request again, in seconds. */
    public static final int RETRY_AFTER_SECONDS = 5;
    private static final int MAX_DEPTH = 32;

    private DatabaseOutage() {
    }

    /** Whether {@code failure}, or anything that caused it, says the database could not be reached. */
    public static boolean isCause(Throwable failure) {
        return find(failure) != null;
    }

    /**
     * A short description for a log line: the SQLState and message of the JDBC failure that said the database could
     * not be reached (a connection error never carries a statement or its values).
     */
    public static String describe(Throwable failure) {
        Throwable found = find(failure);
        if (found instanceof SQLException sql) {
            String message = String.valueOf(sql.getMessage());
            int end = message.indexOf('\n');
            message = end >= 0 ? message.substring(0, end) : message;
            return (sql.getSQLState() == null ? "" : "SQLState " + sql.getSQLState() + ": ")
                    + (message.length() > 200 ? message.substring(0, 200) : message);
        }
        return found != null ? String.valueOf(found) : String.valueOf(failure);
    }

    /**
     * The first failure that says the database could not be reached, looking through causes, suppressed exceptions
     * (Narayana attaches what failed at commit, the resource's own failure, as suppressed to the
     * {@code RollbackException} it throws) and chained SQL exceptions; null when there is none.
     */
    private static Throwable find(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        Deque<Throwable> next = new ArrayDeque<>();
        if (failure != null) {
            next.add(failure);
        }
        while (!next.isEmpty() && seen.size() < MAX_DEPTH) {
            Throwable t = next.poll();
            if (seen.put(t, Boolean.TRUE) != null) {
                continue;
            }
            if (t instanceof SQLException sql && unreachable(sql)) {
                return t;
            }
            if (t instanceof XAException xa && (xa.errorCode == XAException.XAER_RMFAIL
                    || xa.errorCode == XAException.XA_RBCOMMFAIL)) {
                return t; // the resource manager (the database) is unavailable, or a commit lost its connection
            }
            if (t.getCause() != null) {
                next.add(t.getCause());
            }
            next.addAll(Arrays.asList(t.getSuppressed()));
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                next.add(sql.getNextException());
            }
        }
        return null;
    }

    private static boolean unreachable(SQLException e) {
        if (e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException) {
            return true;
        }
        if (e.getCause() instanceof TimeoutException) {
            return true; // Agroal: "Acquisition timeout while waiting for new connection"
        }
        String state = e.getSQLState();
        return state != null && (state.startsWith("08")
                || state.equals("57P01") || state.equals("57P02") || state.equals("57P03"));
    }
}
