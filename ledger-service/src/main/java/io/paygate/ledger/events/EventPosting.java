package io.paygate.ledger.events;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.events.EventAuthenticity;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.holds.Payouts;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One consumed record into the ledger: authentic (else counted and dropped), an envelope of a type this topic carries,
 * a merchant this service knows (an event of a type that posts nothing, such as a payment link's or a subscription's,
 * is ignored before that: never parked, never claimed); then, in one transaction, the record's eventId is claimed in
 * {@code posted_event} (a second claim of it, by a redelivery or another replica, waits for the first and then finds
 * it) and its entry posted. An authentic event of a merchant not known (yet: merchant-config's follower can be a moment behind
 * payment-service) is parked in {@code parked_event} as consumed, once per eventId and never when already posted, and
 * {@link #repost posted} by {@link ParkedEvents} once the merchant is known. Counted in
 * {@code paygate_ledger_events_total{topic, outcome}}: {@code posted}, {@code ignored}, {@code duplicate},
 * {@code parked} (a parked event counts again with the outcome of its re-post), {@code rejected}, {@code malformed}.
 */
@ApplicationScoped
public class EventPosting {

    private static final Logger LOG = Logger.getLogger(EventPosting.class);
    static final String EVENTS = "paygate.ledger.events";
    static final String PARKED = "parked";

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

    /** Posts the record once, parks it or says why not. */
    public String post(ConsumerRecord<String, String> record) {
        return postAll(List.of(record)).get(0);
    }

    /**
     * Posts, parks or refuses each record, in their order, in one transaction: a consumed batch's records of one
     * merchant commit together, so the commit (the database's flush) is paid once per batch rather than once per
     * record. The first posting locks the merchant's accounts and the others find them held. Any failure rolls all
     * of them back (the caller tries the batch again); the outcomes are counted once it committed.
     *
     * @return each record's outcome, in order
     */
    public List<String> postAll(List<ConsumerRecord<String, String>> records) {
        List<String> outcomes = QuarkusTransaction.requiringNew()
                .call(() -> records.stream().map(r -> outcome(r, false)).toList());
        for (int i = 0; i < records.size(); i++) {
            counted(records.get(i), outcomes.get(i));
        }
        return outcomes;
    }

    /**
     * Posts parked event {@code eventId} exactly as a consumed record (its signature checked again) and deletes its
     * row in the same transaction. Empty when there is nothing to do now: the row is gone, another replica holds it
     * ({@code FOR UPDATE SKIP LOCKED}) or its merchant is still unknown here.
     */
    @Transactional
    public Optional<String> repost(UUID eventId) {
        try (Connection c = books.connection()) {
            ConsumerRecord<String, String> record = parked(c, eventId);
            if (record == null) {
                return Optional.empty();
            }
            String outcome = outcome(record, true);
            if (PARKED.equals(outcome)) {
                return Optional.empty();
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM parked_event WHERE event_id = ?")) {
                ps.setObject(1, eventId);
                ps.executeUpdate();
            }
            return Optional.of(counted(record, outcome));
        } catch (SQLException e) {
            throw new IllegalStateException("parked event " + eventId + " not posted", e);
        }
    }

    private String counted(ConsumerRecord<String, String> record, String outcome) {
        metrics.counter(EVENTS, "topic", record.topic(), "outcome", outcome).increment();
        return outcome;
    }

    /** The parked record as it was consumed, locked until the transaction ends; null when gone or held elsewhere. */
    private static ConsumerRecord<String, String> parked(Connection c, UUID eventId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT topic, kafka_partition, kafka_offset, value, signature FROM parked_event WHERE event_id = ?
                FOR UPDATE SKIP LOCKED""")) {
            ps.setObject(1, eventId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                ConsumerRecord<String, String> record = new ConsumerRecord<>(rs.getString(1), rs.getInt(2),
                        rs.getLong(3), null, rs.getString(4));
                record.headers().add(EventSigner.HEADER, rs.getString(5).getBytes(StandardCharsets.UTF_8));
                return record;
            }
        }
    }

    /** {@code reposting}: the record comes from {@code parked_event}, where it stays while its merchant is unknown. */
    private String outcome(ConsumerRecord<String, String> record, boolean reposting) {
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
        if (!posts(record.topic(), event.type())) {
            // a payment link's or a subscription's change (docs/contract.md §7): nothing to post, whoever's it is
            return "ignored";
        }
        if (merchants.find(event.merchantId()).isEmpty()) {
            return reposting ? PARKED : park(record, event);
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

    /** Whether events of {@code type} on {@code topic} post anything: payments' and payouts' changes, nothing else. */
    private static boolean posts(String topic, String type) {
        return Topics.PAYMENT_STATUS.equals(topic) && EventTypes.PAYMENT_STATUS_CHANGED.equals(type)
                || Topics.DISBURSEMENT_STATUS.equals(topic) && EventTypes.DISBURSEMENT_STATUS_CHANGED.equals(type);
    }

    /** Parks the authentic record of a merchant not known here (yet), unless it is parked or posted already. */
    private String park(ConsumerRecord<String, String> record, EventEnvelope event) {
        Header signature = record.headers().lastHeader(EventSigner.HEADER);
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement("""
                INSERT INTO parked_event (event_id, topic, kafka_partition, kafka_offset, merchant_id, value, signature)
                SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM posted_event WHERE event_id = ?)
                ON CONFLICT (event_id) DO NOTHING""")) {
            ps.setObject(1, event.eventId());
            ps.setString(2, record.topic());
            ps.setInt(3, record.partition());
            ps.setLong(4, record.offset());
            ps.setString(5, event.merchantId());
            ps.setString(6, record.value());
            ps.setString(7, new String(signature.value(), StandardCharsets.UTF_8));
            ps.setObject(8, event.eventId());
            if (ps.executeUpdate() == 0) {
                return "duplicate";
            }
        } catch (SQLException e) {
            throw new IllegalStateException("event " + event.eventId() + " not parked", e);
        }
        LOG.infof("event %s (%s-%d@%d) of merchant %s, not known here (yet): parked until it is", event.eventId(),
                record.topic(), record.partition(), record.offset(), event.merchantId());
        return PARKED;
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
