package io.paygate.notification.delivery;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventEnvelope;
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
 * The hand-off (issue 17): a notification the consumer of this instance stores is claimed because the consumer
 * signals the dispatcher after its commit, not because a poll came round. The claim poll is an hour here, so once the
 * dispatcher's first claim at start is over, nothing but the signal can get the notification claimed.
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
    void storedNotificationsAreHandedToTheDispatcherWithoutWaitingForThePoll() throws Exception {
        NotificationDb db = new NotificationDb(dataSource);
        double storedBefore = count("paygate.notifications.dispatcher.wakeups", "cause", "stored");
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
        assertTrue(count("paygate.notifications.dispatcher.wakeups", "cause", "stored") > storedBefore,
                "the consumer signalled the dispatcher after storing");
        assertTrue(count("paygate.notifications.dispatcher.claims", "trigger", "signal") > signalledBefore,
                "a claim followed the signal");
        assertEquals(polledBefore, count("paygate.notifications.dispatcher.claims", "trigger", "poll"),
                "no claim came from the poll (an hour)");
    }

    private double count(String name, String tag, String value) {
        return Counters.value(metrics, name, tag, value);
    }
}
