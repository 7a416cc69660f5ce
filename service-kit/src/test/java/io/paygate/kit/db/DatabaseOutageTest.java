package io.paygate.kit.db;

import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeoutException;

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
