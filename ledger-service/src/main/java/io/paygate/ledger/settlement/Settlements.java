package io.paygate.ledger.settlement;

import io.paygate.kit.error.ApiException;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Amounts;
import io.paygate.ledger.books.Balances;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.paygate.model.api.ledger.SettlementView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Settlement (docs/contract.md §12): each merchant's captures whose settlement date is on or before {@code asOf} move
 * from pending to available in one settlement of that merchant and day. The amount moved is their net less the refunds
 * that were debited to pending while they were unsettled. Per merchant, under its account lock (so a payout or a
 * capture of that merchant waits for it, and two runs at two replicas take turns); a settlement of that merchant and
 * day that exists already settles nothing (the unique (merchant, date) holds that even across runs).
 */
@ApplicationScoped
public class Settlements {

    private final Books books;
    private final Clock clock = Clock.systemUTC();

    Settlements(Books books) {
        this.books = books;
    }

    /** The merchants with captures to settle by {@code asOf}. */
    @Transactional
    public List<String> merchantsToSettle(LocalDate asOf) {
        List<String> ids = new ArrayList<>();
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT DISTINCT merchant_id FROM capture WHERE settlement_id IS NULL AND settlement_date <= ?")) {
            ps.setDate(1, Date.valueOf(asOf));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("captures to settle not read", e);
        }
        return ids;
    }

    /** Settles {@code merchantId}'s captures due by {@code asOf}, in a transaction of its own; the settlement made. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Optional<SettlementView> settle(String merchantId, LocalDate asOf) {
        try (Connection c = books.connection()) {
            Balances accounts = books.lock(c, merchantId);
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT 1 FROM settlement WHERE merchant_id = ? AND date = ?")) {
                ps.setString(1, merchantId);
                ps.setDate(2, Date.valueOf(asOf));
                if (ps.executeQuery().next()) {
                    return Optional.empty();
                }
            }
            String id = "STL-" + UUID.randomUUID();
            int count;
            try (PreparedStatement ps = c.prepareStatement("""
                    UPDATE capture SET settlement_id = ?
                    WHERE merchant_id = ? AND settlement_id IS NULL AND settlement_date <= ?""")) {
                ps.setString(1, id);
                ps.setString(2, merchantId);
                ps.setDate(3, Date.valueOf(asOf));
                count = ps.executeUpdate();
            }
            if (count == 0) {
                return Optional.empty();
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    UPDATE refund r SET settlement_id = ? FROM capture p
                    WHERE r.merchant_id = ? AND r.account = 'pending' AND r.settlement_id IS NULL
                      AND p.merchant_id = r.merchant_id AND p.payment_code = r.payment_code AND p.settlement_id = ?""")) {
                ps.setString(1, id);
                ps.setString(2, merchantId);
                ps.setString(3, id);
                ps.executeUpdate();
            }
            BigDecimal gross;
            BigDecimal fees;
            BigDecimal vat;
            BigDecimal net;
            BigDecimal refunds;
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT sum(gross), sum(fee), sum(vat), sum(net),
                           (SELECT coalesce(sum(amount), 0) FROM refund WHERE merchant_id = ? AND settlement_id = ?)
                    FROM capture WHERE merchant_id = ? AND settlement_id = ?""")) {
                ps.setString(1, merchantId);
                ps.setString(2, id);
                ps.setString(3, merchantId);
                ps.setString(4, id);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    gross = rs.getBigDecimal(1);
                    fees = rs.getBigDecimal(2);
                    vat = rs.getBigDecimal(3);
                    net = rs.getBigDecimal(4);
                    refunds = rs.getBigDecimal(5);
                }
            }
            Instant now = clock.instant();
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO settlement (id, merchant_id, date, count, gross, fees, vat, net, refunds, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, id);
                ps.setString(2, merchantId);
                ps.setDate(3, Date.valueOf(asOf));
                ps.setInt(4, count);
                ps.setBigDecimal(5, gross);
                ps.setBigDecimal(6, fees);
                ps.setBigDecimal(7, vat);
                ps.setBigDecimal(8, net);
                ps.setBigDecimal(9, refunds);
                ps.setTimestamp(10, Timestamp.from(now));
                ps.executeUpdate();
            }
            BigDecimal moved = net.subtract(refunds);
            books.post(c, accounts, Posting.once(merchantId, "SETTLEMENT", id, "settlement:" + id, now)
                    .line(Account.PENDING, TxType.SETTLEMENT, moved.negate())
                    .line(Account.AVAILABLE, TxType.SETTLEMENT, moved));
            return Optional.of(new SettlementView(id, asOf.toString(), count, Amounts.text(gross),
                    Amounts.text(fees), Amounts.text(vat), Amounts.text(net)));
        } catch (SQLException e) {
            throw new IllegalStateException("settlement of " + merchantId + " not made", e);
        }
    }

    /** The merchant's settlements dated from {@code from} to {@code to} (both included, either may be null). */
    @Transactional
    public List<SettlementView> list(String merchantId, LocalDate from, LocalDate to) {
        List<SettlementView> list = new ArrayList<>();
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement("""
                SELECT id, date, count, gross, fees, vat, net FROM settlement
                WHERE merchant_id = ? AND date >= coalesce(?, date) AND date <= coalesce(?, date)
                ORDER BY date, id LIMIT 1000""")) {
            ps.setString(1, merchantId);
            ps.setDate(2, from == null ? null : Date.valueOf(from));
            ps.setDate(3, to == null ? null : Date.valueOf(to));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    list.add(new SettlementView(rs.getString(1), rs.getDate(2).toLocalDate().toString(), rs.getInt(3),
                            Amounts.text(rs.getBigDecimal(4)), Amounts.text(rs.getBigDecimal(5)),
                            Amounts.text(rs.getBigDecimal(6)), Amounts.text(rs.getBigDecimal(7))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("settlements of " + merchantId + " not read", e);
        }
        return list;
    }

    /** The captures of one of the merchant's settlements, or 404 (unknown and another merchant's alike). */
    @Transactional
    public List<String[]> reportRows(String merchantId, String settlementId, java.time.ZoneId zone) {
        List<String[]> rows = new ArrayList<>();
        try (Connection c = books.connection()) {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT 1 FROM settlement WHERE id = ? AND merchant_id = ?")) {
                ps.setString(1, settlementId);
                ps.setString(2, merchantId);
                if (!ps.executeQuery().next()) {
                    throw ApiException.notFound();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT order_id, method, captured_at, gross, fee, vat, net FROM capture
                    WHERE merchant_id = ? AND settlement_id = ? ORDER BY captured_at, payment_code""")) {
                ps.setString(1, merchantId);
                ps.setString(2, settlementId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new String[] {rs.getString(1), rs.getString(2),
                                java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                                        rs.getTimestamp(3).toInstant().atZone(zone)),
                                Amounts.text(rs.getBigDecimal(4)), Amounts.text(rs.getBigDecimal(5)),
                                Amounts.text(rs.getBigDecimal(6)), Amounts.text(rs.getBigDecimal(7))});
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("settlement report not read", e);
        }
        return rows;
    }
}
