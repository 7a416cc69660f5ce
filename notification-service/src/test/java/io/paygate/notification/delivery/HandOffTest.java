package io.paygate.notification.delivery;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.Counters;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-off: a notification the consumer of this instance stores is leased in the store transaction and its attempt
 * started after the commit, without a claim; one the store cannot lease (its resource held by an attempt in flight) is
 * claimed because the consumer signals the dispatcher after its commit, not because a poll came round. The claim poll
 * is an hour here, so once the dispatcher's first claim at start is over, nothing but the hand-off and the signals can
 * get a notification sent.
 */
@QuarkusTest
@TestProfile(HandOffTest.HourLongPoll.class)
@NotificationTestResources
class HandOffTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    /** No poll within the test: only signals wake the dispatcher. */
    public static final class HourLongPoll implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.notification.delivery.poll-interval", "1h");
        }
    }

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
    void storedNotificationsAreStartedByTheStoreTransactionWithoutAClaim() throws Exception {
        NotificationDb db = new NotificationDb(dataSource);
        double handedBefore = handOffs();
        double signalledBefore = count("paygate.notifications.dispatcher.claims", "trigger", "signal");
        double polledBefore = count("paygate.notifications.dispatcher.claims", "trigger", "poll");

        EventEnvelope first = Events.payment(DEMO.id(), Events.id("HO"), sink.url("/handoff"));
        EventEnvelope second = Events.payment(DEMO.id(), Events.id("HO"), sink.url("/handoff"));
        Events.send(first);
        Events.send(second);

        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        assertEquals(2, received.stream().map(r -> r.header("webhook-id")).distinct().count());
        await().atMost(WAIT).until(() -> db.count("SELECT count(*) FROM notification WHERE event_id IN (?::uuid, ?::uuid)"
                + " AND status = 'DELIVERED'", first.eventId().toString(), second.eventId().toString()) == 2);
        assertEquals(handedBefore + 2, handOffs(), "both were leased by the store and started at once");
        assertEquals(signalledBefore, count("paygate.notifications.dispatcher.claims", "trigger", "signal"),
                "no claim was needed");
        assertEquals(polledBefore, count("paygate.notifications.dispatcher.claims", "trigger", "poll"),
                "no claim came from the poll (an hour)");
    }

    /**
     * A newer event of a resource whose attempt is in flight cannot be leased by its store (never two attempts of one
     * resource at once): the consumer signals the dispatcher, and the newer notification is sent once the older one's
     * result is recorded, by a claim.
     */
    @Test
    void aNotificationWhoseResourceIsHeldIsClaimedAfterTheAttemptInFlight() throws Exception {
        NotificationDb db = new NotificationDb(dataSource);
        sink.enqueue(MerchantSink.Reply.ok().after(Duration.ofMillis(1500)));
        double handedBefore = handOffs();
        double storedBefore = count("paygate.notifications.dispatcher.wakeups", "cause", "stored");
        double signalledBefore = count("paygate.notifications.dispatcher.claims", "trigger", "signal");
        String code = Events.id("HELD");
        String url = sink.url("/held");
        PaymentStatusChanged data = Events.cardCaptured(code, "ORD-" + code, url);
        EventEnvelope captured = Events.payment(DEMO.id(), 1, data);
        EventEnvelope failed = Events.payment(DEMO.id(), 2, new PaymentStatusChanged(data.paymentCode(),
                data.orderId(), data.amount(), data.currency(), data.customer(), data.meta(), data.card(),
                PaymentStatus.FAILED, null, url, data.method()));

        Events.send(captured);
        sink.awaitReceived(1, WAIT);
        Events.send(failed);
        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);

        assertTrue(Duration.between(received.get(0).receivedAt(), received.get(1).receivedAt()).toMillis() >= 1400,
                "the newer one was sent only after the older one's reply");
        assertEquals(handedBefore + 1, handOffs(), "only the first was leased by its store");
        assertTrue(count("paygate.notifications.dispatcher.wakeups", "cause", "stored") > storedBefore,
                "the consumer signalled what it could not lease");
        assertTrue(count("paygate.notifications.dispatcher.claims", "trigger", "signal") > signalledBefore,
                "a claim sent it");
        await().atMost(WAIT).until(() -> db.byEvent(failed.eventId()).orElseThrow().status().equals("DELIVERED"));
    }

    private double handOffs() {
        var counter = metrics.find("paygate.notifications.dispatcher.handoffs").counter();
        return counter == null ? 0 : counter.count();
    }

    private double count(String name, String tag, String value) {
        return Counters.value(metrics, name, tag, value);
    }
}
