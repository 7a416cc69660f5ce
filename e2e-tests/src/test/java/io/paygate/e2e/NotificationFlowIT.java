package io.paygate.e2e;

import io.paygate.model.signing.NotificationVerifier;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * State changes reach the merchant across the whole stack: payment-service or the sandbox bank → outbox → Kafka
 * → notification-service → a real HTTP merchant, signed so that common-model's verifier and an independent
 * computation both accept it, each notification once.
 */
class NotificationFlowIT {

    MerchantSink sink;

    @BeforeEach
    void start() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stop() {
        sink.close();
    }

    static RequestSpecification merchant(String baseUrl) {
        return given().baseUri(baseUrl).filter(MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .contentType("application/json");
    }

    @Test
    void aCapturedCardPaymentIsNotifiedOnceSignedThreeWays() throws Exception {
        String orderId = "ORD-" + UUID.randomUUID();
        String redirect = merchant(Stack.payment()).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"id":"CUST-9",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, sink.url("/payments")))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        String paymentCode = redirect.substring(redirect.lastIndexOf('/') + 1);
        given().baseUri(Stack.payment()).redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + paymentCode + "/card").then().statusCode(303);

        MerchantSink.Received notification = sink.awaitReceived(1, Duration.ofSeconds(60)).get(0);
        verifySignatures(notification);
        JsonPath body = JsonPath.from(notification.body());
        assertEquals(orderId, body.getString("order.id"));
        assertEquals(paymentCode, body.getString("order.reference"));
        assertEquals("CAPTURED", body.getString("result.payment.status"));
        assertEquals("411111******1111", body.getString("card.mask"));
        assertEquals(128, body.getString("signature").length());
        assertFalse(notification.body().contains("4111111111111111"), "never the card number");

        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> sink.received().size() == 1);
    }

    @Test
    void aDisbursementIsNotifiedAtEachStepToTheRegisteredUrl() throws Exception {
        merchant(Stack.notification()).body("{\"disbursementCallbackUrl\":\"" + sink.url("/disbursements") + "\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        String partnerRef = "TRF-" + UUID.randomUUID();
        merchant(Stack.payment()).body("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}"""
                .formatted(partnerRef)).post("/pg/disbursement/transfer").then().statusCode(200);

        await().atMost(Duration.ofSeconds(60)).until(() -> sink.received().stream()
                .anyMatch(r -> r.body().contains("\"latestTransactionStatus\":\"00\"")));
        List<MerchantSink.Received> mine = sink.received().stream()
                .filter(r -> r.body().contains(partnerRef)).toList();
        for (MerchantSink.Received r : mine) {
            verifySignatures(r);
            assertFalse(JsonPath.from(r.body()).getMap("").containsKey("signature"), "signature sits in the header");
            assertEquals(partnerRef, JsonPath.from(r.body()).getString("originalPartnerReferenceNo"));
            assertEquals("014", JsonPath.from(r.body()).getString("beneficiaryBankCode"));
        }
        assertEquals("00", JsonPath.from(mine.get(mine.size() - 1).body()).getString("latestTransactionStatus"));
    }

    /** common-model's verifier, and the Standard Webhooks signature recomputed here with the JDK alone. */
    static void verifySignatures(MerchantSink.Received r) throws Exception {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        r.headers().forEach((name, values) -> headers.put(name, values.get(0)));
        NotificationVerifier.of(SandboxMerchants.DEMO.notificationSecret()).verify(headers, r.body());

        byte[] key = Base64.getDecoder().decode(SandboxMerchants.DEMO.notificationSecret().substring("whsec_".length()));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        String signed = headers.get("webhook-id") + "." + headers.get("webhook-timestamp") + "." + r.body();
        String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
        assertTrue(List.of(headers.get("webhook-signature").split(" ")).contains(expected), "webhook-signature");
        assertEquals(128, headers.get("X-SIGNATURE").length());
    }
}
