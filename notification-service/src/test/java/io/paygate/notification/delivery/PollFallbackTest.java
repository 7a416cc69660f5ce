package io.paygate.notification.delivery;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.notification.support.Counters;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The other side of the hand-off (issue 17): a notification another replica's consumer stored sends no signal to
 * this process, and is still delivered here, by the claim poll ({@code %test}: 100 ms).
 */
@QuarkusTest
@NotificationTestResources
class PollFallbackTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    AgroalDataSource dataSource;
    @Inject
    MeterRegistry metrics;

    MerchantSink sink;

    @BeforeEach
    void start() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stop() {
        sink.close();
    }

    @Test
    void aNotificationStoredByAnotherReplicaIsDeliveredByThePoll() throws Exception {
        NotificationDb db = new NotificationDb(dataSource);
        double storedBefore = count("paygate.notifications.dispatcher.wakeups", "cause", "stored");
        UUID id = UUID.randomUUID();
        String resource = Events.id("OR");
        // Written as another replica's consumer writes it (NotificationStore), so no signal reaches this process.
        db.execute("""
                INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status, callback_url,
                                          payload, next_attempt_at, occurred_at, created_at)
                VALUES (?::uuid, gen_random_uuid(), ?, 'payment', ?, 1, 'PENDING', ?, ?, now(), now(), now())""",
                id.toString(), DEMO.id(), resource, sink.url("/other-replica"),
                "{\"paymentCode\":\"" + resource + "\"}");

        List<MerchantSink.Received> received = sink.awaitReceived(1, WAIT);
        assertEquals(id.toString(), received.get(0).header("webhook-id"));
        await().atMost(WAIT).until(() -> db.count("SELECT count(*) FROM notification WHERE id = ?::uuid"
                + " AND status = 'DELIVERED'", id.toString()) == 1);
        assertEquals(storedBefore, count("paygate.notifications.dispatcher.wakeups", "cause", "stored"),
                "no signal: the row came from elsewhere");
        // Delivered with no signal from a store: only the poll could have claimed it. (The poll counter itself proves
        // nothing here: it counts every claim the poll asks of the database, 10 a second, with or without rows.)
    }

    private double count(String name, String tag, String value) {
        return Counters.value(metrics, name, tag, value);
    }
}
