package io.paygate.payment.recurring;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.recurring.SubscriptionFlows.Made;
import io.paygate.payment.support.BindingServiceResource;
import io.paygate.payment.support.CredentialTestResources;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Subscriptions paid by direct debit through their cycles (docs/contract.md §1b), against the real database, broker and
 * sandbox provider, binding-service's internal API over HTTP: activation by the first payment, cycles as payments of
 * their own with {@code recurring} in their events, retries, pausing when retries are spent or the binding dies,
 * completion, a missed cycle charged once, and claims by concurrent schedulers that never charge a cycle twice.
 */
@QuarkusTest
@CredentialTestResources
class SubscriptionCyclesTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    CycleScheduler scheduler;

    @Inject
    CycleClaims claims;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    private int chargesOfCycle(String recurringId, int n) {
        return db().count("SELECT count(*) FROM sandbox_charge c JOIN payment p ON c.payment_code = p.payment_code "
                + "WHERE p.merchant_id = 'demo' AND p.order_id = ?", recurringId + "-" + n);
    }

    private void makeDue(List<String> ids) {
        for (String id : ids) {
            db().update("UPDATE subscription SET next_due_at = now() - interval '1 minute' WHERE recurring_id = ?", id);
        }
    }

    @Test
    void theFirstPaymentActivatesItCyclesArePaymentsOfTheirOwnAndTheLastCompletesIt() {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"PURCHASE","amount":"49000.00","interval":"1","intervalUnit":"monthly",
                 "maxInterval":2,"productCode":"GOLD1"}""");
        SubscriptionFlows.get(sub.recurringId()).then().statusCode(200).body("responseCode", equalTo("2000000"))
                .body("recurring.status", equalTo("ACTIVE")).body("recurring.cyclesCharged", equalTo(1))
                .body("recurring.amount", equalTo(49000.0f)).body("recurring.interval", equalTo(1))
                .body("recurring.intervalUnit", equalTo("monthly")).body("recurring.maxInterval", equalTo(2))
                .body("recurring.credential.kind", equalTo("DIRECT_DEBIT"))
                .body("recurring.credential.bindingId", equalTo(sub.bindingId()))
                .body("recurring.nextChargeAt", notNullValue()).body("recurring.retry", nullValue())
                .body("customer.id", equalTo(sub.customerId())).body("firstOrderId", equalTo(sub.firstOrderId()));
        PaymentStatusChanged first = PaymentEvents.awaitOne("demo", sub.firstCode()).dataAs(PaymentStatusChanged.class);
        assertEquals(new CycleInfo(sub.recurringId(), 1, SubscriptionStatus.ACTIVE,
                SubscriptionFlows.get(sub.recurringId()).path("recurring.nextChargeAt")), first.recurring());

        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200).body("recurring.status", equalTo("ACTIVE"));
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        String cycle2 = db().value("SELECT payment_code FROM payment WHERE order_id = ?", sub.recurringId() + "-2");
        assertEquals(cycle2 + "-1", db().value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                cycle2));
        PaymentStatusChanged second = PaymentEvents.awaitOne("demo", cycle2).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, second.status());
        assertEquals(2, second.recurring().cycle());
        assertEquals(SubscriptionStatus.ACTIVE, second.recurring().status());
        assertEquals(0, second.amount().compareTo(new java.math.BigDecimal("49000.00")));
        assertEquals(2, (int) SubscriptionFlows.get(sub.recurringId()).path("recurring.cyclesCharged"));

        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        SubscriptionFlows.awaitCycle(sub.recurringId(), 3, "CAPTURED");
        SubscriptionFlows.awaitSubscription(sub.recurringId(), "COMPLETED");
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.cyclesCharged", equalTo(3))
                .body("recurring.nextChargeAt", nullValue());
        String cycle3 = db().value("SELECT payment_code FROM payment WHERE order_id = ?", sub.recurringId() + "-3");
        assertEquals(SubscriptionStatus.COMPLETED,
                PaymentEvents.awaitOne("demo", cycle3).dataAs(PaymentStatusChanged.class).recurring().status());
        List<EventEnvelope> events = SubscriptionFlows.subscriptionEvents(sub.recurringId(), 2);
        assertEquals(List.of(SubscriptionStatus.ACTIVE, SubscriptionStatus.COMPLETED), events.stream()
                .map(e -> e.dataAs(SubscriptionStatusChanged.class).recurring().status()).toList());
        assertTrue(events.stream().allMatch(e -> EventTypes.SUBSCRIPTION.equals(e.type())
                && sub.recurringId().equals(e.resourceId())));
        assertEquals(List.of(1L, 2L), events.stream().map(EventEnvelope::sequence).toList());
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(409).body("responseCode", equalTo("4091100"));
        assertEquals(1, chargesOfCycle(sub.recurringId(), 2));
        assertEquals(1, chargesOfCycle(sub.recurringId(), 3));
    }

    @Test
    void aDeclinedCycleIsRetriedUnderItsOwnReferenceThenFailsAndPausesIt() {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"TOPUP","amount":"20000.51","intervalUnit":"daily",
                 "retry":{"interval":1,"intervalUnit":"hours","maxInterval":1}}""");
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        String order = sub.recurringId() + "-2";
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() ->
                "1".equals(db().value("SELECT attempt::text FROM payment WHERE order_id = ? AND status = 'PENDING' "
                        + "AND status_desc IS NOT NULL", order)));
        SubscriptionFlows.cycleStatus(sub.recurringId(), 2);
        assertEquals("PENDING", SubscriptionFlows.cycleStatus(sub.recurringId(), 2));
        assertEquals("ACTIVE", SubscriptionFlows.statusOf(sub.recurringId()));
        // the retry is due in an hour; the time control makes it due now
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "FAILED");
        SubscriptionFlows.awaitSubscription(sub.recurringId(), "PAUSED");
        String code = db().value("SELECT payment_code FROM payment WHERE order_id = ?", order);
        assertEquals(List.of(code + "-1", code + "-2"),
                db().values("SELECT reference FROM sandbox_charge WHERE payment_code = ? ORDER BY reference", code));
        PaymentStatusChanged failed = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.FAILED, failed.status());
        assertEquals("Insufficient funds", failed.statusDesc());
        assertEquals(SubscriptionStatus.PAUSED, failed.recurring().status());
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.statusDesc",
                equalTo("Cycle 2 failed: Insufficient funds")).body("recurring.nextChargeAt", nullValue());
        // resumed: the next cycle at the next point of the schedule; the failed one is never charged again
        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(200)
                .body("recurring.status", equalTo("ACTIVE")).body("recurring.nextChargeAt", notNullValue());
        assertEquals("3", db().value("SELECT next_cycle::text FROM subscription WHERE recurring_id = ?",
                sub.recurringId()));
    }

    @Test
    void aBindingNoLongerActivePausesItAndNothingIsCharged() {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"PURCHASE","amount":"10000","intervalUnit":"weekly"}""");
        BindingServiceResource.setStatus(sub.bindingId(), BindingStatus.UNBOUND);
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        SubscriptionFlows.awaitSubscription(sub.recurringId(), "PAUSED");
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.statusDesc",
                equalTo(CycleScheduler.BINDING_GONE));
        assertEquals(0, db().count("SELECT count(*) FROM payment WHERE order_id = ?", sub.recurringId() + "-2"));
    }

    @Test
    void aCycleMissedWhileEveryReplicaWasDownIsChargedOnceNotOncePerMissedInterval() {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"PURCHASE","amount":"15000.00","intervalUnit":"daily"}""");
        // ten days pass with no replica running
        db().update("UPDATE subscription SET anchor_at = anchor_at - interval '10 days', "
                + "next_due_at = anchor_at - interval '9 days' WHERE recurring_id = ?", sub.recurringId());
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> "true".equals(db().value(
                "SELECT (next_due_at > now())::text FROM subscription WHERE recurring_id = ?", sub.recurringId())));
        assertEquals("3", db().value("SELECT next_cycle::text FROM subscription WHERE recurring_id = ?",
                sub.recurringId()));
        assertEquals(0, db().count("SELECT count(*) FROM payment WHERE order_id = ?", sub.recurringId() + "-3"));
        assertEquals(1, chargesOfCycle(sub.recurringId(), 2));
    }

    @Test
    void tenTimeControlsAtOnceChargeOneCycle() throws Exception {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"PURCHASE","amount":"12000.00","intervalUnit":"monthly"}""");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                answers.add(pool.submit(() -> SubscriptionFlows.due(sub.recurringId()).statusCode()));
            }
            for (Future<Integer> answer : answers) {
                assertEquals(200, answer.get());
            }
        } finally {
            pool.shutdown();
        }
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        Thread.sleep(2000); // several scheduler rounds
        assertEquals(1, chargesOfCycle(sub.recurringId(), 2));
        assertEquals(0, db().count("SELECT count(*) FROM payment WHERE order_id = ?", sub.recurringId() + "-3"));
    }

    @Test
    void concurrentSchedulersClaimEachDueSubscriptionOnceAndNeverChargeACycleTwice() throws Exception {
        List<Made> subs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            subs.add(SubscriptionFlows.activeByDirectDebit("""
                    {"subscribe":"Y","type":"PURCHASE","amount":"11000.00","intervalUnit":"monthly"}"""));
        }
        // the claims of four replicas at the same moment, an hour from now (the service's own scheduler, at the real
        // time, leaves them alone): every due subscription in exactly one of them
        List<String> ids = subs.stream().map(Made::recurringId).toList();
        for (String id : ids) {
            db().update("UPDATE subscription SET next_due_at = now() + interval '1 hour' WHERE recurring_id = ?", id);
        }
        Set<UUID> mine = new HashSet<>();
        for (String id : ids) {
            mine.add(UUID.fromString(db().value("SELECT id::text FROM subscription WHERE recurring_id = ?", id)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<UUID>>> claimed = new ArrayList<>();
            java.time.Instant later = java.time.Instant.now().plus(Duration.ofHours(2));
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            for (int i = 0; i < 4; i++) {
                claimed.add(pool.submit(() -> {
                    start.await();
                    return claims.claimDue(later, later.plus(Duration.ofHours(1)), 3);
                }));
            }
            start.countDown();
            Set<UUID> seen = new HashSet<>();
            for (Future<List<UUID>> f : claimed) {
                for (UUID id : f.get()) {
                    assertTrue(seen.add(id), "claimed twice: " + id);
                }
            }
            assertTrue(seen.containsAll(mine), "every due subscription claimed: " + seen);
            // due now: four schedulers (and the service's own) charge them concurrently
            makeDue(ids);
            List<Future<Integer>> rounds = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<Integer> round = scheduler::runOnce;
                rounds.add(pool.submit(round));
            }
            for (Future<Integer> round : rounds) {
                assertNotNull(round.get());
            }
        } finally {
            pool.shutdown();
        }
        for (String id : ids) {
            SubscriptionFlows.awaitCycle(id, 2, "CAPTURED");
        }
        Thread.sleep(1500);
        for (String id : ids) {
            assertEquals(1, chargesOfCycle(id, 2), id);
            assertEquals(1, db().count("SELECT count(*) FROM payment WHERE order_id = ?", id + "-2"), id);
        }
    }

    @Test
    void aSchedulerWhoseClaimCameBackFullClaimsAgainAtOnceInsteadOfWaitingForTheNextScan() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(SubscriptionFlows.activeByDirectDebit("""
                    {"subscribe":"Y","type":"PURCHASE","amount":"12000.00","intervalUnit":"monthly"}""").recurringId());
        }
        // due an hour from now, where the service's own rounds (at the real time) do not reach
        for (String id : ids) {
            db().update("UPDATE subscription SET next_due_at = now() + interval '1 hour' WHERE recurring_id = ?", id);
        }
        // batches of 2 over (at least) 5 due: claims of 2, 2 and 1 in one run, not one claim of 2 left for the next scan
        int claimed = scheduler.runUntilShort(Duration.ofHours(2), 2);
        assertTrue(claimed >= ids.size(), "claimed " + claimed);
        for (String id : ids) {
            assertEquals(1, db().count("SELECT count(*) FROM payment WHERE order_id = ?", id + "-2"),
                    id + ": its cycle payment created in this run");
        }
        for (String id : ids) {
            SubscriptionFlows.awaitCycle(id, 2, "CAPTURED");
            assertEquals(1, chargesOfCycle(id, 2), id);
        }
    }
}
