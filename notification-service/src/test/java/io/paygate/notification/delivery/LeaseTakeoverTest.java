package io.paygate.notification.delivery;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: a short lease that the live holder renews. A dead instance's claims (never renewed) are taken over once
 * the lease has run out, and so is the resource its attempt held; a live instance's claims are not, however many
 * lease lengths its attempt takes.
 */
@QuarkusTest
@NotificationTestResources
class LeaseTakeoverTest {

    private static final Duration LEASE = Duration.ofSeconds(1);
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

    NotificationDb db;
    String merchant;

    @BeforeEach
    void setUp() throws Exception {
        dispatcher.stop();
        db = new NotificationDb(dataSource);
        merchant = "lease-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void tearDown() {
        db.execute("DELETE FROM notification WHERE merchant_id = ?", merchant);
        dispatcher.start();
    }

    @Test
    void aDeadHoldersClaimsAndResourcesAreTakenAfterTheLeaseAndARenewedClaimIsNot() throws Exception {
        UUID dead = row("dead", 1, 0);
        UUID live = row("live", 1, 1);
        UUID olderInFlight = row("held", 1, 2);
        Instant claimedAt = Instant.now();
        // Rooms: this merchant's rows only (the others' get a room of 0), so other tests' rows are left alone.
        Set<UUID> claimed = queue.claimDue(3, LEASE, Map.of(merchant, 3), 0).stream().map(ClaimedNotification::id)
                .collect(Collectors.toSet());
        assertEquals(Set.of(dead, live, olderInFlight), claimed);
        // A newer event of "held" arrived while its attempt was on the wire (NotificationStore's OBSOLETE_OLDER).
        db.execute("UPDATE notification SET status = 'OBSOLETE' WHERE id = ?", olderInFlight);
        UUID newer = row("held", 2, 3);

        LeaseKeeper keeper = new LeaseKeeper(queue, LEASE);
        Map<UUID, Instant> takenAt = new HashMap<>();
        try {
            keeper.hold(held(live));
            keeper.start();
            Instant end = claimedAt.plus(LEASE.multipliedBy(4));
            while (Instant.now().isBefore(end)) {
                for (ClaimedNotification n : queue.claimDue(5, Duration.ofMinutes(5), Map.of(merchant, 5), 0)) {
                    takenAt.putIfAbsent(n.id(), Instant.now());
                }
                Thread.sleep(100);
            }
        } finally {
            keeper.stop();
        }
        assertTrue(takenAt.containsKey(dead), "the dead instance's claim was taken over");
        assertTrue(takenAt.containsKey(newer), "the resource the dead instance's attempt held was freed");
        for (UUID id : List.of(dead, newer)) {
            Duration after = Duration.between(claimedAt, takenAt.get(id));
            assertTrue(after.compareTo(LEASE.minusMillis(200)) >= 0, "taken only after the lease ran out, was " + after);
        }
        assertFalse(takenAt.containsKey(live), "a renewed claim is never taken, here for four lease lengths");
        assertFalse(takenAt.containsKey(olderInFlight), "an OBSOLETE notification is never claimed");
        assertNull(db.byResource(merchant, "held").get(0).leaseToken(), "the dead holder's token was revoked");
    }

    /**
     * A live dispatcher whose attempt takes three lease lengths keeps its claim: another dispatcher on the same
     * database does not send it again, and the result is recorded as the holder's (not a lost lease).
     */
    @Test
    void anAttemptLongerThanSeveralLeasesIsSentOnceAndRecordedByItsHolder() throws Exception {
        Duration lease = Duration.ofMillis(400);
        NotificationConfig shortLease = DispatcherResilienceTest.DeliveryOverrides.of(config, Map.of("lease", lease));
        try (MerchantSink sink = MerchantSink.start()) {
            sink.respondWith(Reply.ok().after(Duration.ofMillis(1200))); // three leases, within the 2 s timeout
            EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/slow"));
            Events.send(event);
            await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
            AttemptRecorder recorderA = new AttemptRecorder(queue);
            AttemptRecorder recorderB = new AttemptRecorder(queue);
            Dispatcher a = new Dispatcher(queue, recorderA, deliverer, schedule, shortLease);
            Dispatcher b = new Dispatcher(queue, recorderB, deliverer, schedule, shortLease);
            try {
                a.start();
                sink.awaitReceived(1, WAIT);
                b.start();
                await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
                await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                        .until(() -> sink.received().size() == 1);
            } finally {
                a.stop();
                b.stop();
                recorderA.close();
                recorderB.close();
            }
            assertEquals(1, db.byEvent(event.eventId()).orElseThrow().attempts());
            assertEquals(1, db.count("SELECT count(*) FROM notification_attempt a JOIN notification n "
                    + "ON n.id = a.notification_id WHERE n.event_id = ?", event.eventId()));
        }
    }

    /** The claim as its holder knows it (id and token), read back from the row. */
    private ClaimedNotification held(UUID id) {
        UUID token = db.byResource(merchant, "live").get(0).leaseToken();
        return new ClaimedNotification(id, token, merchant, io.paygate.notification.NotificationType.PAYMENT, "live",
                null, "{}", 0, null, null);
    }

    /** A PENDING payment notification of {@code resource}, due since 2000 + {@code offset} s (before anything else). */
    private UUID row(String resource, long sequence, int offset) {
        UUID id = UUID.randomUUID();
        db.execute("""
                INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status,
                                          callback_url, payload, next_attempt_at, occurred_at, created_at)
                VALUES (?, ?, ?, 'payment', ?, ?, 'PENDING', 'http://127.0.0.1:9/cb', '{}',
                        timestamptz '2000-01-01 00:00:00Z' + make_interval(secs => ?), now(), now())""",
                id, UUID.randomUUID(), merchant, resource, sequence, (double) offset);
        return id;
    }
}
