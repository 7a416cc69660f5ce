package io.paygate.ledger.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.events.EventAuthenticity;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.holds.Payouts;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Optional;

/**
 * One consumed record into the ledger: authentic (else counted and dropped), an envelope of a type this topic carries,
 * a merchant this service knows; then, in one transaction, the record's eventId is claimed in {@code posted_event}
 * (a second claim of it, by a redelivery or another replica, waits for the first and then finds it) and its entry
 * posted. Counted in {@code paygate_ledger_events_total{topic, outcome}}.
 */
@ApplicationScoped
public class EventPosting {

    private static final Logger LOG = Logger.getLogger(EventPosting.class);
    static final String EVENTS = "paygate.ledger.events";

    private final EventAuthenticity authenticity;
    private final Books books;
    private final Merchants merchants;
    private final PaymentPostings payments;
    private final Payouts payouts;
    private final MeterRegistry metrics;

    EventPosting(EventAuthenticity authenticity, Books books, Merchants merchants, PaymentPostings payments,
                 Payouts payouts, MeterRegistry metrics) {
        this.authenticity = authenticity;
        this.books = books;
        this.merchants = merchants;
        this.payments = payments;
        this.payouts = payouts;
        this.metrics = metrics;
    }

    /** Posts the record once, or says why not. */
    @Transactional
    public String post(ConsumerRecord<String, String> record) {
        String outcome = outcome(record);
        metrics.counter(EVENTS, "topic", record.topic(), "outcome", outcome).increment();
        return outcome;
    }

    private String outcome(ConsumerRecord<String, String> record) {
        Optional<String> rejection = authenticity.rejection(record);
        if (rejection.isPresent()) {
            LOG.warnf("%s record at offset %d of partition %d refused: %s", record.topic(), record.offset(),
                    record.partition(), rejection.get());
            return "rejected";
        }
        EventEnvelope event;
        try {
            event = EventEnvelope.fromJson(record.value());
        } catch (RuntimeException e) {
            LOG.warnf("%s record at offset %d is not an event envelope", record.topic(), record.offset());
            return "malformed";
        }
        if (merchants.find(event.merchantId()).isEmpty()) {
            LOG.warnf("event %s of unknown merchant, not posted", event.eventId());
            return "unknown-merchant";
        }
        try (Connection c = books.connection()) {
            if (!claim(c, event, record.topic())) {
                return "duplicate";
            }
            return switch (record.topic() + "/" + event.type()) {
                case Topics.PAYMENT_STATUS + "/" + EventTypes.PAYMENT_STATUS_CHANGED ->
                        payments.post(c, event, event.dataAs(PaymentStatusChanged.class));
                case Topics.DISBURSEMENT_STATUS + "/" + EventTypes.DISBURSEMENT_STATUS_CHANGED ->
                        disbursement(c, event, event.dataAs(DisbursementStatusChanged.class));
                default -> "ignored";
            };
        } catch (IllegalArgumentException e) {
            LOG.warnf("event %s: data does not fit %s", event.eventId(), event.type());
            return "malformed";
        } catch (SQLException e) {
            throw new IllegalStateException("event " + event.eventId() + " not posted", e);
        }
    }

    private static boolean claim(Connection c, EventEnvelope event, String topic) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO posted_event (event_id, topic, outcome) VALUES (?, ?, 'POSTED') ON CONFLICT DO NOTHING")) {
            ps.setObject(1, event.eventId());
            ps.setString(2, topic);
            return ps.executeUpdate() == 1;
        }
    }

    private String disbursement(Connection c, EventEnvelope event, DisbursementStatusChanged data) throws SQLException {
        TransferAmount amount = data.amount();
        if (data.latestTransactionStatus() == null || data.originalPartnerReferenceNo() == null || amount == null
                || amount.value() == null) {
            return "malformed";
        }
        BigDecimal value;
        try {
            value = new BigDecimal(amount.value());
        } catch (NumberFormatException e) {
            return "malformed";
        }
        payouts.apply(c, event.merchantId(), data.originalPartnerReferenceNo(), data.originalReferenceNo(), value,
                amount.currency() == null ? "IDR" : amount.currency(), data.latestTransactionStatus(), event.eventId(),
                event.occurredAt());
        return "posted";
    }
}
