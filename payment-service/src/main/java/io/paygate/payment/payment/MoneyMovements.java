package io.paygate.payment.payment;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.payment.PaymentMethod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The ledger of money movements (table {@code money_movement}), the source of the daily transactions report
 * (docs/contract.md §3b). Each movement is written in the transaction of the change that moved the money, so the ledger never
 * disagrees with the payments, refunds and transfers it reports.
 */
@ApplicationScoped
public class MoneyMovements {

    /** What moved money. */
    public enum Kind { PAYMENT_CAPTURED, REFUND_SUCCEEDED, PAYMENT_REVERSED, DISBURSEMENT_PAID, DISBURSEMENT_REFUNDED }

    /** Rows a report reads per round trip: its memory stays the same whatever the day holds. */
    public static final int FETCH = 1000;
    private static final String DAY = """
            SELECT occurred_at, kind, order_id, reference, method, amount, currency, status FROM money_movement
            WHERE merchant_id = ? AND occurred_at >= ? AND occurred_at < ? ORDER BY occurred_at, id""";

    /** One movement as a report reads it. */
    public record Movement(Instant occurredAt, String kind, String orderId, String reference, String method,
                           BigDecimal amount, String currency, String status) {
    }

    /** Takes the movements of a report one by one. */
    @FunctionalInterface
    public interface Reader {
        void read(Movement movement) throws IOException;
    }

    private final EntityManager entityManager;
    private final AgroalDataSource dataSource;

    MoneyMovements(EntityManager entityManager, AgroalDataSource dataSource) {
        this.entityManager = entityManager;
        this.dataSource = dataSource;
    }

    /**
     * Hands {@code reader} the merchant's movements in {@code [from, to)}, oldest first, streamed from a database
     * cursor ({@value #FETCH} rows a round trip) in a read-only transaction of its own.
     */
    public void readBetween(String merchantId, Instant from, Instant to, Reader reader)
            throws SQLException, IOException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false); // PostgreSQL streams with a cursor only inside a transaction
            try (PreparedStatement s = c.prepareStatement(DAY, ResultSet.TYPE_FORWARD_ONLY,
                    ResultSet.CONCUR_READ_ONLY)) {
                s.setFetchSize(FETCH);
                s.setString(1, merchantId);
                s.setTimestamp(2, Timestamp.from(from));
                s.setTimestamp(3, Timestamp.from(to));
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        reader.read(new Movement(rs.getTimestamp(1).toInstant(), rs.getString(2), rs.getString(3),
                                rs.getString(4), rs.getString(5), rs.getBigDecimal(6), rs.getString(7),
                                rs.getString(8)));
                    }
                }
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * Records one movement.
     *
     * @param orderId   the order id, or a transfer's partnerReferenceNo
     * @param reference the paymentCode, the refundId, or a transfer's referenceNo
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void record(String merchantId, Instant at, Kind kind, String orderId, String reference,
                       PaymentMethod method, BigDecimal amount, String currency, String status) {
        recordRaw(merchantId, at, kind, orderId, reference, method == null ? null : method.name(), amount, currency,
                status);
    }

    /** As {@link #record}, with the method as text (a transfer's is its beneficiary bank). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void recordRaw(String merchantId, Instant at, Kind kind, String orderId, String reference, String method,
                          BigDecimal amount, String currency, String status) {
        entityManager.createNativeQuery("""
                        INSERT INTO money_movement (merchant_id, occurred_at, kind, order_id, reference, method, amount,
                            currency, status)
                        VALUES (?1, ?2, ?3, ?4, ?5, CAST(?6 AS varchar), ?7, ?8, ?9)""")
                .setParameter(1, merchantId).setParameter(2, at).setParameter(3, kind.name())
                .setParameter(4, orderId).setParameter(5, reference).setParameter(6, method)
                .setParameter(7, amount).setParameter(8, currency).setParameter(9, status)
                .executeUpdate();
    }
}
