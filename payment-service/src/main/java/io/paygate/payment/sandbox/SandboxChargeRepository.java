package io.paygate.payment.sandbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.status.PaymentStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The queries of the sandbox provider's book ({@code sandbox_charge}, {@code sandbox_refund}). The callback queue
 * works on its own connections, committed at once, so a leased decision stays leased while it is sent.
 */
@ApplicationScoped
public class SandboxChargeRepository {

    private static final String CLAIM = """
            UPDATE sandbox_charge SET attempts = attempts + 1, notify_at = ?
            WHERE reference IN (SELECT reference FROM sandbox_charge WHERE state = 'DECIDED' AND notify_at <= ?
                                ORDER BY notify_at LIMIT 50 FOR UPDATE SKIP LOCKED)
            RETURNING reference, payment_code, outcome, status_desc, card_info, attempts""";
    private static final String FINISH =
            "UPDATE sandbox_charge SET state = ?, notify_at = ?, last_error = ? WHERE reference = ?";

    /** A decision leased for one callback attempt. */
    record Due(String reference, String paymentCode, PaymentStatus outcome, String statusDesc, String cardInfo,
               int attempts) {
    }

    private final AgroalDataSource dataSource;
    private final EntityManager entityManager;

    SandboxChargeRepository(AgroalDataSource dataSource, EntityManager entityManager) {
        this.dataSource = dataSource;
        this.entityManager = entityManager;
    }

    /** Leases up to 50 decisions due at {@code now} until {@code leaseUntil} ({@code FOR UPDATE SKIP LOCKED}). */
    List<Due> claimDue(Instant now, Instant leaseUntil) throws SQLException {
        List<Due> due = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement claim = c.prepareStatement(CLAIM)) {
            claim.setTimestamp(1, Timestamp.from(leaseUntil));
            claim.setTimestamp(2, Timestamp.from(now));
            try (ResultSet rs = claim.executeQuery()) {
                while (rs.next()) {
                    due.add(new Due(rs.getString(1), rs.getString(2), PaymentStatus.valueOf(rs.getString(3)),
                            rs.getString(4), rs.getString(5), rs.getInt(6)));
                }
            }
        }
        return due;
    }

    /** Moves a leased decision to {@code state}; {@code notifyAt} is the next attempt (null: none). */
    void finish(String reference, String state, Instant notifyAt, String error) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement update = c.prepareStatement(FINISH)) {
            update.setString(1, state);
            update.setTimestamp(2, notifyAt == null ? null : Timestamp.from(notifyAt));
            update.setString(3, error == null ? null : error.substring(0, Math.min(500, error.length())));
            update.setString(4, reference);
            update.executeUpdate();
        }
    }

    /** The open charges of payment {@code paymentCode}, newest first; with {@code lock} locked for update. */
    Stream<SandboxChargeEntity> openOf(String paymentCode, boolean lock) {
        var query = entityManager.createQuery("select c from SandboxChargeEntity c where c.paymentCode = ?1 "
                        + "and c.state = ?2 order by c.createdAt desc", SandboxChargeEntity.class)
                .setParameter(1, paymentCode).setParameter(2, SandboxChargeEntity.State.OPEN);
        if (lock) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return query.getResultStream();
    }

    /** The method charge whose pay code or reference is {@code payCodeOrReference}; with {@code lock} locked. */
    Optional<SandboxChargeEntity> findMethodCharge(String payCodeOrReference, boolean lock) {
        var query = entityManager.createQuery("select c from SandboxChargeEntity c where c.payCode = ?1 "
                + "or c.reference = ?1", SandboxChargeEntity.class).setParameter(1, payCodeOrReference);
        if (lock) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return query.getResultStream().filter(r -> r.method != null).findFirst();
    }

    boolean payCodeTaken(String payCode) {
        return entityManager.createQuery("select count(c) from SandboxChargeEntity c where c.payCode = ?1", Long.class)
                .setParameter(1, payCode).getSingleResult() > 0;
    }

    /** What succeeded refunds of charge {@code chargeReference} add up to. */
    BigDecimal refundedOf(String chargeReference) {
        BigDecimal sum = entityManager.createQuery("select sum(r.amount) from SandboxRefundEntity r "
                        + "where r.chargeReference = ?1 and r.succeeded = true", BigDecimal.class)
                .setParameter(1, chargeReference).getSingleResult();
        return sum == null ? BigDecimal.ZERO : sum;
    }
}
