package io.paygate.ledger.books;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;

/**
 * The double-entry books (docs/contract.md §12) over JDBC, inside the caller's transaction. A merchant's accounts are
 * locked together, in one fixed order (by id), before anything of that merchant is posted or checked: a capture, a
 * hold, a settlement run and an opening balance of one merchant take their turns at any number of replicas, and never
 * deadlock. The balance of an account moves only with a line (the database's trigger), and every entry's lines sum to
 * zero (the database's deferred check).
 */
@ApplicationScoped
public class Books {

    private static final String[] NAMES = Arrays.stream(Account.values()).map(Account::column).toArray(String[]::new);

    private final AgroalDataSource dataSource;

    Books(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The transaction's connection (call inside {@code @Transactional}; close it when done, the transaction stays). */
    public Connection connection() {
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw new IllegalStateException("no database connection", e);
        }
    }

    /** Locks every account of the merchant (making the missing ones) until the transaction ends. */
    public Balances lock(Connection c, String merchantId) throws SQLException {
        Balances locked = select(c, merchantId);
        if (locked.complete()) {
            return locked;
        }
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO account (merchant_id, name) SELECT ?, unnest(?::varchar[]) ON CONFLICT DO NOTHING")) {
            insert.setString(1, merchantId);
            insert.setArray(2, c.createArrayOf("varchar", NAMES));
            insert.executeUpdate();
        }
        return select(c, merchantId);
    }

    private static Balances select(Connection c, String merchantId) throws SQLException {
        Balances balances = new Balances();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT id, name, balance FROM account WHERE merchant_id = ? ORDER BY id FOR UPDATE")) {
            ps.setString(1, merchantId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    for (Account account : Account.values()) {
                        if (account.column().equals(rs.getString(2))) {
                            balances.put(account, rs.getLong(1), rs.getBigDecimal(3));
                        }
                    }
                }
            }
        }
        return balances;
    }

    /**
     * Posts the entry and its lines on the locked accounts, unless its event or key was posted before.
     *
     * @return whether it was posted now
     */
    public boolean post(Connection c, Balances accounts, Posting posting) throws SQLException {
        long entry;
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO entry (merchant_id, type, reference, event_id, idempotency_key, at)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id""")) {
            ps.setString(1, posting.merchantId());
            ps.setString(2, posting.kind());
            ps.setString(3, posting.reference());
            ps.setObject(4, posting.eventId());
            ps.setString(5, posting.key());
            ps.setTimestamp(6, Timestamp.from(posting.at()));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                entry = rs.getLong(1);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO line (entry_id, account_id, merchant_id, account, type, reference, amount, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Posting.Line line : posting.lines()) {
                ps.setLong(1, entry);
                ps.setLong(2, accounts.id(line.account()));
                ps.setString(3, posting.merchantId());
                ps.setString(4, line.account().column());
                ps.setString(5, line.type().name());
                ps.setString(6, posting.reference());
                ps.setBigDecimal(7, line.amount());
                ps.setTimestamp(8, Timestamp.from(posting.at()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return true;
    }
}
