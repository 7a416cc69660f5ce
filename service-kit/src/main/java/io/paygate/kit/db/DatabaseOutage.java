package io.paygate.kit.db;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Tells a failure to reach the database (PostgreSQL stopped, restarting, refusing or dropping connections, the pool
 * waiting {@code quarkus.datasource.jdbc.acquisition-timeout} in vain) from every other failure. The first is answered
 * {@code 503SS00} with {@code Retry-After} and waited out by background work with one warning line; the second stays
 * a {@code 500SS00} incident with its stack trace in the log.
 * <p>
 * Recognised anywhere in the cause chain (Hibernate, Narayana and Quarkus wrap the JDBC failure):
 * <ul>
 *     <li>{@link SQLTransientConnectionException}, {@link SQLNonTransientConnectionException};</li>
 *     <li>an {@link SQLException} whose SQLState is of class {@code 08} (connection exception: refused, broken,
 *     closed), or {@code 57P01}–{@code 57P03} (the server is shutting down or not yet accepting connections);</li>
 *     <li>Agroal's acquisition timeout: an {@link SQLException} caused by a {@link TimeoutException}.</li>
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
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.size() < MAX_DEPTH && seen.put(t, Boolean.TRUE) == null;
             t = t.getCause()) {
            if (t instanceof SQLException sql && unreachable(sql)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A short description for a log line: the SQLState and message of the JDBC failure that said the database could
     * not be reached (a connection error never carries a statement or its values).
     */
    public static String describe(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.size() < MAX_DEPTH && seen.put(t, Boolean.TRUE) == null;
             t = t.getCause()) {
            if (t instanceof SQLException sql && unreachable(sql)) {
                String message = String.valueOf(sql.getMessage());
                int end = message.indexOf('\n');
                message = end >= 0 ? message.substring(0, end) : message;
                return (sql.getSQLState() == null ? "" : "SQLState " + sql.getSQLState() + ": ")
                        + (message.length() > 200 ? message.substring(0, 200) : message);
            }
        }
        return String.valueOf(failure);
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
