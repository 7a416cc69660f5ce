package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.ledger.events.EventPosting;
import io.paygate.ledger.events.ParkedEvents;
import io.paygate.ledger.support.Events;
import io.paygate.ledger.support.Ledger;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.logs.RecordedLogs;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing consumed is lost (docs/contract.md §12): an event that arrives while PostgreSQL is away waits in the
 * consumer, unacknowledged, and is posted once when the database is back, the channel still alive for the next ones;
 * an authentic event of a merchant not known yet (merchant-config's follower behind payment-service) is parked and
 * posted once the registry names the merchant, its signature checked again; a forged one is never parked.
 */
@QuarkusTest
@LedgerTestResources
class EventsNeverLostTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String DEMO2 = SandboxMerchants.DEMO2.id();

    @Inject
    AgroalDataSource dataSource;
    @Inject
    EventPosting posting;
    @Inject
    ParkedEvents parkedEvents;

    private Ledger ledger;

    @BeforeEach
    void ledger() {
        ledger = new Ledger(dataSource);
    }

    @Test
    void anEventThatArrivesWhileTheDatabaseIsAwayIsPostedOnceItIsBackAndLaterEventsStillPost() {
        EmbeddedPostgresServer postgres = PostgresResource.server();
        BigDecimal pending = ledger.balance(DEMO2, "pending");
        EventEnvelope during = Events.captured(DEMO2, Events.id("PO"), "10000.00", PaymentMethod.QRIS);
        try (RecordedLogs logs = RecordedLogs.start()) {
            postgres.stop();
            try {
                Events.send(Events.signed(during));
                // the consumer met the outage with the event (main: the channel failed naming it; now: it waits)
                await().atMost(WAIT).until(() -> !logs.lines(l -> l.level().intValue() >= Level.WARNING.intValue()
                        && (l.logger().endsWith("PostingRetry") || l.message().contains(during.eventId().toString())))
                        .isEmpty());
                given().get("/q/health/live").then().statusCode(200);
            } finally {
                postgres.restart();
            }
        }
        await().atMost(WAIT).until(() -> posted(during) == 1);

        EventEnvelope after = Events.captured(DEMO2, Events.id("PO"), "20000.00", PaymentMethod.QRIS);
        Events.send(Events.signed(after));
        await().atMost(WAIT).until(() -> posted(after) == 1);
        // demo2 has no fee table: both grosses on pending, each once
        assertEquals(pending.add(new BigDecimal("30000.00")), ledger.balance(DEMO2, "pending"));
        assertEquals(1, ledger.count("SELECT count(*) FROM entry WHERE event_id = ?", during.eventId()));
    }

    @Test
    void anEventOfAMerchantNotKnownYetIsParkedOnceAndPostedOnceWhenTheRegistryNamesIt() {
        String merchant = Events.id("new-");
        EventEnvelope capture = Events.captured(merchant, Events.id("PK"), "50000.00", PaymentMethod.CARD);
        EventEnvelope altered = Events.captured(merchant, Events.id("PK"), "70000.00", PaymentMethod.CARD);
        ProducerRecord<String, String> record = Events.signed(capture);
        double parkedBefore = outcomes("parked");
        double mismatchBefore = rejected("mismatch");

        Events.send(record);
        await().atMost(WAIT).until(() -> parkedRows(capture) == 1);
        // delivered again while parked (a redelivery after a rebalance): still one row
        assertEquals("duplicate", posting.post(Events.received(record)));
        assertEquals("parked", posting.post(Events.received(Events.signed(altered))));
        assertEquals(1, parkedRows(capture));
        assertEquals(0, posted(capture));
        assertEquals(0, ledger.count("SELECT count(*) FROM entry WHERE merchant_id = ?", merchant));
        assertEquals(parkedBefore + 2, outcomes("parked"));
        // a parked row changed in the database is no longer what the producer signed
        ledger.count("UPDATE parked_event SET value = replace(value, '70000.00', '7000000.00') WHERE event_id = ? "
                + "RETURNING 1", altered.eventId());
        parkedEvents.repostKnown();
        assertEquals(2, ledger.count("SELECT count(*) FROM parked_event WHERE merchant_id = ?", merchant));

        RegistryRecords.publish(KafkaResource.broker(), RegistryRecords.active(merchant, 1, "new-merchant-secret-1"));
        await().atMost(WAIT).until(() -> ledger.count("SELECT count(*) FROM parked_event WHERE merchant_id = ?",
                merchant) == 0);
        assertEquals(1, posted(capture));
        // no fee table in the registry's state: the whole gross is pending, once
        assertEquals(new BigDecimal("50000.00"), ledger.balance(merchant, "pending"));
        assertEquals(1, ledger.count("SELECT count(*) FROM entry WHERE merchant_id = ?", merchant));
        assertEquals(0, posted(altered));
        assertEquals(mismatchBefore + 1, rejected("mismatch"));
        // and delivered again now: posted already
        assertEquals("duplicate", posting.post(Events.received(record)));
        assertEquals(0, parkedRows(capture));
    }

    @Test
    void aForgedOrUnsignedEventOfAnUnknownMerchantIsRefusedAndNeverParked() {
        EventEnvelope event = Events.captured(Events.id("forged-"), Events.id("PF"), "10000.00", PaymentMethod.CARD);
        ProducerRecord<String, String> unsigned = new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(),
                event.toJson());
        ProducerRecord<String, String> forged = SignedEvents.sign(
                new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(), event.toJson()),
                EventSigner.of("an-attacker-key-that-is-long-enough-0002"));

        assertEquals("rejected", posting.post(Events.received(unsigned)));
        assertEquals("rejected", posting.post(Events.received(forged)));
        assertEquals(0, parkedRows(event));
        assertEquals(0, posted(event));
    }

    @Test
    void eventsParkedForLongAreNamedInOneWarnLineAndTheGauges() {
        String merchant = Events.id("unknown-");
        EventEnvelope event = Events.captured(merchant, Events.id("PL"), "10000.00", PaymentMethod.CARD);
        try (RecordedLogs logs = RecordedLogs.start()) {
            assertEquals("parked", posting.post(Events.received(Events.signed(event))));
            parkedEvents.repostKnown();
            assertTrue(warnings(logs, merchant).isEmpty());

            ledger.count("UPDATE parked_event SET parked_at = now() - interval '11 minutes' WHERE event_id = ? "
                    + "RETURNING 1", event.eventId());
            parkedEvents.repostKnown();
            parkedEvents.repostKnown();
            List<RecordedLogs.Line> warned = warnings(logs, merchant);
            assertEquals(1, warned.size(), warned.toString());
            assertTrue(warned.get(0).message().contains("1 event(s) parked for more than 600 s"), warned.toString());
            assertTrue(warned.get(0).message().contains("not known"), warned.toString());
            assertTrue(metric("paygate_ledger_parked_events") >= 1);
            assertTrue(metric("paygate_ledger_parked_oldest_seconds") >= 660);
        } finally {
            ledger.count("DELETE FROM parked_event WHERE event_id = ? RETURNING 1", event.eventId());
        }
        assertEquals(0, posted(event));
    }

    private static List<RecordedLogs.Line> warnings(RecordedLogs logs, String merchant) {
        return logs.lines(l -> l.level().intValue() == Level.WARNING.intValue()
                && l.message().contains("merchant " + merchant + ":"));
    }

    private long parkedRows(EventEnvelope event) {
        return ledger.count("SELECT count(*) FROM parked_event WHERE event_id = ?", event.eventId());
    }

    private static double outcomes(String outcome) {
        return metric("paygate_ledger_events_total", "topic=\"payment-status\"", "outcome=\"" + outcome + "\"");
    }

    private static double rejected(String reason) {
        return metric("paygate_events_rejected_total", "topic=\"payment-status\"", "reason=\"" + reason + "\"");
    }

    /** The sum of the series of metric {@code name} whose labels include each of {@code labels}. */
    private static double metric(String name, String... labels) {
        return given().get("/q/metrics").then().extract().asString().lines()
                .filter(l -> l.startsWith(name + "{") || l.startsWith(name + " "))
                .filter(l -> List.of(labels).stream().allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private long posted(EventEnvelope event) {
        return ledger.count("SELECT count(*) FROM posted_event WHERE event_id = ?", event.eventId());
    }
}
