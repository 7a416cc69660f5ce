package io.paygate.ledger.reconciliation;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.holds.PaymentServiceClient;
import io.paygate.model.api.ledger.LedgerFact;
import io.paygate.model.api.ledger.ReconciliationReport.Difference;
import io.paygate.model.error.ErrorCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The operator's daily reconciliation (docs/contract.md §12): payment-service's captures (paymentCode, captured
 * amount), succeeded refunds (refundId) and transfers paid {@code 00} (referenceNo, amount) of a day in
 * {@code gateway.timezone}, every page of {@code GET /internal/ledger-facts} of each kind, against what the ledger
 * posted for them that day: the capture rows by their capture time, the refund rows (reversals are not refunds and
 * payment-service lists none) and the debits of payouts' holds by their entry's time. Every reference missing on one
 * side or with another amount is a difference.
 */
@ApplicationScoped
public class Reconciliation {

    private static final Logger LOG = Logger.getLogger(Reconciliation.class);
    static final int PAGE = 1000;

    private static final Map<LedgerFact.Kind, String> LEDGER = Map.of(
            LedgerFact.Kind.CAPTURE, """
                    SELECT merchant_id, payment_code, gross FROM capture WHERE captured_at >= ? AND captured_at < ?""",
            LedgerFact.Kind.REFUND, """
                    SELECT merchant_id, refund_id, amount FROM refund
                    WHERE at >= ? AND at < ? AND refund_id NOT LIKE 'REVERSAL:%'""",
            LedgerFact.Kind.DISBURSEMENT, """
                    SELECT h.merchant_id, h.reference_no, h.amount FROM entry e
                    JOIN hold h ON e.idempotency_key = 'debit:' || h.id
                    WHERE e.at >= ? AND e.at < ?""");

    private record Key(LedgerFact.Kind kind, String merchantId, String reference) {
    }

    private static final Comparator<Key> ORDER = Comparator.comparing(Key::kind).thenComparing(Key::reference)
            .thenComparing(Key::merchantId);

    private final Books books;
    private final PaymentServiceClient payments;
    private final String authorization;
    private final ZoneId zone;

    Reconciliation(Books books, @RestClient PaymentServiceClient payments, GatewayConfig gateway) {
        this.books = books;
        this.payments = payments;
        this.authorization = "Bearer " + gateway.internal().token().orElse("");
        this.zone = gateway.timezone();
    }

    /**
     * The day's differences, ordered by kind and reference; empty when healthy.
     *
     * @throws ApiException {@code 503SS00} when payment-service cannot be asked (away, failing, refusing)
     */
    public List<Difference> differences(LocalDate date) {
        Map<Key, BigDecimal> gateway = gateway(date);
        Map<Key, BigDecimal> ledger = ledger(date);
        List<Difference> differences = new ArrayList<>();
        Map<Key, BigDecimal> all = new TreeMap<>(ORDER);
        all.putAll(gateway);
        all.putAll(ledger);
        for (Key key : all.keySet()) {
            BigDecimal ours = ledger.get(key);
            BigDecimal theirs = gateway.get(key);
            if (ours == null || theirs == null || ours.compareTo(theirs) != 0) {
                differences.add(new Difference(key.reference(), key.kind(), key.merchantId(), text(theirs),
                        text(ours)));
            }
        }
        return differences;
    }

    private Map<Key, BigDecimal> gateway(LocalDate date) {
        Map<Key, BigDecimal> facts = new TreeMap<>(ORDER);
        for (LedgerFact.Kind kind : LedgerFact.Kind.values()) {
            String cursor = null;
            do {
                LedgerFact.FactPage page = page(date, kind, cursor);
                for (LedgerFact fact : Objects.requireNonNullElse(page.facts(), List.<LedgerFact>of())) {
                    facts.merge(new Key(kind, fact.merchantId(), fact.reference()), new BigDecimal(fact.amount()),
                            BigDecimal::add);
                }
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        return facts;
    }

    private LedgerFact.FactPage page(LocalDate date, LedgerFact.Kind kind, String cursor) {
        try {
            return payments.facts(authorization, date.toString(), kind, PAGE, cursor);
        } catch (WebApplicationException e) {
            LOG.warnf("reconciliation of %s: payment-service answered %d for its %s facts", date,
                    e.getResponse().getStatus(), kind);
        } catch (ProcessingException e) {
            LOG.warnf("reconciliation of %s: payment-service's %s facts not read: %s", date, kind, e.getMessage());
        }
        throw ApiException.of(ErrorCase.SERVICE_UNAVAILABLE, null);
    }

    private Map<Key, BigDecimal> ledger(LocalDate date) {
        Map<Key, BigDecimal> posted = new TreeMap<>(ORDER);
        Timestamp from = Timestamp.from(date.atStartOfDay(zone).toInstant());
        Timestamp to = Timestamp.from(date.plusDays(1).atStartOfDay(zone).toInstant());
        try (Connection c = books.connection()) {
            for (Map.Entry<LedgerFact.Kind, String> query : LEDGER.entrySet()) {
                try (PreparedStatement ps = c.prepareStatement(query.getValue())) {
                    ps.setTimestamp(1, from);
                    ps.setTimestamp(2, to);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            posted.merge(new Key(query.getKey(), rs.getString(1), rs.getString(2)),
                                    rs.getBigDecimal(3), BigDecimal::add);
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the ledger of " + date + " not read", e);
        }
        return posted;
    }

    private static String text(BigDecimal amount) {
        return amount == null ? null : amount.setScale(2).toPlainString();
    }
}
