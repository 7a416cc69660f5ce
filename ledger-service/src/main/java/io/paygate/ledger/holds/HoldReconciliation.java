package io.paygate.ledger.holds;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.LedgerConfig;
import io.paygate.model.status.DisbursementStatus;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A hold still HELD {@code gateway.ledger.hold-reconcile-after} after it was made is asked about at payment-service:
 * 404 (the transfer was never written) releases it; a final status is applied as its event would be (the same keyed
 * postings, so the event and this never post twice); anything else asks again later. Each hold is claimed by one
 * replica at a time ({@code FOR UPDATE SKIP LOCKED}, its next look pushed past the call), so replicas share the work
 * and never ask twice at once; the posting itself runs under the merchant's lock like every other.
 */
@ApplicationScoped
public class HoldReconciliation {

    private static final Logger LOG = Logger.getLogger(HoldReconciliation.class);
    private static final int BATCH = 50;

    private final Books books;
    private final Payouts payouts;
    private final PaymentServiceClient payments;
    private final LedgerConfig config;
    private final String authorization;
    private final Clock clock = Clock.systemUTC();

    HoldReconciliation(Books books, Payouts payouts, @RestClient PaymentServiceClient payments, LedgerConfig config,
                       GatewayConfig gateway) {
        this.books = books;
        this.payouts = payouts;
        this.payments = payments;
        this.config = config;
        this.authorization = "Bearer " + gateway.internal().token().orElse("");
    }

    @Scheduled(identity = "hold-reconciliation", every = "${gateway.ledger.hold-reconcile-every}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        reconcile();
    }

    /** One round: every due hold claimed now, asked about and settled; how many were released or applied. */
    public int reconcile() {
        int done = 0;
        for (Hold hold : claim()) {
            try {
                if (settle(hold)) {
                    done++;
                }
            } catch (RuntimeException e) {
                LOG.warnf("hold %s of %s not reconciled now: %s", hold.id(), hold.merchantId(), e.toString());
            }
        }
        return done;
    }

    @Transactional
    List<Hold> claim() {
        Instant now = clock.instant();
        List<Hold> claimed = new ArrayList<>();
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement("""
                UPDATE hold SET reconcile_at = ? WHERE id IN (
                    SELECT id FROM hold WHERE status = 'HELD' AND reconcile_at <= ?
                    ORDER BY reconcile_at LIMIT ? FOR UPDATE SKIP LOCKED)
                RETURNING id, merchant_id, partner_reference_no, reference_no, amount, fee, currency, status,
                          created_at""")) {
            ps.setTimestamp(1, Timestamp.from(now.plus(config.holdReconcileAfter())));
            ps.setTimestamp(2, Timestamp.from(now));
            ps.setInt(3, BATCH);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    claimed.add(new Hold(rs.getObject(1, java.util.UUID.class), rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getBigDecimal(5), rs.getBigDecimal(6), rs.getString(7),
                            rs.getString(8), rs.getTimestamp(9).toInstant()));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("holds not claimed", e);
        }
        return claimed;
    }

    private boolean settle(Hold hold) {
        int status;
        PaymentServiceClient.Transfer transfer = null;
        try (Response reply = payments.transfer(authorization, hold.merchantId(), hold.partnerReferenceNo())) {
            status = reply.getStatus();
            if (status == 200) {
                transfer = reply.readEntity(PaymentServiceClient.Transfer.class);
            }
        } catch (WebApplicationException e) {
            status = e.getResponse().getStatus();
        } catch (ProcessingException e) {
            LOG.warnf("payment-service not reached for hold %s: %s", hold.id(), e.getMessage());
            return false;
        }
        DisbursementStatus outcome;
        if (status == 404) {
            outcome = DisbursementStatus.CANCELLED;
        } else if (status == 200 && transfer != null && transfer.latestTransactionStatus() != null) {
            outcome = DisbursementStatus.fromCode(transfer.latestTransactionStatus());
            if (outcome != DisbursementStatus.SUCCESS && !outcome.isFinal()) {
                return false;
            }
        } else {
            LOG.warnf("payment-service answered %d for hold %s", status, hold.id());
            return false;
        }
        apply(hold, outcome);
        return true;
    }

    @Transactional
    void apply(Hold hold, DisbursementStatus status) {
        try (Connection c = books.connection()) {
            BigDecimal amount = hold.amount();
            payouts.apply(c, hold.merchantId(), hold.partnerReferenceNo(), hold.referenceNo(), amount,
                    hold.currency(), status, null, clock.instant());
        } catch (SQLException e) {
            throw new IllegalStateException("hold " + hold.id() + " not reconciled", e);
        }
    }
}
