package io.paygate.kit.db;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.persistence.PersistenceException;
import org.hibernate.exception.ConstraintViolationException;

import java.util.function.Supplier;

/**
 * "Create it unless it exists" under concurrency: a unique index decides, and the loser of a race reads the
 * winner's row. Used for idempotent creates (a binding per customer and source, a transfer per partner reference).
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

    static boolean isUniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConstraintViolationException cve && UNIQUE_VIOLATION.equals(cve.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
