package io.paygate.payment.reporting;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.ledger.LedgerFact;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.MoneyMovements;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A day's money facts across every merchant, as ledger-service's reconciliation reads them (docs/contract.md §12):
 * captures (reference = paymentCode, the captured amount), succeeded refunds (refundId) and transfers that reached
 * {@code 00} (referenceNo), from the ledger of money movements ({@link MoneyMovements}), oldest first in signed
 * {@code (occurred_at, id)} keyset pages. The day is {@code gateway.timezone}'s.
 */
@ApplicationScoped
public class LedgerFacts {

    private static final String MERCHANTS = "*";
    private static final String PAGE = """
            SELECT id, occurred_at, merchant_id, reference, amount FROM money_movement
            WHERE kind = ? AND occurred_at >= ? AND occurred_at < ? AND (occurred_at, id) > (?, ?)
            ORDER BY occurred_at, id LIMIT ?""";

    private final AgroalDataSource dataSource;
    private final Cursors cursors;
    private final GatewayTime time;

    LedgerFacts(AgroalDataSource dataSource, Cursors cursors, GatewayTime time) {
        this.dataSource = dataSource;
        this.cursors = cursors;
        this.time = time;
    }

    /**
     * One page of the day's facts of {@code kind}, at most {@code limit}, after {@code cursor} (null: the first page).
     *
     * @throws io.paygate.kit.error.ApiException {@code 400SS01 cursor} for a cursor not issued for this day and kind
     */
    public LedgerFact.FactPage page(LocalDate date, LedgerFact.Kind kind, int limit, String cursor) throws SQLException {
        String list = "ledger-facts/" + kind + "/" + date;
        Cursors.Position after = cursors.read(list, MERCHANTS, cursor)
                .orElse(new Cursors.Position(Instant.EPOCH, "0"));
        Instant from = date.atStartOfDay(time.zone()).toInstant();
        Instant to = date.plusDays(1).atStartOfDay(time.zone()).toInstant();
        List<LedgerFact> facts = new ArrayList<>();
        Cursors.Position last = null;
        boolean more = false;
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(PAGE)) {
            s.setString(1, movementOf(kind).name());
            s.setTimestamp(2, Timestamp.from(from));
            s.setTimestamp(3, Timestamp.from(to));
            s.setTimestamp(4, Timestamp.from(after.at()));
            s.setLong(5, Long.parseLong(after.id()));
            s.setInt(6, limit + 1);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if (facts.size() == limit) {
                        more = true;
                        break;
                    }
                    Instant at = rs.getTimestamp(2).toInstant();
                    facts.add(new LedgerFact(rs.getString(4), rs.getString(3), kind,
                            rs.getBigDecimal(5).toPlainString(), WireTime.dateTime(at, time.zone())));
                    last = new Cursors.Position(at, String.valueOf(rs.getLong(1)));
                }
            }
        }
        return new LedgerFact.FactPage(facts, more ? cursors.issue(list, MERCHANTS, last) : null);
    }

    private static MoneyMovements.Kind movementOf(LedgerFact.Kind kind) {
        return switch (kind) {
            case CAPTURE -> MoneyMovements.Kind.PAYMENT_CAPTURED;
            case REFUND -> MoneyMovements.Kind.REFUND_SUCCEEDED;
            case DISBURSEMENT -> MoneyMovements.Kind.DISBURSEMENT_PAID;
        };
    }
}
