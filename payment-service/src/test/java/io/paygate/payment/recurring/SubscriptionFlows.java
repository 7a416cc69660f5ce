package io.paygate.payment.recurring;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.event.EventEnvelope;
import io.paygate.payment.support.BindingServiceResource;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Subscriptions as a merchant and a customer make them, over real HTTP. */
final class SubscriptionFlows {

    private SubscriptionFlows() {
    }

    /** A subscription as made: its ids, and the binding that pays it. */
    record Made(String recurringId, String customerId, String bindingId, String firstOrderId, String firstCode) {
    }

    static String recurringId() {
        return "SUB." + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** An initiation subscribing with {@code recurring} (its id set), for {@code customerId}. */
    static ObjectNode initiation(String orderId, String customerId, String recurringJson) {
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", customerId);
        Requests.with(body, "recurring", Requests.json(recurringJson));
        return body;
    }

    /** A subscription whose first payment the customer paid by direct debit on the page; ACTIVE when this returns. */
    static Made activeByDirectDebit(String recurringJsonWithoutId) {
        String customer = "cust-" + UUID.randomUUID().toString().substring(0, 8);
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String id = recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(initiation(orderId, customer,
                        recurringJsonWithoutId.replaceFirst("\\{", "{\"id\":\"" + id + "\",")))
                .then().statusCode(200).extract().path("paymentCode");
        payByDirectDebit(code, binding).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        awaitSubscription(id, "ACTIVE");
        return new Made(id, customer, binding, orderId, code);
    }

    /**
     * A subscription whose first payment the customer paid on the page with {@code 4111 1111 1111 1111} (its card
     * stored by subscribing); ACTIVE when this returns.
     */
    static Made activeByCard(String customerId, String recurringJsonWithoutId) {
        String id = recurringId();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(initiation(orderId, customerId,
                        recurringJsonWithoutId.replaceFirst("\\{", "{\"id\":\"" + id + "\",")))
                .then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        awaitSubscription(id, "ACTIVE");
        return new Made(id, customerId, null, orderId, code);
    }

    static Response payByDirectDebit(String code, String bindingId) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("bindingId", bindingId).post("/pg/pay/" + code + "/directdebit");
    }

    static Response get(String recurringId) {
        return get(SandboxMerchants.DEMO, recurringId);
    }

    static Response get(SandboxMerchants.Merchant merchant, String recurringId) {
        return PaymentApi.as(merchant).get("/pg/payment/card/recurring/" + recurringId);
    }

    static Response change(String recurringId, String action) {
        return PaymentApi.as(SandboxMerchants.DEMO).post("/pg/payment/card/recurring/" + recurringId + "/" + action);
    }

    static Response due(String recurringId) {
        return due(SandboxMerchants.DEMO, recurringId);
    }

    static Response due(SandboxMerchants.Merchant merchant, String recurringId) {
        return PaymentApi.as(merchant).post("/pg/sandbox/subscriptions/" + recurringId + "/due");
    }

    /** The time control with a body shaping the provider's answer to the charge it makes due. */
    static Response due(String recurringId, String body) {
        return PaymentApi.as(SandboxMerchants.DEMO).body(body)
                .post("/pg/sandbox/subscriptions/" + recurringId + "/due");
    }

    static String statusOf(String recurringId) {
        return get(recurringId).then().statusCode(200).extract().path("recurring.status");
    }

    static void awaitSubscription(String recurringId, String status) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> status.equals(statusOf(recurringId)));
    }

    /** The merchant's status of cycle {@code n}'s order, or null while it does not exist. */
    static String cycleStatus(String recurringId, int n) {
        Response r = PaymentApi.status(SandboxMerchants.DEMO, recurringId + "-" + n);
        return r.statusCode() == 200 ? r.path("result.payment.status") : null;
    }

    static void awaitCycle(String recurringId, int n, String status) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> status.equals(cycleStatus(recurringId, n)));
    }

    /** The {@code subscription} events of {@code recurringId}, once {@code expected} arrived (and 2 s more). */
    static List<EventEnvelope> subscriptionEvents(String recurringId, int expected) {
        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords("demo",
                "subscription:" + recurringId, expected, Duration.ofSeconds(30));
        return records.stream().map(r -> EventEnvelope.fromJson(r.value())).toList();
    }
}
