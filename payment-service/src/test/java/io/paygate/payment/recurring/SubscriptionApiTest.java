package io.paygate.payment.recurring;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.recurring.SubscriptionFlows.Made;
import io.paygate.payment.support.CredentialTestResources;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code recurring} at initiation and the merchant's subscription API (docs/contract.md §1b): the member rules with
 * nothing written on a bad one, the first payment's page, the first payment's end, pause, resume, cancel, the list,
 * the time control, and every bad input and foreign id.
 */
@QuarkusTest
@CredentialTestResources
class SubscriptionApiTest {

    private static final String RECURRING = """
            {"subscribe":"Y","type":"PURCHASE","amount":"99000.00","intervalUnit":"monthly"}""";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private int writtenFor(String orderId, String recurringId) {
        Db db = new Db(dataSource);
        return db.count("SELECT count(*) FROM payment WHERE order_id = ?", orderId)
                + db.count("SELECT count(*) FROM subscription WHERE recurring_id = ?", recurringId);
    }

    private static String withId(String recurring, String id) {
        return recurring.replaceFirst("\\{", "{\"id\":\"" + id + "\",");
    }

    @Test
    void aBadRecurringObjectNamesItsMemberAndWritesNothing() {
        String tomorrow = LocalDate.now(ZoneId.of("Asia/Jakarta")).plusDays(1).format(DateTimeFormatter.BASIC_ISO_DATE);
        String today = LocalDate.now(ZoneId.of("Asia/Jakarta")).format(DateTimeFormatter.BASIC_ISO_DATE);
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("{\"subscribe\":\"Y\",\"type\":\"PURCHASE\",\"amount\":\"1.00\"}", "4000102 recurring.id");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"amount\":\"1.00\"}", "4000102 recurring.type");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\"}", "4000102 recurring.amount");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S-1\",\"type\":\"PURCHASE\",\"amount\":\"1.00\"}",
                "4000101 recurring.id");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"RENT\",\"amount\":\"1.00\"}", "4000101 recurring.type");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1.001\"}",
                "4000101 recurring.amount");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"interval\":100}",
                "4000101 recurring.interval");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"intervalUnit\":\"Monthly\"}",
                "4000101 recurring.intervalUnit");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"maxInterval\":\"0\"}",
                "4000101 recurring.maxInterval");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"startDate\":\"20200101\"}",
                "4000101 recurring.startDate");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"startDate\":\"" + tomorrow
                + "\",\"endDate\":\"" + today + "\"}", "4000101 recurring.endDate");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"retry\":{\"interval\":1,"
                + "\"intervalUnit\":\"weekly\",\"maxInterval\":1}}", "4000101 recurring.retry.intervalUnit");
        cases.put("{\"subscribe\":\"Y\",\"id\":\"S\",\"type\":\"PURCHASE\",\"amount\":\"1\",\"retry\":{\"interval\":1,"
                + "\"intervalUnit\":\"daily\"}}", "4000102 recurring.retry.maxInterval");
        cases.put("{\"subscribe\":\"maybe\"}", "4000101 recurring.subscribe");
        cases.forEach((recurring, expected) -> {
            String orderId = Requests.orderId();
            ObjectNode body = SubscriptionFlows.initiation(orderId, "cust-1", recurring);
            PaymentApi.initiate(body).then().statusCode(400)
                    .body("responseCode", equalTo(expected.substring(0, 7)))
                    .body("responseMessage", containsString(expected.substring(8)));
            assertEquals(0, writtenFor(orderId, "S"), recurring);
        });
        String orderId = Requests.orderId();
        ObjectNode noCustomer = Requests.without(SubscriptionFlows.initiation(orderId, "c", withId(RECURRING, "S")),
                "customer.id");
        PaymentApi.initiate(noCustomer).then().statusCode(400).body("responseCode", equalTo("4000102"))
                .body("responseMessage", equalTo("Invalid Mandatory Field customer.id"));
        ObjectNode qris = Requests.with(SubscriptionFlows.initiation(orderId, "c", withId(RECURRING, "S")),
                "sourceOfFunds.type", "QRIS");
        PaymentApi.initiate(qris).then().statusCode(400).body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format sourceOfFunds.type"));
        assertEquals(0, writtenFor(orderId, "S"));
        // subscribe N: kept but ignored, its members unchecked
        String ignored = Requests.orderId();
        PaymentApi.initiate(SubscriptionFlows.initiation(ignored, "c", "{\"subscribe\":\"N\",\"interval\":\"x\"}"))
                .then().statusCode(200);
        assertEquals(1, writtenFor(ignored, "x"));
    }

    @Test
    void aRecurringIdIsTheMerchantsForEverAndCycleOrderIdsAreTheGatewaysOwn() {
        String id = SubscriptionFlows.recurringId();
        String orderId = Requests.orderId();
        ObjectNode body = SubscriptionFlows.initiation(orderId, "cust-2", withId(RECURRING, id));
        String code = PaymentApi.initiate(body).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.initiate(body).then().statusCode(200).body("paymentCode", equalTo(code));
        String other = Requests.orderId();
        PaymentApi.initiate(SubscriptionFlows.initiation(other, "cust-2", withId(RECURRING, id))).then()
                .statusCode(409).body("responseCode", equalTo("4091100"));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", other));
        // another merchant may use the same recurring.id
        PaymentApi.initiate(SandboxMerchants.DEMO2, io.paygate.model.json.Json.write(
                SubscriptionFlows.initiation(Requests.orderId(), "cust-2", withId(RECURRING, id)))).then()
                .statusCode(200);
        PaymentApi.initiate(Requests.minimal(id + "-2")).then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Field Format order.id"));
        PaymentApi.initiate(Requests.minimal(id + "-02")).then().statusCode(200);
        SubscriptionFlows.get(id).then().statusCode(200).body("recurring.status", equalTo("PENDING"))
                .body("recurring.credential", nullValue()).body("recurring.nextChargeAt", nullValue())
                .body("recurring.cyclesCharged", equalTo(0)).body("firstOrderId", equalTo(orderId));
    }

    @Test
    void theFirstPaymentsPageOffersOnlyMethodsThatLeaveACredentialAndItsFailureCancelsTheSubscription() {
        String id = SubscriptionFlows.recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(SubscriptionFlows.initiation(orderId, "cust-3", withId(RECURRING, id)))
                .then().statusCode(200).extract().path("paymentCode");
        String page = PaymentApi.page(code).then().statusCode(200).extract().asString();
        org.hamcrest.MatcherAssert.assertThat(page, containsString("starts a subscription"));
        org.hamcrest.MatcherAssert.assertThat(page, not(containsString("value=\"QRIS\"")));
        org.hamcrest.MatcherAssert.assertThat(page, not(containsString("value=\"VA_BCA\"")));
        given().contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam("type", "QRIS")
                .redirects().follow(false).post("/pg/pay/" + code + "/method").then().statusCode(400);
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        PaymentApi.payByCard(code, "4000 0000 0000 0002").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "FAILED");
        SubscriptionFlows.awaitSubscription(id, "CANCELLED");
        SubscriptionFlows.get(id).then().body("recurring.statusDesc", equalTo("The first payment ended FAILED"));
    }

    @Test
    void aCardSubscriptionStoresItsFirstCardAndChargesItsCycleToIt() {
        String id = SubscriptionFlows.recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(SubscriptionFlows.initiation(orderId, "cust-4", withId(RECURRING, id)))
                .then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        SubscriptionFlows.awaitSubscription(id, "ACTIVE");
        SubscriptionFlows.get(id).then().body("recurring.credential.kind", equalTo("CARD"))
                .body("recurring.credential.mask", equalTo("411111******1111"));
        SubscriptionFlows.due(id).then().statusCode(200);
        SubscriptionFlows.awaitCycle(id, 2, "CAPTURED");
        SubscriptionFlows.get(id).then().body("recurring.status", equalTo("ACTIVE"))
                .body("recurring.cyclesCharged", equalTo(2));
    }

    @Test
    void aCardThatPaysOnlyItsFirstPaymentDeclinesTheCycleAndTheSubscriptionPausesWhenRetriesAreSpent() {
        String id = SubscriptionFlows.recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(SubscriptionFlows.initiation(orderId, "cust-5", withId(RECURRING, id)))
                .then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, "4000 0000 0000 0341").then().statusCode(303);
        SubscriptionFlows.awaitSubscription(id, "ACTIVE");
        SubscriptionFlows.due(id).then().statusCode(200);
        SubscriptionFlows.awaitSubscription(id, "PAUSED");
        assertEquals("FAILED", SubscriptionFlows.cycleStatus(id, 2));
    }

    @Test
    void aCardSubscriptionWhoseCardWasDeletedPausesAtItsNextCycleChargingNothing() throws Exception {
        String id = SubscriptionFlows.recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(SubscriptionFlows.initiation(orderId, "cust-6", withId(RECURRING, id)))
                .then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        SubscriptionFlows.awaitSubscription(id, "ACTIVE");
        try (var c = dataSource.getConnection(); var st = c.prepareStatement(
                "UPDATE stored_card SET deleted_at = now() WHERE id = (SELECT stored_card_id FROM payment "
                        + "WHERE payment_code = ?)")) {
            st.setString(1, code);
            assertEquals(1, st.executeUpdate(), "the first payment stored its card");
        }
        SubscriptionFlows.due(id).then().statusCode(200);
        SubscriptionFlows.awaitSubscription(id, "PAUSED");
        SubscriptionFlows.get(id).then().body("recurring.statusDesc", equalTo(CycleScheduler.CARD_GONE));
    }

    @Test
    void theMerchantPausesResumesAndCancelsAndRepeatsAreHarmless() {
        Made sub = SubscriptionFlows.activeByDirectDebit(RECURRING);
        String id = sub.recurringId();
        SubscriptionFlows.change(id, "pause").then().statusCode(200).body("recurring.status", equalTo("PAUSED"))
                .body("recurring.statusDesc", equalTo("Paused by the merchant"))
                .body("recurring.nextChargeAt", nullValue());
        SubscriptionFlows.change(id, "pause").then().statusCode(200).body("recurring.status", equalTo("PAUSED"));
        SubscriptionFlows.due(id).then().statusCode(409).body("responseCode", equalTo("4091100"));
        PaymentApi.as(SandboxMerchants.DEMO).body("{}").post("/pg/payment/card/recurring/" + id + "/resume").then()
                .statusCode(200).body("recurring.status", equalTo("ACTIVE"))
                .body("recurring.nextChargeAt", notNullValue());
        SubscriptionFlows.change(id, "resume").then().statusCode(200).body("recurring.status", equalTo("ACTIVE"));
        SubscriptionFlows.change(id, "cancel").then().statusCode(200).body("recurring.status", equalTo("CANCELLED"));
        SubscriptionFlows.change(id, "cancel").then().statusCode(200).body("recurring.status", equalTo("CANCELLED"));
        SubscriptionFlows.change(id, "resume").then().statusCode(409).body("responseCode", equalTo("4091100"))
                .body("responseMessage", equalTo("Conflict. CANCELLED to ACTIVE"));
        SubscriptionFlows.change(id, "pause").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. CANCELLED to PAUSED"));
        List<String> states = SubscriptionFlows.subscriptionEvents(id, 4).stream()
                .map(e -> e.dataAs(io.paygate.model.event.SubscriptionStatusChanged.class).recurring().status().name())
                .toList();
        assertEquals(List.of("ACTIVE", "PAUSED", "ACTIVE", "CANCELLED"), states);
    }

    @Test
    void aPendingSubscriptionCannotBePausedOrResumedButCanBeCancelled() {
        String id = SubscriptionFlows.recurringId();
        PaymentApi.initiate(SubscriptionFlows.initiation(Requests.orderId(), "cust-5", withId(RECURRING, id)))
                .then().statusCode(200);
        SubscriptionFlows.change(id, "pause").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. PENDING to PAUSED"));
        SubscriptionFlows.change(id, "resume").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. PENDING to ACTIVE"));
        SubscriptionFlows.due(id).then().statusCode(409);
        SubscriptionFlows.change(id, "cancel").then().statusCode(200).body("recurring.status", equalTo("CANCELLED"));
    }

    @Test
    void anotherMerchantsOrAnUnknownSubscriptionIsNotFound() {
        Made sub = SubscriptionFlows.activeByDirectDebit(RECURRING);
        for (String path : new String[]{"", "/pause", "/resume", "/cancel"}) {
            var spec = PaymentApi.as(SandboxMerchants.DEMO2);
            var r = path.isEmpty() ? spec.get("/pg/payment/card/recurring/" + sub.recurringId())
                    : spec.post("/pg/payment/card/recurring/" + sub.recurringId() + path);
            r.then().statusCode(404).body("responseCode", equalTo("4041101"))
                    .body("responseMessage", equalTo("Transaction Not Found"));
        }
        SubscriptionFlows.due(SandboxMerchants.DEMO2, sub.recurringId()).then().statusCode(404)
                .body("responseCode", equalTo("4041101"));
        SubscriptionFlows.get("NOSUCHSUB").then().statusCode(404).body("responseCode", equalTo("4041101"));
        SubscriptionFlows.get("bad-id!").then().statusCode(404).body("responseCode", equalTo("4041101"));
        assertEquals("ACTIVE", SubscriptionFlows.statusOf(sub.recurringId()));
        given().get("/pg/payment/card/recurring/" + sub.recurringId()).then().statusCode(401)
                .body("responseCode", equalTo("4011100"));
        given().post("/pg/sandbox/subscriptions/" + sub.recurringId() + "/due").then().statusCode(401)
                .body("responseCode", equalTo("4011100"));
    }

    @Test
    void theListIsTheMerchantsOwnNewestFirstFilteredAndPaged() {
        String customer = "cust-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String id = SubscriptionFlows.recurringId();
            ids.add(id);
            PaymentApi.initiate(SubscriptionFlows.initiation(Requests.orderId(), customer, withId(RECURRING, id)))
                    .then().statusCode(200);
        }
        var first = PaymentApi.as(SandboxMerchants.DEMO).queryParam("customerId", customer).queryParam("limit", "2")
                .get("/pg/subscriptions").then().statusCode(200).body("responseCode", equalTo("2000000"))
                .body("subscriptions.id", equalTo(List.of(ids.get(2), ids.get(1))))
                .body("subscriptions[0].customer.id", equalTo(customer))
                .body("subscriptions[0].status", equalTo("PENDING"))
                .body("nextCursor", notNullValue()).extract();
        PaymentApi.as(SandboxMerchants.DEMO).queryParam("customerId", customer).queryParam("limit", "2")
                .queryParam("cursor", (String) first.path("nextCursor")).get("/pg/subscriptions").then()
                .statusCode(200).body("subscriptions.id", equalTo(List.of(ids.get(0))))
                .body("nextCursor", nullValue());
        PaymentApi.as(SandboxMerchants.DEMO).queryParam("customerId", customer).queryParam("status", "ACTIVE")
                .get("/pg/subscriptions").then().statusCode(200).body("subscriptions.size()", equalTo(0));
        PaymentApi.as(SandboxMerchants.DEMO2).queryParam("customerId", customer).get("/pg/subscriptions").then()
                .statusCode(200).body("subscriptions.size()", equalTo(0));
        PaymentApi.as(SandboxMerchants.DEMO2).queryParam("cursor", (String) first.path("nextCursor"))
                .get("/pg/subscriptions").then().statusCode(400).body("responseCode", equalTo("4001101"))
                .body("responseMessage", equalTo("Invalid Field Format cursor"));
        for (String[] bad : new String[][]{{"limit", "0"}, {"limit", "201"}, {"limit", "x"}, {"status", "GONE"},
                {"cursor", "abc.def"}}) {
            PaymentApi.as(SandboxMerchants.DEMO).queryParam(bad[0], bad[1]).get("/pg/subscriptions").then()
                    .statusCode(400).body("responseCode", equalTo("4001101"))
                    .body("responseMessage", equalTo("Invalid Field Format " + bad[0]));
        }
        PaymentApi.as(SandboxMerchants.DEMO).get("/pg/subscriptions").then().statusCode(200)
                .body("subscriptions.id", hasItem(ids.get(2)));
        given().get("/pg/subscriptions").then().statusCode(401).body("responseCode", equalTo("4011100"));
    }
}
