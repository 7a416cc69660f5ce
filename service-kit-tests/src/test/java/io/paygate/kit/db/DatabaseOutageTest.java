package io.paygate.kit.db;

import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeoutException;
import javax.transaction.xa.XAException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatabaseOutageTest {

    @Test
    void connectionFailuresAnywhereInTheChainAreAnOutage() {
        assertTrue(DatabaseOutage.isCause(new SQLException("Connection to 127.0.0.1:5432 refused", "08001")));
        assertTrue(DatabaseOutage.isCause(new SQLException("An I/O error occurred", "08006")));
        assertTrue(DatabaseOutage.isCause(new SQLException("terminating connection due to administrator command",
                "57P01")));
        assertTrue(DatabaseOutage.isCause(new SQLException("the database system is starting up", "57P03")));
        assertTrue(DatabaseOutage.isCause(new SQLTransientConnectionException("pool")));
        // Agroal's acquisition timeout carries no SQLState, only its cause.
        assertTrue(DatabaseOutage.isCause(new SQLException("Acquisition timeout while waiting for new connection",
                new TimeoutException())));
        // As Hibernate and a transaction wrap it.
        assertTrue(DatabaseOutage.isCause(new IllegalStateException("rolled back", new JDBCConnectionException(
                "Unable to acquire JDBC Connection", new SQLException("refused", "08001")))));
    }

    @Test
    void aCommitThatLostItsConnectionIsAnOutage() {
        // Narayana: the commit's RollbackException carries what failed (the flush, the resource) as suppressed.
        Exception rollback = new IllegalStateException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(new JDBCConnectionException("flush", new SQLException("I/O error", "08006")));
        assertTrue(DatabaseOutage.isCause(new RuntimeException("Error invoking subclass method", rollback)));
        assertEquals("SQLState 08006: I/O error", DatabaseOutage.describe(rollback));
        assertTrue(DatabaseOutage.isCause(new RuntimeException(new XAException(XAException.XA_RBCOMMFAIL))));
        assertTrue(DatabaseOutage.isCause(new XAException(XAException.XAER_RMFAIL)));
        SQLException batch = new SQLException("batch entry 0 failed", "22001");
        batch.setNextException(new SQLException("This connection has been closed.", "08003"));
        assertTrue(DatabaseOutage.isCause(batch));
        // A rollback for any other reason is not.
        Exception conflict = new IllegalStateException("rolled back");
        conflict.addSuppressed(new SQLException("duplicate key", "23505"));
        assertFalse(DatabaseOutage.isCause(conflict));
        assertFalse(DatabaseOutage.isCause(new XAException(XAException.XA_RBDEADLOCK)));
    }

    @Test
    void otherDatabaseFailuresAreNot() {
        assertFalse(DatabaseOutage.isCause(new SQLException("duplicate key", "23505")));
        assertFalse(DatabaseOutage.isCause(new SQLException("could not serialize access", "40001")));
        assertFalse(DatabaseOutage.isCause(new SQLException("syntax error", "42601")));
        assertFalse(DatabaseOutage.isCause(new SQLException("no state")));
        assertFalse(DatabaseOutage.isCause(new IllegalStateException("SELECT secret FROM vault")));
        assertFalse(DatabaseOutage.isCause(null));
    }

    @Test
    void describesTheConnectionFailureInOneLine() {
        Exception wrapped = new RuntimeException("outer", new SQLException("Connection refused.\nCheck the host", "08001"));
        assertEquals("SQLState 08001: Connection refused.", DatabaseOutage.describe(wrapped));
    }
}
