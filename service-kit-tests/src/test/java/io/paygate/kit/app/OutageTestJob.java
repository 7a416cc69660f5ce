package io.paygate.kit.app;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.db.OutageTolerant;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** Background work of the test app, run by the test itself (not scheduled): a query, or a failure of another kind. */
@ApplicationScoped
public class OutageTestJob {

    private final AgroalDataSource dataSource;
    private final AtomicInteger completed = new AtomicInteger();

    OutageTestJob(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    @OutageTolerant
    public void query() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("SELECT 1");
        }
        completed.incrementAndGet();
    }

    /** How many queries completed. */
    public int completed() {
        return completed.get();
    }

    @OutageTolerant
    public void failOtherwise() {
        throw new IllegalStateException("not the database");
    }
}
