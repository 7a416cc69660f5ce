package io.paygate.payment.recurring;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.payment.recurring.SubscriptionFlows.Made;
import io.paygate.payment.support.CredentialTestResources;
import io.paygate.payment.support.Db;
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
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The QA controls of the time control {@code POST /pg/sandbox/subscriptions/{recurringId}/due} (docs/contract.md §1b):
 * {@code decline} and {@code answerDelaySeconds} shape the sandbox provider's answer to the charge it makes due, once,
 * by card and by direct debit; a bad body names its member and writes nothing; and deleting a subscription's stored
 * card pauses it at once. Real database, broker and sandbox provider, over HTTP.
 */
@QuarkusTest
@CredentialTestResources
class SubscriptionQaControlsTest {

    private static final String CARD_RECURRING = """
            {"subscribe":"Y","type":"PURCHASE","amount":"49000.00","intervalUnit":"monthly",
             "retry":{"interval":1,"intervalUnit":"hours","maxInterval":1}}""";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    private static Made activeByCard(String customerId) {
        return SubscriptionFlows.activeByCard(customerId, CARD_RECURRING);
    }

    private static Response due(String recurringId, String body) {
        return SubscriptionFlows.due(recurringId, body);
    }

    private String cycleCode(String recurringId, int n) {
        return db().value("SELECT payment_code FROM payment WHERE merchant_id = 'demo' AND order_id = ?",
                recurringId + "-" + n);
    }

    /** reference outcome statusDesc of every provider charge of the payment, by reference. */
    private List<String> providerCharges(String code) {
        return db().values("SELECT reference || ' ' || outcome || ' ' || coalesce(status_desc, '-') FROM sandbox_charge "
                + "WHERE payment_code = ? ORDER BY reference", code);
    }

    /** The controls armed for the credential of subscription {@code recurringId} and not taken yet. */
    private int controls(String recurringId) {
        return db().count("SELECT count(*) FROM sandbox_charge_control WHERE merchant_id = 'demo' AND credential IN ("
                + "SELECT s.binding_id FROM subscription s WHERE s.recurring_id = ? AND s.binding_id IS NOT NULL "
                + "UNION SELECT c.provider_token FROM stored_card c JOIN subscription s ON s.stored_card_id = c.id::text "
                + "WHERE s.recurring_id = ?)", recurringId, recurringId);
    }

    @Test
    void declineMakesTheSandboxDeclineExactlyTheCardChargeItMadeDueAndTheRetryIsCaptured() {
        Made sub = activeByCard("cust-qa-1");
        due(sub.recurringId(), "{\"decline\":true}").then().statusCode(200)
                .body("recurring.status", equalTo("ACTIVE"));
        String order = sub.recurringId() + "-2";
        await().atMost(Duration.ofSeconds(30)).until(() -> "1".equals(db().value(
                "SELECT attempt::text FROM payment WHERE order_id = ? AND status = 'PENDING' AND status_desc IS NOT NULL",
                order)));
        String code = cycleCode(sub.recurringId(), 2);
        assertEquals("Card declined", db().value("SELECT status_desc FROM payment WHERE payment_code = ?", code));
        assertEquals("PENDING", SubscriptionFlows.cycleStatus(sub.recurringId(), 2));
        assertEquals(0, controls(sub.recurringId()), "the charge took the control");
        // the retry (due in an hour) made due without a body: the card pays as it always does
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(200);
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        assertEquals(List.of(code + "-1 FAILED Card declined", code + "-2 CAPTURED -"), providerCharges(code));
        SubscriptionFlows.get(sub.recurringId()).then().body("recurring.status", equalTo("ACTIVE"))
                .body("recurring.cyclesCharged", equalTo(2));
    }

    @Test
    void declineMakesADirectDebitCycleFailForInsufficientFundsAndPausesASubscriptionWithoutRetries() {
        Made sub = SubscriptionFlows.activeByDirectDebit("""
                {"subscribe":"Y","type":"TOPUP","amount":"20000.00","intervalUnit":"daily"}""");
        due(sub.recurringId(), "{\"decline\":true,\"answerDelaySeconds\":1}").then().statusCode(200);
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "FAILED");
        SubscriptionFlows.awaitSubscription(sub.recurringId(), "PAUSED");
        String code = cycleCode(sub.recurringId(), 2);
        assertEquals(List.of(code + "-1 FAILED Insufficient funds"), providerCharges(code));
        SubscriptionFlows.get(sub.recurringId()).then()
                .body("recurring.statusDesc", equalTo("Cycle 2 failed: Insufficient funds"));
        assertEquals(0, controls(sub.recurringId()));
    }

    @Test
    void answerDelayRecordsTheDecisionAtOnceButAnswersAndCallsBackOnlyThatMuchLater() {
        Made sub = activeByCard("cust-qa-3");
        int delay = 4;
        due(sub.recurringId(), "{\"answerDelaySeconds\":" + delay + "}").then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
            String code = cycleCode(sub.recurringId(), 2);
            return code != null && !providerCharges(code).isEmpty();
        });
        String code = cycleCode(sub.recurringId(), 2);
        // the provider's decision is in its book (a status inquiry sees it) while the payment still waits for it
        assertAll(() -> assertEquals(List.of(code + "-1 CAPTURED -"), providerCharges(code)),
                () -> assertEquals("PROCESSING", db().statusOf(code)));
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        Instant decided = Instant.parse(db().value("SELECT to_char(created_at AT TIME ZONE 'UTC', "
                + "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM sandbox_charge WHERE payment_code = ?", code));
        Instant captured = Instant.parse(db().value("SELECT to_char(updated_at AT TIME ZONE 'UTC', "
                + "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM payment WHERE payment_code = ?", code));
        assertTrue(!captured.isBefore(decided.plusSeconds(delay)),
                "the answer and the callback wait " + delay + " s: decided " + decided + ", captured " + captured);
        assertEquals(1, db().count("SELECT count(*) FROM sandbox_charge WHERE payment_code = ?", code));
    }

    @Test
    void anEmptyBodyOrEmptyObjectIsTodaysTimeControlAndArmsNothing() {
        Made sub = activeByCard("cust-qa-4");
        due(sub.recurringId(), "{}").then().statusCode(200).body("recurring.status", equalTo("ACTIVE"));
        SubscriptionFlows.awaitCycle(sub.recurringId(), 2, "CAPTURED");
        assertEquals(0, controls(sub.recurringId()));
        assertEquals(List.of(cycleCode(sub.recurringId(), 2) + "-1 CAPTURED -"),
                providerCharges(cycleCode(sub.recurringId(), 2)));
    }

    @Test
    void aBadControlNamesItsMemberAndWritesNothing() {
        Made sub = activeByCard("cust-qa-5");
        String nextDue = db().value("SELECT next_due_at::text FROM subscription WHERE recurring_id = ?",
                sub.recurringId());
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("{\"decline\":\"true\"}", "400 4001101 Invalid Field Format decline");
        cases.put("{\"decline\":1}", "400 4001101 Invalid Field Format decline");
        cases.put("{\"decline\":{}}", "400 4001101 Invalid Field Format decline");
        cases.put("{\"answerDelaySeconds\":61}", "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("{\"answerDelaySeconds\":-1}", "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("{\"answerDelaySeconds\":1.5}", "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("{\"answerDelaySeconds\":\"20\"}", "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("{\"answerDelaySeconds\":99999999999}", "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("{\"decline\":true,\"answerDelaySeconds\":true}",
                "400 4001101 Invalid Field Format answerDelaySeconds");
        cases.put("[true]", "400 4001100 Bad Request");
        cases.put("{\"decline\":true", "400 4001100 Bad Request");
        cases.put("{\"decline\":true,\"decline\":false}", "400 4001100 Bad Request");
        cases.forEach((body, expected) -> {
            Response r = due(sub.recurringId(), body);
            String got = r.statusCode() + " " + r.path("responseCode") + " " + r.path("responseMessage");
            assertTrue(got.startsWith(expected), body + " → " + got);
        });
        assertEquals(0, controls(sub.recurringId()), "nothing armed");
        assertEquals(nextDue, db().value("SELECT next_due_at::text FROM subscription WHERE recurring_id = ?",
                sub.recurringId()), "nothing made due");
        // a subscription that is not ACTIVE arms nothing either
        SubscriptionFlows.change(sub.recurringId(), "pause").then().statusCode(200);
        due(sub.recurringId(), "{\"decline\":true}").then().statusCode(409).body("responseCode", equalTo("4091100"));
        due("SUB.unknown0000000", "{\"decline\":true}").then().statusCode(404)
                .body("responseCode", equalTo("4041101"));
        assertEquals(0, controls(sub.recurringId()));
    }

    @Test
    void deletingTheStoredCardOfASubscriptionPausesItAtOnceAndSaysWhy() {
        Made sub = activeByCard("cust-qa-6");
        List<String> tokens = StoredCardApi.list(SandboxMerchants.DEMO, "cust-qa-6").then().statusCode(200)
                .extract().path("cards.tokenId");
        assertEquals(1, tokens.size(), "the subscription's card is stored by subscribing");
        StoredCardApi.delete(SandboxMerchants.DEMO, tokens.get(0)).then().statusCode(200);
        // at once: the reply to the delete came after the commit that paused it
        SubscriptionFlows.get(sub.recurringId()).then().statusCode(200)
                .body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo(DeletedCards.CARD_DELETED))
                .body("recurring.nextChargeAt", nullValue());
        List<EventEnvelope> events = SubscriptionFlows.subscriptionEvents(sub.recurringId(), 2);
        assertEquals(List.of("ACTIVE", "PAUSED"), events.stream()
                .map(e -> e.dataAs(SubscriptionStatusChanged.class).recurring().status().name()).toList());
        assertEquals(DeletedCards.CARD_DELETED,
                events.get(1).dataAs(SubscriptionStatusChanged.class).recurring().statusDesc());
        // nothing is charged any more: the time control refuses a PAUSED subscription
        SubscriptionFlows.due(sub.recurringId()).then().statusCode(409);
        assertEquals(null, cycleCode(sub.recurringId(), 2));
    }
}
