package io.paygate.payment.recurring;

import io.agroal.api.AgroalDataSource;
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
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "A cycle payment never outlives its subscription's charging" (docs/contract.md §1b): a declined cycle waiting for its
 * retry shows the retry's time as {@code nextChargeAt}, and ends {@code CANCELLED} (notified once) the moment its
 * subscription is paused, cancelled or loses its credential; an attempt in flight ends as the provider decides, without
 * a retry; a pause racing the claim of a due retry never lets both win; and a subscription whose credential is dead
 * cannot be resumed. Real database, broker, sandbox provider and binding-service's internal API over HTTP.
 */
@QuarkusTest
@CredentialTestResources
class CyclesEndWithTheirSubscriptionTest {

    /** Monthly cycles; a declined one is tried again an hour later, at most twice. */
    private static final String WITH_RETRY = """
            {"subscribe":"Y","type":"PURCHASE","amount":"39000.00","intervalUnit":"monthly",
             "retry":{"interval":1,"intervalUnit":"hours","maxInterval":2}}""";
    private static final String CREDENTIAL_DEAD = "Conflict. The subscription's credential can no longer be charged";
    private static final DateTimeFormatter WIRE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Inject
    AgroalDataSource dataSource;

    @Inject
    CycleScheduler scheduler;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    /** Cycle 2 of {@code sub} declined once and waiting PENDING for its retry; its payment code. */
    private String declinedAndWaitingForItsRetry(Made sub) {
        SubscriptionFlows.due(sub.recurringId(), "{\"decline\":true}").then().statusCode(200);
        String order = sub.recurringId() + "-2";
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> "1".equals(db().value(
                "SELECT attempt::text FROM payment WHERE order_id = ? AND status = 'PENDING' "
                        + "AND status_desc IS NOT NULL", order)));
        assertEquals("ACTIVE", SubscriptionFlows.statusOf(sub.recurringId()));
        return db().value("SELECT payment_code FROM payment WHERE merchant_id = 'demo' AND order_id = ?", order);
    }

    private int charges(String code) {
        return db().count("SELECT count(*) FROM sandbox_charge WHERE payment_code = ?", code);
    }

    private int paymentsOf(String recurringId) {
        return db().count("SELECT count(*) FROM payment p JOIN subscription s ON p.subscription_id = s.id "
                + "WHERE s.merchant_id = 'demo' AND s.recurring_id = ?", recurringId);
    }

    /** The cycle payment's status and statusDesc as the merchant's status inquiry answers them. */
    private static String merchantSees(String recurringId, int cycle) {
        Response r = PaymentApi.status(SandboxMerchants.DEMO, recurringId + "-" + cycle);
        return r.path("result.payment.status") + " " + r.path("result.payment.statusDesc");
    }

    /** The one notification of cycle payment {@code code}: its final state, with the subscription as it then was. */
    private static PaymentStatusChanged theOneEventOf(String code) {
        return PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
    }

    private static List<SubscriptionStatus> subscriptionStates(String recurringId, int expected) {
        return SubscriptionFlows.subscriptionEvents(recurringId, expected).stream()
                .map(e -> e.dataAs(SubscriptionStatusChanged.class).recurring().status()).toList();
    }

    @Test
    void aCycleWaitingForItsRetryShowsTheRetrysTimeAndEndsCancelledOnceTheMerchantPausesNeverChargedAgain() {
        Made sub = SubscriptionFlows.activeByCard("cust-ends-1", WITH_RETRY);
        String code = declinedAndWaitingForItsRetry(sub);
        // nextChargeAt is the retry's time (an hour after the decline), not the next month's cycle
        String nextChargeAt = SubscriptionFlows.get(sub.recurringId()).path("recurring.nextChargeAt");
        LocalDateTime declinedAt = LocalDateTime.parse(db().value("SELECT to_char(updated_at AT TIME ZONE "
                + "'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS') FROM payment WHERE payment_code = ?", code), WIRE_TIME);
        long off = Duration.between(declinedAt.plusHours(1), LocalDateTime.parse(nextChargeAt, WIRE_TIME)).abs()
                .toSeconds();
        assertTrue(off <= 2, "nextChargeAt " + nextChargeAt + " is the retry an hour after " + declinedAt);

        SubscriptionFlows.change(sub.recurringId(), "pause").then().statusCode(200)
                .body("recurring.status", equalTo("PAUSED")).body("recurring.nextChargeAt", nullValue());
        // at once: the reply came after the commit that ended the cycle
        assertEquals("CANCELLED Subscription paused", merchantSees(sub.recurringId(), 2));
        PaymentStatusChanged event = theOneEventOf(code);
        assertEquals(PaymentStatus.CANCELLED, event.status());
        assertEquals("Subscription paused", event.statusDesc());
        assertEquals(2, event.recurring().cycle());
        assertEquals(SubscriptionStatus.PAUSED, event.recurring().status());
        assertNull(event.recurring().nextChargeAt());

        // the retry's time passes (a scheduler round looking two hours ahead): a PAUSED subscription is not claimed
        scheduler.runUntilShort(Duration.ofHours(2), 50);
        assertEquals(1, charges(code));
        // resumed, the next cycle is cycle 3; the cancelled one is never charged again
        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(200)
                .body("recurring.status", equalTo("ACTIVE"));
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        SubscriptionFlows.awaitCycle(sub.recurringId(), 3, "CAPTURED");
        assertEquals("CANCELLED Subscription paused", merchantSees(sub.recurringId(), 2));
        assertEquals(1, charges(code));
        assertEquals(List.of(SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED, SubscriptionStatus.ACTIVE),
                subscriptionStates(sub.recurringId(), 3));
    }

    @Test
    void aCycleWaitingForItsRetryEndsCancelledOnceTheMerchantCancelsTheSubscription() {
        Made sub = SubscriptionFlows.activeByDirectDebit(WITH_RETRY);
        String code = declinedAndWaitingForItsRetry(sub);
        SubscriptionFlows.change(sub.recurringId(), "cancel").then().statusCode(200)
                .body("recurring.status", equalTo("CANCELLED"));
        assertEquals("CANCELLED Subscription cancelled", merchantSees(sub.recurringId(), 2));
        PaymentStatusChanged event = theOneEventOf(code);
        assertEquals(PaymentStatus.CANCELLED, event.status());
        assertEquals("Subscription cancelled", event.statusDesc());
        assertEquals(SubscriptionStatus.CANCELLED, event.recurring().status());
        assertEquals(1, charges(code));
        assertEquals(List.of(SubscriptionStatus.ACTIVE, SubscriptionStatus.CANCELLED),
                subscriptionStates(sub.recurringId(), 2));
    }

    @Test
    void deletingTheStoredCardEndsTheCycleWaitingForItsRetryAndTheSubscriptionCannotBeResumed() {
        Made sub = SubscriptionFlows.activeByCard("cust-ends-3", WITH_RETRY);
        String code = declinedAndWaitingForItsRetry(sub);
        String tokenId = StoredCardApi.list(SandboxMerchants.DEMO, "cust-ends-3").then().statusCode(200)
                .extract().path("cards[0].tokenId");
        StoredCardApi.delete(SandboxMerchants.DEMO, tokenId).then().statusCode(200);
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo(DeletedCards.CARD_DELETED));
        assertEquals("CANCELLED " + DeletedCards.CARD_DELETED, merchantSees(sub.recurringId(), 2));
        PaymentStatusChanged event = theOneEventOf(code);
        assertEquals(PaymentStatus.CANCELLED, event.status());
        assertEquals(DeletedCards.CARD_DELETED, event.statusDesc());
        assertEquals(SubscriptionStatus.PAUSED, event.recurring().status());

        // resuming a subscription whose card is deleted is refused; it stays PAUSED and nothing is made or charged
        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(409)
                .body("responseCode", equalTo("4091100")).body("responseMessage", equalTo(CREDENTIAL_DEAD));
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo(DeletedCards.CARD_DELETED))
                .body("recurring.credential.mask", equalTo("411111******1111"));
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(409);
        assertEquals(2, paymentsOf(sub.recurringId()), "the first payment and cycle 2, nothing more");
        assertEquals(1, charges(code));
        assertEquals(List.of(SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED),
                subscriptionStates(sub.recurringId(), 2));
    }

    @Test
    void aBindingUnboundWhileTheCycleWaitsForItsRetryPausesItEndsTheCycleAndBarsResuming() {
        Made sub = SubscriptionFlows.activeByDirectDebit(WITH_RETRY);
        String code = declinedAndWaitingForItsRetry(sub);
        BindingServiceResource.setStatus(sub.bindingId(), BindingStatus.UNBOUND);
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200); // the retry due now: the binding is asked
        SubscriptionFlows.awaitSubscription(sub.recurringId(), "PAUSED");
        SubscriptionFlows.get(sub.recurringId()).then()
                .body("recurring.statusDesc", equalTo(CycleScheduler.BINDING_GONE));
        assertEquals("CANCELLED " + CycleScheduler.BINDING_GONE, merchantSees(sub.recurringId(), 2));
        PaymentStatusChanged event = theOneEventOf(code);
        assertEquals(PaymentStatus.CANCELLED, event.status());
        assertEquals(SubscriptionStatus.PAUSED, event.recurring().status());
        assertEquals(1, charges(code));

        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(409)
                .body("responseCode", equalTo("4091100")).body("responseMessage", equalTo(CREDENTIAL_DEAD));
        assertEquals("PAUSED", SubscriptionFlows.statusOf(sub.recurringId()));
        assertEquals(2, paymentsOf(sub.recurringId()));
    }

    @Test
    void resumingADirectDebitSubscriptionAsksBindingServiceAndChangesNothingWhenItCannot() {
        Made sub = SubscriptionFlows.activeByDirectDebit(WITH_RETRY);
        SubscriptionFlows.change(sub.recurringId(), "pause").then().statusCode(200);
        BindingServiceResource.failing(true);
        try {
            SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(502)
                    .body("responseCode", equalTo("5021100"));
        } finally {
            BindingServiceResource.failing(false);
        }
        assertEquals("PAUSED", SubscriptionFlows.statusOf(sub.recurringId()));
        BindingServiceResource.setStatus(sub.bindingId(), BindingStatus.UNBOUND);
        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(409)
                .body("responseCode", equalTo("4091100")).body("responseMessage", equalTo(CREDENTIAL_DEAD));
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo(SubscriptionCommands.PAUSED_BY_MERCHANT));
        BindingServiceResource.setStatus(sub.bindingId(), BindingStatus.ACTIVE);
        SubscriptionFlows.change(sub.recurringId(), "resume").then().statusCode(200)
                .body("recurring.status", equalTo("ACTIVE"));
        assertEquals(1, paymentsOf(sub.recurringId()));
        assertEquals(List.of(SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED, SubscriptionStatus.ACTIVE),
                subscriptionStates(sub.recurringId(), 3));
    }

    @Test
    void anAttemptInFlightWhenTheSubscriptionIsPausedEndsAsTheProviderDecidesWithoutARetry() {
        Made sub = SubscriptionFlows.activeByCard("cust-ends-6", WITH_RETRY);
        SubscriptionFlows.due(sub.recurringId(), "{\"decline\":true,\"answerDelaySeconds\":4}").then().statusCode(200);
        String order = sub.recurringId() + "-2";
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> "PROCESSING".equals(
                db().value("SELECT status FROM payment WHERE order_id = ?", order)));
        String code = db().value("SELECT payment_code FROM payment WHERE order_id = ?", order);
        SubscriptionFlows.change(sub.recurringId(), "pause").then().statusCode(200)
                .body("recurring.status", equalTo("PAUSED"));
        assertEquals("PROCESSING", db().statusOf(code), "the attempt at the provider is left to its answer");
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "FAILED");
        assertEquals("FAILED Card declined", merchantSees(sub.recurringId(), 2));
        PaymentStatusChanged event = theOneEventOf(code);
        assertEquals(PaymentStatus.FAILED, event.status());
        assertEquals(SubscriptionStatus.PAUSED, event.recurring().status());
        assertEquals(1, charges(code), "no retry after the decline");
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo(SubscriptionCommands.PAUSED_BY_MERCHANT));
    }

    @Test
    void aPauseRacingTheClaimOfADueRetryEitherEndsTheCycleOrLetsItsAttemptEndNeverBoth() throws Exception {
        List<Made> subs = new ArrayList<>();
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Made sub = SubscriptionFlows.activeByDirectDebit(WITH_RETRY);
            subs.add(sub);
            codes.add(declinedAndWaitingForItsRetry(sub));
        }
        // the retries are due in an hour: two replicas claim and charge them (looking ahead) while the merchant
        // pauses every subscription
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> work = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                work.add(pool.submit(() -> {
                    start.await();
                    return scheduler.runUntilShort(Duration.ofHours(2), 2);
                }));
            }
            for (int i = 0; i < 2; i++) {
                List<Made> half = subs.subList(i * 3, i * 3 + 3);
                work.add(pool.submit(() -> {
                    start.await();
                    for (Made sub : half) {
                        SubscriptionFlows.change(sub.recurringId(), "pause").then().statusCode(200)
                                .body("recurring.status", equalTo("PAUSED"));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : work) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> codes.stream()
                .noneMatch(c -> List.of("PENDING", "PROCESSING").contains(db().statusOf(c))));
        Thread.sleep(1500); // several scheduler rounds of the service's own
        for (int i = 0; i < subs.size(); i++) {
            String id = subs.get(i).recurringId();
            String code = codes.get(i);
            String outcome = db().statusOf(code) + " after " + charges(code) + " charge(s)";
            assertTrue(outcome.equals("CANCELLED after 1 charge(s)") || outcome.equals("CAPTURED after 2 charge(s)"),
                    id + ": " + outcome);
            assertEquals("PAUSED", SubscriptionFlows.statusOf(id));
            assertEquals(2, paymentsOf(id), id);
        }
    }
}
