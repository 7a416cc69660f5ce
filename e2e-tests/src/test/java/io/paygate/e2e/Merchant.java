package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The sandbox merchant {@code demo} as the e2e tests play it: signed API calls, initiations, its callback sink. */
final class Merchant {

    /** The path of the sink that the payment notifications of these tests go to. */
    static final String PAYMENTS = "/payments";

    private Merchant() {
    }

    /** A request signed as merchant {@code demo} (docs/contract.md §0). */
    static RequestSpecification api(String baseUrl) {
        return given().baseUri(baseUrl).filter(MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .contentType("application/json");
    }

    /** An operations request (sandbox shortcuts, operator actions). */
    static RequestSpecification ops(String baseUrl) {
        return given().baseUri(baseUrl).header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN)
                .contentType("application/json");
    }

    static String newId(String prefix) {
        return prefix + "-" + UUID.randomUUID();
    }

    /** One initiated hosted payment. */
    record Payment(String orderId, String paymentCode, String redirectUrl) {
    }

    /**
     * Initiates a payment of {@code amount} for {@code customerId}, notified to {@code sink}'s {@link #PAYMENTS};
     * the customer returns to {@code returnUrl} when it is not null.
     */
    static Payment initiate(String customerId, String amount, MerchantSink sink, String returnUrl) throws Exception {
        return initiate(Stack.payment(), customerId, amount, sink, returnUrl);
    }

    /** {@link #initiate(String, String, MerchantSink, String)} at the payment-service of another stack. */
    static Payment initiate(String paymentBaseUrl, String customerId, String amount, MerchantSink sink,
                            String returnUrl) {
        String orderId = newId("ORD");
        String url = returnUrl == null ? "" : ",\"returnUrl\":\"" + returnUrl + "\"";
        String redirect = api(paymentBaseUrl).body("""
                {"order":{"id":"%s","amount":"%s","description":"Coffee beans 1 kg"},"customer":{"id":"%s",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"%s}}""".formatted(orderId, amount, customerId, sink.url(PAYMENTS), url))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        return new Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1), redirect);
    }

    /** Notifications that reached {@code path} of the sink and name {@code resourceId}, in arrival order. */
    static List<MerchantSink.Received> notifications(MerchantSink sink, String path, String resourceId) {
        return sink.received().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals(path) && r.body().contains(resourceId))
                .toList();
    }

    /**
     * Waits for the payment notification of {@code payment}, checks it is the only one (also a few seconds later),
     * that both signature checks pass and that it names the payment; returns its body.
     */
    static JsonNode awaitOnlyPaymentNotification(MerchantSink sink, Payment payment) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> !notifications(sink, PAYMENTS, payment.paymentCode()).isEmpty());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4))
                .until(() -> notifications(sink, PAYMENTS, payment.paymentCode()).size() == 1);
        MerchantSink.Received received = notifications(sink, PAYMENTS, payment.paymentCode()).get(0);
        Signatures.verify(received);
        JsonNode body = Signatures.read(received.body());
        assertEquals(payment.orderId(), body.path("order").path("id").asText());
        assertEquals(payment.paymentCode(), body.path("order").path("reference").asText());
        assertEquals(128, body.path("signature").asText().length());
        return body;
    }

    /** The status inquiry (docs/contract.md §3) says what the notification said: same order, result and card. */
    static void assertStatusAgrees(JsonNode notification) throws Exception {
        assertStatusAgrees(Stack.payment(), notification);
    }

    /** {@link #assertStatusAgrees(JsonNode)} at the payment-service of another stack. */
    static void assertStatusAgrees(String paymentBaseUrl, JsonNode notification) {
        String orderId = notification.path("order").path("id").asText();
        String reply = api(paymentBaseUrl).get("/pg/payment/card/status/" + orderId).then().statusCode(200)
                .extract().asString();
        JsonNode status = Signatures.read(reply);
        assertEquals("2000000", status.path("responseCode").asText());
        assertEquals(notification.path("order").path("reference").asText(), status.path("paymentCode").asText());
        for (String member : new String[]{"order", "result", "card", "sourceOfFunds"}) {
            assertEquals(Signatures.canonical(notification.path(member)), Signatures.canonical(status.path(member)),
                    member + " of the status inquiry equals the notification's");
        }
    }
}
