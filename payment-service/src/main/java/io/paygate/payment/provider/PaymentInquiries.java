package io.paygate.payment.provider;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Claims payments due for a provider inquiry. A claim moves {@code next_inquiry_at} to the end of a lease and commits
 * at once on its own connection ({@code FOR UPDATE SKIP LOCKED}), so the provider can be asked outside any transaction
 * while other replicas pass the row by.
 */
@ApplicationScoped
public class PaymentInquiries {

    private static final String CLAIM = """
            UPDATE payment SET next_inquiry_at = ?, inquiries = inquiries + 1
            WHERE id IN (SELECT id FROM payment WHERE status = 'PROCESSING' AND next_inquiry_at <= ?
                         ORDER BY next_inquiry_at LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING payment_code, merchant_id, channel, provider_reference, inquiries, expires_at""";
    /** A method's open charge whose answer is overdue or whose expiry came: asked, and ended at the provider. */
    private static final String CLAIM_OPEN = """
            UPDATE payment SET next_inquiry_at = ?, inquiries = inquiries + 1
            WHERE id IN (SELECT id FROM payment WHERE status = 'PENDING' AND provider_reference IS NOT NULL
                             AND next_inquiry_at <= ?
                         ORDER BY next_inquiry_at LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING payment_code, merchant_id, channel, provider_reference, inquiries, expires_at""";

    /** A payment this replica claimed for one inquiry. */
    public record Claimed(String paymentCode, String merchantId, String channel, String reference, int inquiries,
                          Instant expiresAt, boolean openCharge) {
    }

    private final AgroalDataSource dataSource;

    PaymentInquiries(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Leases up to {@code limit} payments due at {@code now} until {@code leaseUntil}: PROCESSING ones, or with
     * {@code openCharges} PENDING ones holding a method's open charge. Committed when this returns.
     */
    public List<Claimed> claimDue(boolean openCharges, Instant now, Instant leaseUntil, int limit) {
        List<Claimed> claimed = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement claim = c.prepareStatement(openCharges ? CLAIM_OPEN : CLAIM)) {
            claim.setTimestamp(1, Timestamp.from(leaseUntil));
            claim.setTimestamp(2, Timestamp.from(now));
            claim.setInt(3, limit);
            try (ResultSet rs = claim.executeQuery()) {
                while (rs.next()) {
                    claimed.add(new Claimed(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getInt(5), rs.getTimestamp(6).toInstant(), openCharges));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("claiming payments to reconcile failed: " + e.getMessage(), e);
        }
        return claimed;
    }
}
