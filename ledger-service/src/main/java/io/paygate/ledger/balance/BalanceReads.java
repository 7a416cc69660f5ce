package io.paygate.ledger.balance;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.rest.ListCursors;
import io.paygate.kit.rest.ListQuery;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Amounts;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.TxType;
import io.paygate.model.api.ledger.BalanceView;
import io.paygate.model.api.ledger.LedgerTransaction;
import io.paygate.model.api.ledger.LedgerTransactionList;
import io.paygate.model.error.ResponseCode;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a merchant reads of its money (docs/contract.md §12): its balances, and its transactions newest first with the
 * filters and keyset cursors of §3b's lists ({@code from}/{@code to} ISO-8601 with offset, {@code limit} 1–200, a
 * cursor bound to this list and merchant).
 */
@ApplicationScoped
public class BalanceReads {

    static final String LIST = "balance-transactions";

    private final Books books;
    private final ListCursors cursors;
    private final ZoneId zone;

    BalanceReads(Books books, ListCursors cursors, GatewayConfig gateway) {
        this.books = books;
        this.cursors = cursors;
        this.zone = gateway.timezone();
    }

    public BalanceView balance(String merchantId, String currency) {
        Map<Account, BigDecimal> balances = new EnumMap<>(Account.class);
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT name, balance FROM account WHERE merchant_id = ?")) {
            ps.setString(1, merchantId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    for (Account account : Account.values()) {
                        if (account.column().equals(rs.getString(1))) {
                            balances.put(account, rs.getBigDecimal(2));
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("balance of " + merchantId + " not read", e);
        }
        return new BalanceView(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                text(balances, Account.AVAILABLE), text(balances, Account.PENDING), text(balances, Account.HELD),
                currency);
    }

    private static String text(Map<Account, BigDecimal> balances, Account account) {
        return Amounts.text(balances.getOrDefault(account, BigDecimal.ZERO));
    }

    public LedgerTransactionList transactions(String merchantId, String type, String from, String to, String limit,
                                              String cursor) {
        if (type != null && java.util.Arrays.stream(TxType.values()).noneMatch(t -> t.name().equals(type))) {
            throw ApiException.invalidFormat("type");
        }
        ListQuery query = ListQuery.of(from, to, limit);
        int size = query.limit();
        Instant start = query.from();
        Instant end = query.to();
        Optional<ListCursors.Position> after = cursors.read(LIST, merchantId, cursor);
        long afterId = after.map(p -> id(p.id())).orElse(Long.MAX_VALUE);
        StringBuilder sql = new StringBuilder("""
                SELECT id, type, reference, account, amount, balance_after, at FROM line
                WHERE merchant_id = ? AND account IN ('pending', 'available', 'held')""");
        List<Object> args = new ArrayList<>(List.of(merchantId));
        if (type != null) {
            sql.append(" AND type = ?");
            args.add(type);
        }
        if (start != null) {
            sql.append(" AND at >= ?");
            args.add(Timestamp.from(start));
        }
        if (end != null) {
            sql.append(" AND at < ?");
            args.add(Timestamp.from(end));
        }
        if (after.isPresent()) {
            sql.append(" AND (at, id) < (?, ?)");
            args.add(Timestamp.from(after.get().at()));
            args.add(afterId);
        }
        sql.append(" ORDER BY at DESC, id DESC LIMIT ?");
        args.add(size + 1);
        List<LedgerTransaction> page = new ArrayList<>();
        Instant lastAt = null;
        String lastId = null;
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                int rows = 0;
                while (rs.next()) {
                    if (++rows > size) {
                        break;
                    }
                    Instant at = rs.getTimestamp(7).toInstant();
                    lastAt = at;
                    lastId = Long.toString(rs.getLong(1));
                    page.add(new LedgerTransaction(lastId, rs.getString(2), rs.getString(3), rs.getString(4),
                            Amounts.text(rs.getBigDecimal(5)), Amounts.text(rs.getBigDecimal(6)),
                            DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(at.atZone(zone))));
                }
                String next = rows > size ? cursors.issue(LIST, merchantId, new ListCursors.Position(lastAt, lastId)) : null;
                return new LedgerTransactionList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, page, next);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("transactions of " + merchantId + " not read", e);
        }
    }

    private static long id(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw ApiException.invalidFormat("cursor");
        }
    }
}
