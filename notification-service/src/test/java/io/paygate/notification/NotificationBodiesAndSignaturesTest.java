package io.paygate.notification;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.IndependentSignatures;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.TestDns;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Seed §3/§4 and docs/contract.md §6 bodies, headers and the three signatures, checked without the signer under test. */
@QuarkusTest
@NotificationTestResources
class NotificationBodiesAndSignaturesTest extends MerchantSinkTestBase {

    private static final String SECRET = DEMO.notificationSecret();
    private static final Pattern HEX128 = Pattern.compile("[0-9a-f]{128}");
    private static final String CUSTOMER_JCS = "{\"email\":\"budi@example.com\",\"firstName\":\"Budi\",\"id\":\"CUST-001\","
            + "\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"}";

    @Test
    void paymentNotificationHasTheSeedFieldsAndThreeSignaturesThatVerifyIndependently() throws Exception {
        String code = Events.id("PC");
        EventEnvelope event = Events.payment(DEMO.id(), code, sink.url("/callbacks/payment"));
        Events.send(event);

        MerchantSink.Received received = sink.awaitReceived(1, Duration.ofSeconds(15)).get(0);
        JsonNode body = Json.tree(received.body());
        assertEquals("POST", received.method());
        assertEquals("/callbacks/payment", received.path());
        assertEquals("application/json", received.header("Content-Type"));

        JsonNode order = body.get("order");
        assertEquals("ORD-" + code, order.get("id").asText());
        assertTrue(order.get("amount").isNumber(), "order.amount is a JSON number");
        assertEquals(0, new BigDecimal("150000").compareTo(order.get("amount").decimalValue()));
        assertEquals(code, order.get("reference").asText(), "order.reference is the paymentCode");
        assertEquals("IDR", order.get("currency").asText());
        assertEquals("CUST-001", body.at("/customer/id").asText());
        assertEquals("café", body.at("/meta/data/note").asText());
        assertEquals("411111******1111", body.at("/card/mask").asText());
        assertEquals("VISA", body.at("/card/info/brand").asText());
        assertTrue(body.at("/result/payment/amount").isNumber());
        assertEquals("CAPTURED", body.at("/result/payment/status").asText());
        assertTrue(body.at("/result/payment").has("statusDesc") && body.at("/result/payment/statusDesc").isNull(),
                "statusDesc is written as null");

        String canonical = "{\"card\":{\"info\":{\"brand\":\"VISA\",\"country\":\"ID\",\"issuing\":\"SANDBOX BANK\","
                + "\"subType\":\"CLASSIC\",\"type\":\"CREDIT\"},\"mask\":\"411111******1111\"},\"customer\":" + CUSTOMER_JCS
                + ",\"meta\":{\"data\":{\"cart\":\"A-17\",\"note\":\"café\"}},\"order\":{\"amount\":150000,\"currency\":\"IDR\","
                + "\"id\":\"ORD-" + code + "\",\"reference\":\"" + code + "\"},\"result\":{\"payment\":{\"amount\":150000,"
                + "\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
        String expected = IndependentSignatures.hmacSha512Hex(SECRET, canonical);
        String signature = body.get("signature").asText();
        assertTrue(HEX128.matcher(signature).matches(), "128 lowercase hex characters");
        assertEquals(expected, signature, "body signature over the RFC 8785 form without signature");
        assertEquals(expected, received.header("X-SIGNATURE"));
        assertStandardWebhooksHeaders(received, db.byEvent(event.eventId()).orElseThrow().id());
        // Signed once, when stored: the attempt sent the signature the row holds.
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND body_signature = ?",
                event.eventId(), expected));
    }

    @Test
    void directDebitPaymentFailureCarriesNoCardAndItsStatusDesc() throws Exception {
        String code = Events.id("PC");
        PaymentStatusChanged captured = Events.cardCaptured(code, "ORD-" + code, sink.url("/cb"));
        PaymentStatusChanged failed = new PaymentStatusChanged(code, captured.orderId(), captured.amount(),
                captured.currency(), captured.customer(), null, captured.card(), PaymentStatus.FAILED,
                "Insufficient funds", captured.callbackUrl(), PaymentMethod.DIRECT_DEBIT);
        Events.send(Events.payment(DEMO.id(), 2, failed));

        MerchantSink.Received received = sink.awaitReceived(1, Duration.ofSeconds(15)).get(0);
        JsonNode body = Json.tree(received.body());
        assertFalse(body.has("card"), "card only for card payments");
        assertFalse(body.has("meta"), "no meta when the initiation had none");
        assertEquals("FAILED", body.at("/result/payment/status").asText());
        assertEquals("Insufficient funds", body.at("/result/payment/statusDesc").asText());
        String canonical = "{\"customer\":" + CUSTOMER_JCS + ",\"order\":{\"amount\":150000,\"currency\":\"IDR\",\"id\":\"ORD-"
                + code + "\",\"reference\":\"" + code + "\"},\"result\":{\"payment\":{\"amount\":150000,\"status\":\"FAILED\","
                + "\"statusDesc\":\"Insufficient funds\"}}}";
        assertEquals(IndependentSignatures.hmacSha512Hex(SECRET, canonical), body.get("signature").asText());
    }

    @Test
    void disbursementNotificationUsesTheSampleSpellingAndIsSignedInTheHeaderOnly() throws Exception {
        MerchantApi.registerCallbacks(DEMO, sink.url("/callbacks/disbursement"), sink.url("/callbacks/binding"));
        String ref = Events.id("DB");
        EventEnvelope event = Events.disbursement(DEMO.id(), 3, ref, DisbursementStatus.SUCCESS);
        Events.send(event);

        MerchantSink.Received received = sink.awaitReceived(1, Duration.ofSeconds(15)).get(0);
        assertEquals("/callbacks/disbursement", received.path());
        JsonNode body = Json.tree(received.body());
        assertFalse(body.has("signature"), "the disbursement notification is signed in X-SIGNATURE only");
        assertEquals("014", body.get("beneficiaryBankCode").asText());
        assertEquals("TRF-" + ref, body.get("originalPartnerReferenceNo").asText());
        assertEquals(ref, body.get("originalReferenceNo").asText());
        assertEquals("00", body.get("latestTransactionStatus").asText());
        assertEquals("automatic", body.get("triggerType").asText());
        assertEquals("250000.00", body.at("/amount/value").asText());
        assertTrue(body.at("/amount/value").isTextual(), "amount.value is a string with two fraction digits");
        assertTrue(body.at("/additionalInfo/notes").isNull());
        assertEquals("2026-11-21T10:15:42+07:00", body.get("transferDateTime").asText());

        String canonical = "{\"additionalInfo\":{\"notes\":null},\"amount\":{\"currency\":\"IDR\",\"value\":\"250000.00\"},"
                + "\"beneficiaryAccountName\":\"Siti Rahayu\",\"beneficiaryAccountNo\":\"1234567890\","
                + "\"beneficiaryBankCode\":\"014\",\"latestTransactionStatus\":\"00\",\"originalPartnerReferenceNo\":\"TRF-"
                + ref + "\",\"originalReferenceNo\":\"" + ref + "\",\"transactionDate\":\"2026-11-21T10:15:30+07:00\","
                + "\"transferDateTime\":\"2026-11-21T10:15:42+07:00\",\"triggerType\":\"automatic\"}";
        assertEquals(IndependentSignatures.hmacSha512Hex(SECRET, canonical), received.header("X-SIGNATURE"));
        assertStandardWebhooksHeaders(received, db.byEvent(event.eventId()).orElseThrow().id());
    }

    @Test
    void bindingNotificationCarriesBindingAndCustomerWithABodySignature() throws Exception {
        MerchantApi.registerCallbacks(DEMO, sink.url("/callbacks/disbursement"), sink.url("/callbacks/binding"));
        String bindingId = Events.id("BND");
        EventEnvelope event = Events.binding(DEMO.id(), 2, bindingId, BindingStatus.ACTIVE);
        Events.send(event);

        MerchantSink.Received received = sink.awaitReceived(1, Duration.ofSeconds(15)).get(0);
        assertEquals("/callbacks/binding", received.path());
        JsonNode body = Json.tree(received.body());
        assertEquals(bindingId, body.at("/binding/id").asText());
        assertEquals("ACTIVE", body.at("/binding/status").asText());
        assertEquals("BCA_DD", body.at("/binding/sourceOfFunds/type").asText());
        assertEquals("budi@example.com", body.at("/customer/email").asText());
        String canonical = "{\"binding\":{\"id\":\"" + bindingId + "\",\"sourceOfFunds\":{\"type\":\"BCA_DD\"},"
                + "\"status\":\"ACTIVE\"},\"customer\":" + CUSTOMER_JCS + "}";
        String expected = IndependentSignatures.hmacSha512Hex(SECRET, canonical);
        assertEquals(expected, body.get("signature").asText());
        assertEquals(expected, received.header("X-SIGNATURE"));
        assertStandardWebhooksHeaders(received, db.byEvent(event.eventId()).orElseThrow().id());
    }

    @Test
    void connectsToTheCheckedAddressButSendsTheUrlsHostName() {
        TestDns.answer("merchant-host.test", "127.0.0.1");
        String code = Events.id("PC");
        String url = "http://merchant-host.test:" + sink.port() + "/cb?shop=1";
        Events.send(Events.payment(DEMO.id(), code, url));

        MerchantSink.Received received = awaitOne();
        assertEquals("merchant-host.test:" + sink.port(), received.header("Host"));
        assertEquals("/cb?shop=1", received.path());
    }

    private MerchantSink.Received awaitOne() {
        await().atMost(Duration.ofSeconds(15)).until(() -> !sink.received().isEmpty());
        return sink.received().get(0);
    }

    private static void assertStandardWebhooksHeaders(MerchantSink.Received received, UUID notificationId) {
        String id = received.header("webhook-id");
        String timestamp = received.header("webhook-timestamp");
        assertEquals(notificationId.toString(), id, "webhook-id is the notification id");
        long sentAt = Long.parseLong(timestamp);
        assertTrue(Math.abs(Instant.now().getEpochSecond() - sentAt) < 60, "webhook-timestamp is this attempt's time");
        assertEquals(IndependentSignatures.webhookSignature(SECRET, id, timestamp, received.body()),
                received.header("webhook-signature"));
        // And what a merchant on the JVM would run: the published verifier accepts it.
        NotificationVerifier.of(SECRET).verify(Map.of("webhook-id", id, "webhook-timestamp", timestamp,
                "webhook-signature", received.header("webhook-signature"),
                "X-SIGNATURE", received.header("X-SIGNATURE")), received.body());
        assertNull(received.header("Location"));
    }
}
