package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.ledger.support.Events;
import io.paygate.ledger.support.Ledger;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import io.paygate.testsupport.logs.RecordedLogs;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.logging.Level;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Nothing consumed is lost (docs/contract.md §12): an event that arrives while PostgreSQL is away waits in the
 * consumer, unacknowledged, and is posted once when the database is back, the channel still alive for the next ones.
 */
@QuarkusTest
@LedgerTestResources
class EventsNeverLostTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String DEMO2 = SandboxMerchants.DEMO2.id();

    @Inject
    AgroalDataSource dataSource;

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
                // the consumer met the outage with the event (main: the channel failed; now: it waits and retries)
                await().atMost(WAIT).until(() -> !logs.lines(l -> l.level().intValue() >= Level.WARNING.intValue()
                        && l.message().contains("payment-status")).isEmpty());
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

    private long posted(EventEnvelope event) {
        return ledger.count("SELECT count(*) FROM posted_event WHERE event_id = ?", event.eventId());
    }
}
