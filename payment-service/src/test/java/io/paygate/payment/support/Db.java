package io.paygate.payment.support;

import io.agroal.api.AgroalDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct SQL on the service's database, for arranging states the API cannot reach quickly and for checks. */
public final class Db {

    private final AgroalDataSource dataSource;

    public Db(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public int update(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of the first row, as a string (null when no row). */
    public String value(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of every row, as strings. */
    public java.util.List<String> values(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            java.util.List<String> out = new java.util.ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public int count(String sql, Object... args) {
        return Integer.parseInt(value(sql, args));
    }

    /** Moves the payment's link expiry into the past. */
    public void expireLink(String paymentCode) {
        update("UPDATE payment SET expires_at = now() - interval '1 second' WHERE payment_code = ?", paymentCode);
    }

    public String statusOf(String paymentCode) {
        return value("SELECT status FROM payment WHERE payment_code = ?", paymentCode);
    }

    public int chargesOf(String paymentCode) {
        return count("SELECT count(*) FROM sandbox_charge WHERE payment_code = ?", paymentCode);
    }

    /**
     * Until the handle is closed, the sandbox provider fails inside its own transaction (a real outage, not a refusal)
     * whenever it records a charge whose {@code sandbox_charge} row matches {@code condition} (SQL on {@code NEW}).
     */
    public Undo sandboxOutageWhen(String condition) {
        update("""
                CREATE OR REPLACE FUNCTION sandbox_outage() RETURNS trigger AS $$
                BEGIN RAISE EXCEPTION 'sandbox provider outage'; END $$ LANGUAGE plpgsql""");
        update("CREATE TRIGGER sandbox_outage BEFORE INSERT ON sandbox_charge FOR EACH ROW WHEN (" + condition
                + ") EXECUTE FUNCTION sandbox_outage()");
        return () -> update("DROP TRIGGER sandbox_outage ON sandbox_charge");
    }

    /**
     * Until the handle is closed, every insert of a payment whose SNAP virtual account number (spaces removed) is
     * {@code number} waits a third of a second before its row is written: concurrent creates of one number all pass
     * any check made before their insert, so that only a database constraint can tell them apart.
     */
    public Undo slowInsertsOfVirtualAccount(String number) {
        if (!number.matches("[0-9]{1,28}")) {
            throw new IllegalArgumentException("not a number: " + number);
        }
        update("""
                CREATE OR REPLACE FUNCTION slow_insert() RETURNS trigger AS $$
                BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$ LANGUAGE plpgsql""");
        String trigger = "slow_insert_" + number;
        update("CREATE TRIGGER " + trigger + " BEFORE INSERT ON payment FOR EACH ROW WHEN "
                + "(replace(NEW.snap_virtual_account_no, ' ', '') = '" + number + "') EXECUTE FUNCTION slow_insert()");
        return () -> update("DROP TRIGGER " + trigger + " ON payment");
    }

    /** What a test arranged in the database, undone when closed. */
    public interface Undo extends AutoCloseable {
        @Override
        void close();
    }

    private static void bind(PreparedStatement s, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
    }
}
