package io.paygate.payment.initiation;

import io.paygate.kit.db.Unique;
import io.paygate.payment.payment.PaymentEntity;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * A new payment row in one statement on the pool's connection, without an entity manager: initiation's only write.
 * Outside a transaction the statement commits by itself (one round trip: no {@code BEGIN}, no {@code COMMIT}, no
 * persistence context to open and flush); inside one, the pool enlists the connection and it commits with the rest.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class PaymentInserts {

    private static final String INSERT_ROW = """
            INSERT INTO payment (id, payment_code, merchant_id, order_id, content_hash, amount, currency, description,
                customer_id, customer, meta, callback_url, return_url, status, awaiting_otp, sequence, version,
                expires_at, link_expires_at, created_at, updated_at, success_url, fail_url, back_url, preselected,
                account_id, store_offered, binding_id, otp_hash, otp_expires_at, subscription_id, cycle, snap_service,
                snap_partner_service_id, snap_customer_no, snap_virtual_account_no, snap_virtual_account_name, methods,
                choice_timeout_seconds)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                ?, ?, ?, ?, ?, ?, ?)
            """;
    /** A duplicate (merchant, order id) or payment code is not inserted: a concurrent twin, or a code to draw again. */
    private static final String INSERT = INSERT_ROW + "ON CONFLICT DO NOTHING";
    /**
     * A SNAP virtual account's row: (merchant, order id) decides idempotency as for any payment, while
     * {@link #OPEN_NUMBER} refuses it when another account with the number is open (docs/contract.md §9).
     */
    private static final String INSERT_VIRTUAL_ACCOUNT = INSERT_ROW + "ON CONFLICT (merchant_id, order_id) DO NOTHING";
    /** The unique index of open SNAP virtual account numbers (V26). */
    private static final String OPEN_NUMBER = "payment_snap_va_open";
    private static final String PAYMENT_CODE = "payment_payment_code_key";

    private final DataSource dataSource;

    PaymentInserts(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Inserts the payment unless a payment with the same (merchant, order id) or payment code exists.
     *
     * @return whether the row was inserted; never throws on a duplicate, so a concurrent twin is simply not inserted
     *         (ON CONFLICT DO NOTHING waits for the twin's transaction: when nothing was inserted, the twin committed)
     * @throws SQLException    when the database cannot be asked (service-kit's mappers answer an outage with 503)
     * @throws OpenNumberTaken for a SNAP virtual account whose number another open account has; nothing was inserted
     */
    public boolean insertIfAbsent(PaymentEntity p) throws SQLException {
        if (p.snapVirtualAccountNo == null) {
            return insert(p, INSERT);
        }
        try {
            return insert(p, INSERT_VIRTUAL_ACCOUNT);
        } catch (SQLException e) {
            if (Unique.violates(e, OPEN_NUMBER)) {
                throw new OpenNumberTaken();
            }
            if (Unique.violates(e, PAYMENT_CODE)) {
                return false; // the code drawn is another payment's: as ON CONFLICT DO NOTHING answers for the others
            }
            throw e;
        }
    }

    private boolean insert(PaymentEntity p, String statement) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(statement)) {
            int i = 0;
            insert.setObject(++i, p.id);
            insert.setString(++i, p.paymentCode);
            insert.setString(++i, p.merchantId);
            insert.setString(++i, p.orderId);
            insert.setString(++i, p.contentHash);
            insert.setBigDecimal(++i, p.amount);
            insert.setString(++i, p.currency);
            insert.setString(++i, p.description);
            insert.setString(++i, p.customerId);
            insert.setString(++i, p.customer);
            insert.setString(++i, p.meta);
            insert.setString(++i, p.callbackUrl);
            insert.setString(++i, p.returnUrl);
            insert.setString(++i, p.status.name());
            insert.setObject(++i, utc(p.expiresAt));
            insert.setObject(++i, utc(p.linkExpiresAt));
            insert.setObject(++i, utc(p.createdAt));
            insert.setObject(++i, utc(p.updatedAt));
            insert.setString(++i, p.successUrl);
            insert.setString(++i, p.failUrl);
            insert.setString(++i, p.backUrl);
            insert.setString(++i, p.preselected == null ? null : p.preselected.name());
            insert.setString(++i, p.accountId);
            insert.setBoolean(++i, p.storeOffered);
            insert.setString(++i, p.bindingId);
            insert.setString(++i, p.otpHash);
            if (p.otpExpiresAt == null) {
                insert.setNull(++i, java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                insert.setObject(++i, utc(p.otpExpiresAt));
            }
            insert.setObject(++i, p.subscriptionId);
            if (p.cycle == null) {
                insert.setNull(++i, java.sql.Types.INTEGER);
            } else {
                insert.setInt(++i, p.cycle);
            }
            insert.setString(++i, p.snapService);
            insert.setString(++i, p.snapPartnerServiceId);
            insert.setString(++i, p.snapCustomerNo);
            insert.setString(++i, p.snapVirtualAccountNo);
            insert.setString(++i, p.snapVirtualAccountName);
            insert.setString(++i, p.methods);
            if (p.choiceTimeoutSeconds == null) {
                insert.setNull(++i, java.sql.Types.INTEGER);
            } else {
                insert.setInt(++i, p.choiceTimeoutSeconds);
            }
            return insert.executeUpdate() == 1;
        }
    }

    /** pgjdbc binds an OffsetDateTime as timestamptz (it has no binding for Instant). */
    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    /**
     * Another SNAP virtual account with the number is open (docs/contract.md §9): the database refused the row, so
     * nothing was written.
     */
    public static final class OpenNumberTaken extends RuntimeException {
        OpenNumberTaken() {
            super("another open virtual account has the number", null, false, false);
        }
    }
}
