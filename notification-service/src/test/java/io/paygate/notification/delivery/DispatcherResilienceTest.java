package io.paygate.notification.delivery;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.TestDns;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Retries survive restarts and crashes and are shared safely by several dispatchers on one database (docs/contract.md §6);
 * the callback URL rules hold again at delivery time, after DNS resolution.
 */
@QuarkusTest
@NotificationTestResources
class DispatcherResilienceTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    AgroalDataSource dataSource;
    @Inject
    Dispatcher dispatcher;
    @Inject
    DeliveryQueue queue;
    @Inject
    Deliverer deliverer;
    @Inject
    RetrySchedule schedule;
    @Inject
    NotificationConfig config;

    MerchantSink sink;
    NotificationDb db;

    @BeforeEach
    void start() {
        sink = MerchantSink.start();
        db = new NotificationDb(dataSource);
    }

    @AfterEach
    void stop() {
        dispatcher.start();
        sink.close();
    }

    @Test
    void aRetryDueWhileTheDispatcherIsDownHappensOnceAfterItComesBack() throws Exception {
        sink.enqueue(Reply.status(500, "{}"));
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
        Events.send(event);
        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).orElseThrow().attempts() == 1);
        dispatcher.stop();

        NotificationDb.Row waiting = db.byEvent(event.eventId()).orElseThrow();
        assertEquals("PENDING", waiting.status());
        assertNotNull(waiting.nextAttemptAt(), "the retry is in the database");
        await().pollDelay(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2))
                .until(() -> Instant.now().isAfter(waiting.nextAttemptAt().plusMillis(500)));
        assertEquals(1, sink.received().size(), "nobody delivers while the dispatcher is down");

        dispatcher.start();
        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 2);
        assertEquals(2, db.byEvent(event.eventId()).orElseThrow().attempts());
    }

    @Test
    void aClaimLeftByACrashedInstanceIsRetriedOnceItsLeaseRunsOut() throws Exception {
        dispatcher.stop();
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
        UUID id = db.byEvent(event.eventId()).orElseThrow().id();

        // An instance claims it and dies before sending: only its lease is left behind.
        Instant claimedAt = Instant.now();
        List<ClaimedNotification> claimed = queue.claimDue(500, config.delivery().lease());
        assertTrue(claimed.stream().anyMatch(n -> n.id().equals(id)));
        dispatcher.start();

        MerchantSink.Received received = sink.awaitReceived(1, WAIT).get(0);
        Duration after = Duration.between(claimedAt, received.receivedAt());
        assertTrue(after.compareTo(config.delivery().lease().minusMillis(200)) >= 0,
                "sent only after the lease (" + config.delivery().lease() + ") ran out, was " + after);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertEquals(1, db.byEvent(event.eventId()).orElseThrow().attempts());
    }

    @Test
    void fourDispatchersOnOneDatabaseNeverSendANotificationTwice() throws Exception {
        dispatcher.stop();
        int count = 150;
        List<EventEnvelope> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
            events.add(event);
            Events.send(event);
        }
        await().atMost(WAIT).until(() -> events.stream().allMatch(e -> db.byEvent(e.eventId()).isPresent()));

        NotificationConfig smallBatches = DeliveryOverrides.of(config, Map.of("batchSize", 3));
        List<Dispatcher> others = new ArrayList<>();
        List<AttemptRecorder> recorders = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            AttemptRecorder recorder = new AttemptRecorder(queue);
            recorders.add(recorder);
            others.add(new Dispatcher(queue, recorder, deliverer, schedule, smallBatches));
        }
        try {
            others.forEach(Dispatcher::start);
            dispatcher.start();
            sink.awaitReceived(count, WAIT);
            await().atMost(WAIT).until(() -> events.stream()
                    .allMatch(e -> "DELIVERED".equals(db.byEvent(e.eventId()).orElseThrow().status())));
            await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                    .until(() -> sink.received().size() == count);
        } finally {
            for (Dispatcher other : others) {
                other.stop();
            }
            for (AttemptRecorder recorder : recorders) {
                recorder.close();
            }
        }
        Map<String, Long> perId = sink.received().stream()
                .collect(Collectors.groupingBy(r -> r.header("webhook-id"), Collectors.counting()));
        assertEquals(count, perId.size());
        assertTrue(perId.values().stream().allMatch(n -> n == 1), "every notification sent exactly once");
        assertTrue(events.stream().allMatch(e -> db.byEvent(e.eventId()).orElseThrow().attempts() == 1));
    }

    @Test
    void aMerchantNeverHasMoreThanItsShareInFlightAndTheOthersAreNotHeldUp() throws Exception {
        shareScenario(Map.of("perMerchantConcurrency", 2));
    }

    /**
     * The same when the slow merchant's backlog is longer than a claim's limit, so the first claim's scan stops within
     * it, and the poll interval is long: the loop must claim again at once (the others' rows lie behind that
     * backlog), not take the short claim for "nothing else is due" and wait for the slow merchant or the poll.
     */
    @Test
    void theOthersAreNotHeldUpWhenTheSlowBacklogFillsAWholeClaim() throws Exception {
        shareScenario(Map.of("perMerchantConcurrency", 2, "batchSize", 4, "pollInterval", Duration.ofSeconds(10)));
    }

    private void shareScenario(Map<String, Object> overrides) throws Exception {
        dispatcher.stop();
        sink.respondWith(Reply.ok().after(Duration.ofMillis(600)));
        List<EventEnvelope> slow = new ArrayList<>();
        List<EventEnvelope> fast = new ArrayList<>();
        try (MerchantSink fastSink = MerchantSink.start()) {
            for (int i = 0; i < 6; i++) {
                slow.add(Events.payment(DEMO.id(), Events.id("PC"), sink.url("/slow")));
            }
            for (int i = 0; i < 3; i++) {
                fast.add(Events.payment(DEMO2.id(), Events.id("PC"), fastSink.url("/fast")));
            }
            slow.forEach(Events::send);
            await().atMost(WAIT).until(() -> slow.stream().allMatch(e -> db.byEvent(e.eventId()).isPresent()));
            fast.forEach(Events::send); // due after every one of the slow merchant's
            await().atMost(WAIT).until(() -> fast.stream().allMatch(e -> db.byEvent(e.eventId()).isPresent()));

            AttemptRecorder recorder = new AttemptRecorder(queue);
            Dispatcher shared = new Dispatcher(queue, recorder, deliverer, schedule,
                    DeliveryOverrides.of(config, overrides));
            try {
                shared.start();
                List<MerchantSink.Received> fastOnes = fastSink.awaitReceived(3, WAIT);
                List<MerchantSink.Received> slowOnes = sink.awaitReceived(6, WAIT);

                Instant fastDone = fastOnes.stream().map(MerchantSink.Received::receivedAt).max(Instant::compareTo)
                        .orElseThrow();
                // Relative to the slow merchant's own rounds, not to the clock: a busy CI machine slows both alike.
                assertTrue(fastDone.isBefore(slowOnes.get(2).receivedAt()),
                        "the other merchant's notifications arrived before the slow one's second round");
                for (MerchantSink.Received r : slowOnes) {
                    long concurrent = slowOnes.stream().filter(o -> !o.receivedAt().isAfter(r.receivedAt())
                            && o.receivedAt().isAfter(r.receivedAt().minusMillis(500))).count();
                    assertTrue(concurrent <= 2, concurrent + " requests of one merchant in flight at once, share is 2");
                }
                Duration slowSpan = Duration.between(slowOnes.get(0).receivedAt(), slowOnes.get(5).receivedAt());
                assertTrue(slowSpan.compareTo(Duration.ofMillis(1000)) >= 0,
                        "six requests two at a time take three rounds of 600 ms, took " + slowSpan);
            } finally {
                shared.stop();
                recorder.close();
            }
        }
    }

    @Test
    void aHostThatNowResolvesToAPrivateAddressFailsTheAttemptWithoutSending() throws Exception {
        TestDns.answer("rebinding.test", "127.0.0.1");
        String url = "http://rebinding.test:" + sink.port() + "/bindings";
        MerchantApi.registerCallbacks(DEMO, null, url);
        TestDns.answer("rebinding.test", "169.254.169.254");

        EventEnvelope event = Events.binding(DEMO.id(), 2, Events.id("BND"), BindingStatus.ACTIVE);
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("FAILED"))
                .orElse(false));
        UUID id = db.byEvent(event.eventId()).orElseThrow().id();
        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals(4, detail.getInt("attempts"), "an attempt error each time, on the normal schedule");
        assertEquals("address 169.254.169.254 of rebinding.test refused: link-local address",
                detail.getString("attemptLog[0].error"));
        assertEquals(0, sink.received().size(), "nothing reached any address");

        TestDns.answer("rebinding.test", "127.0.0.1");
        MerchantApi.as(DEMO).post("/pg/notifications/" + id + "/redeliver").then().statusCode(200);
        assertEquals("/bindings", sink.awaitReceived(1, WAIT).get(0).path());
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
    }

    /** Issue 43: a SNAP URL is held to the same rules at delivery as every other callback. */
    @Test
    void aSnapUrlWhoseHostNowResolvesToAPrivateAddressFailsTheAttemptWithoutSending() {
        TestDns.answer("rebinding-snap.test", "127.0.0.1");
        MerchantApi.as(DEMO).body("{\"snapQrNotifyUrl\":\"http://rebinding-snap.test:" + sink.port() + "/qr\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        TestDns.answer("rebinding-snap.test", "169.254.169.254");

        String code = Events.id("PCQR");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "q-" + code, code, null, null, null, null);
        EventEnvelope event = Events.payment(DEMO.id(), 1, new PaymentStatusChanged(code, qr.partnerReferenceNo(),
                new BigDecimal("150000"), "IDR", Events.customer(), null, null, PaymentStatus.CAPTURED,
                "Payment success", null, null).withSnap(qr));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId(), "snap-qr").map(r -> r.attempts() >= 1)
                .orElse(false));
        JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId(), "snap-qr").orElseThrow().id());
        assertEquals("address 169.254.169.254 of rebinding-snap.test refused: link-local address",
                detail.getString("attemptLog[0].error"));
        assertTrue(detail.get("attemptLog[0].httpStatus") == null, "nothing was sent");
        assertEquals(0, sink.received().size(), "nothing reached any address");
    }

    @Test
    void aPaymentCallbackToAPrivateAddressIsRefusedAtDelivery() {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), "https://10.0.0.1/callback");
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
        JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId()).orElseThrow().id());
        assertEquals("address 10.0.0.1 refused: private address", detail.getString("attemptLog[0].error"));
        assertTrue(detail.get("attemptLog[0].httpStatus") == null, "nothing was sent");
    }

    /** Issue 15: a 6to4 form of the metadata address passed the delivery-time check. */
    @Test
    void aHostThatNowResolvesToA6to4FormOfAPrivateAddressIsNotDeliveredTo() {
        TestDns.answer("rebinding6.test", "127.0.0.1");
        String url = "http://rebinding6.test:" + sink.port() + "/bindings";
        MerchantApi.registerCallbacks(DEMO, null, url);
        TestDns.answer("rebinding6.test", "2002:a9fe:a9fe::");

        EventEnvelope event = Events.binding(DEMO.id(), 2, Events.id("BND"), BindingStatus.ACTIVE);
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
        JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId()).orElseThrow().id());
        assertEquals("address 2002:a9fe:a9fe:0:0:0:0:0 of rebinding6.test refused: link-local address (6to4)",
                detail.getString("attemptLog[0].error"));
        assertTrue(detail.get("attemptLog[0].httpStatus") == null, "nothing was sent");
        assertEquals(0, sink.received().size(), "nothing reached any address");
    }

    @Test
    void aPaymentCallbackOnAPortOutsideTheRuleIsRefusedAtDelivery() {
        TestDns.answer("ssh-port.test", TestDns.EXAMPLE_COM);
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), "https://ssh-port.test:22/callback");
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
        JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId()).orElseThrow().id());
        assertEquals("callback URL refused: port 22 is not allowed", detail.getString("attemptLog[0].error"));
        assertTrue(detail.get("attemptLog[0].httpStatus") == null, "nothing was sent");
    }

    /** Issue 31: with allow-local, a callback to the service's own port read /q/metrics back into the attempt log. */
    @Test
    void aCallbackToTheGatewaysOwnPortsIsRefusedAtDelivery() {
        int own = io.restassured.RestAssured.port;
        TestDns.answer("now-own.test", "127.0.0.1");
        for (String url : List.of("http://127.0.0.1:" + own + "/q/metrics", "http://now-own.test:9082/q/metrics")) {
            EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), url);
            Events.send(event);
            await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
            JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId()).orElseThrow().id());
            int port = java.net.URI.create(url).getPort();
            assertEquals("callback URL refused: port " + port + " is the gateway's own",
                    detail.getString("attemptLog[0].error"), url);
            assertTrue(detail.get("attemptLog[0].httpStatus") == null, "nothing was sent to " + url);
            assertTrue(detail.get("attemptLog[0].reply") == null, "nothing was read back from " + url);
        }
    }

    /** The service's configuration with some delivery settings changed (by method name). */
    static final class DeliveryOverrides {
        static NotificationConfig of(NotificationConfig base, Map<String, Object> overrides) {
            NotificationConfig.Delivery delivery = base.delivery();
            NotificationConfig.Delivery changed = (NotificationConfig.Delivery) java.lang.reflect.Proxy.newProxyInstance(
                    NotificationConfig.Delivery.class.getClassLoader(), new Class<?>[]{NotificationConfig.Delivery.class},
                    (proxy, method, args) -> overrides.containsKey(method.getName()) ? overrides.get(method.getName())
                            : method.invoke(delivery, args));
            return new NotificationConfig() {
                @Override
                public Retry retry() {
                    return base.retry();
                }

                @Override
                public Delivery delivery() {
                    return changed;
                }

                @Override
                public Snap snap() {
                    return base.snap();
                }

                @Override
                public String deadLetterTopic() {
                    return base.deadLetterTopic();
                }

                @Override
                public double redeliverRate() {
                    return base.redeliverRate();
                }
            };
        }
    }
}
