package io.paygate.kit.db;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.PersistenceException;
import org.hibernate.exception.ConstraintViolationException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * "Create it unless it exists" under concurrency: a unique index decides, and the loser of a race reads the
 * winner's row. Used for idempotent creates (a binding per customer and source, a transfer per partner reference).
 * {@link #violates} tells which index refused a row, for a race whose loser is refused rather than answered with the
 * winner's row (one open SNAP virtual account per number).
 */
public final class Unique {

    /** PostgreSQL's SQLSTATE for a unique violation. */
    private static final String UNIQUE_VIOLATION = "23505";

    private Unique() {
    }

    /**
     * Runs {@code findOrCreate} in a new transaction; when it loses a race on a unique index, runs {@code find} in
     * another, which must then find the row the winner committed.
     */
    public static <T> T findOrCreate(Supplier<T> findOrCreate, Supplier<T> find) {
        try {
            return QuarkusTransaction.requiringNew().call(findOrCreate::get);
        } catch (PersistenceException e) {
            if (!isUniqueViolation(e)) {
                throw e;
            }
            return QuarkusTransaction.requiringNew().call(find::get);
        }
    }

    /**
     * Whether {@code e}, or one of its causes, is PostgreSQL refusing a row for unique index or constraint
     * {@code constraint} (through Hibernate or straight from the driver).
     */
    public static boolean violates(Throwable e, String constraint) {
        return violated(e, constraint::equals);
    }

    static boolean isUniqueViolation(Throwable e) {
        return violated(e, constraint -> true);
    }

    /** The one walk of the cause chain: a unique violation whose constraint's name {@code which} accepts. */
    private static boolean violated(Throwable e, Predicate<String> which) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConstraintViolationException cve && UNIQUE_VIOLATION.equals(cve.getSQLState())
                    && which.test(cve.getConstraintName())) {
                return true;
            }
            if (t instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())
                    && which.test(constraintOf(sql))) {
                return true;
            }
        }
        return false;
    }

    private static String constraintOf(SQLException e) {
        ServerErrorMessage message = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
        return message == null ? null : message.getConstraint();
    }
}
