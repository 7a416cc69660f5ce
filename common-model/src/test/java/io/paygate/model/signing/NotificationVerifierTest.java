package io.paygate.model.signing;

import static io.paygate.model.testing.NotificationVectors.*;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class NotificationVerifierTest {

    private static final WebhookSecret OLD = WebhookSecret.parse(SECRET);
    private static final WebhookSecret NEW = WebhookSecret.parse(NEW_SECRET);
    private static final Instant SENT = Instant.ofEpochSecond(PAYMENT_WEBHOOK_TIMESTAMP);

    private static NotificationVerifier verifierAt(Instant now, WebhookSecret... secrets) {
        return new NotificationVerifier(Clock.fixed(now, ZoneOffset.UTC), secrets);
    }

    private static Map<String, String> publishedHeaders() {
        Map<String, String> headers = new HashMap<>();
        headers.put("webhook-id", PAYMENT_WEBHOOK_ID);
        headers.put("webhook-timestamp", Long.toString(PAYMENT_WEBHOOK_TIMESTAMP));
        headers.put("webhook-signature", PAYMENT_WEBHOOK_SIGNATURE);
        headers.put("X-SIGNATURE", PAYMENT_SIGNATURE);
        return headers;
    }

    private static String failure(Executable call) {
        return assertThrows(SignatureVerificationException.class, call).getMessage();
    }

    @Test
    void acceptsThePublishedPaymentVector() {
        assertDoesNotThrow(() -> verifierAt(SENT, OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY));
    }

    @Test
    void acceptsThePublishedDisbursementVectorWithoutBodySignature() {
        Map<String, String> headers = Map.of("webhook-id", DISBURSEMENT_WEBHOOK_ID,
                "webhook-timestamp", Long.toString(DISBURSEMENT_WEBHOOK_TIMESTAMP),
                "webhook-signature", DISBURSEMENT_WEBHOOK_SIGNATURE, "X-SIGNATURE", DISBURSEMENT_X_SIGNATURE);
        assertDoesNotThrow(() -> verifierAt(Instant.ofEpochSecond(DISBURSEMENT_WEBHOOK_TIMESTAMP), OLD)
                .verify(headers, DISBURSEMENT_BODY));
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        Map<String, String> shouting = new HashMap<>();
        publishedHeaders().forEach((name, value) -> shouting.put(name.toUpperCase(), value));
        shouting.put("x-signature", shouting.remove("X-SIGNATURE"));
        assertDoesNotThrow(() -> verifierAt(SENT, OLD).verify(shouting, PAYMENT_RAW_BODY));
    }

    @Test
    void rejectsTamperedBody() {
        String tampered = PAYMENT_RAW_BODY.replace("\"amount\":150000.00,\"status\"", "\"amount\":1.00,\"status\"");
        assertEquals("No matching webhook-signature", failure(() -> verifierAt(SENT, OLD).verify(publishedHeaders(), tampered)));
    }

    @Test
    void rejectsWrongSecret() {
        WebhookSecret other = WebhookSecret.parse("whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=");
        assertEquals("No matching webhook-signature",
                failure(() -> verifierAt(SENT, other).verify(publishedHeaders(), PAYMENT_RAW_BODY)));
    }

    @Test
    void rejectsWrongXSignatureEvenWhenWebhookSignatureMatches() {
        Map<String, String> headers = publishedHeaders();
        headers.put("X-SIGNATURE", PAYMENT_SIGNATURE_NEW_SECRET);
        assertEquals("Invalid X-SIGNATURE", failure(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY)));
    }

    @Test
    void rejectsWrongBodySignatureEvenWhenHeadersMatch() {
        String forged = PAYMENT_RAW_BODY.replace(PAYMENT_SIGNATURE, PAYMENT_SIGNATURE_NEW_SECRET);
        NotificationSigner signer = new NotificationSigner(OLD);
        Map<String, String> headers = signer.headers(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, forged);
        assertEquals("Invalid body signature", failure(() -> verifierAt(SENT, OLD).verify(headers, forged)));
    }

    @Test
    void acceptsTimestampExactlyThreeHundredSecondsAway() {
        assertDoesNotThrow(() -> verifierAt(SENT.plusSeconds(300), OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY));
        assertDoesNotThrow(() -> verifierAt(SENT.minusSeconds(300), OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY));
    }

    @Test
    void rejectsStaleTimestamp() {
        assertEquals("Message timestamp too old",
                failure(() -> verifierAt(SENT.plusSeconds(301), OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY)));
    }

    @Test
    void rejectsFutureTimestamp() {
        assertEquals("Message timestamp too new",
                failure(() -> verifierAt(SENT.minusSeconds(301), OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY)));
    }

    @Test
    void rejectsReplayWithAnotherTimestamp() {
        Map<String, String> headers = publishedHeaders();
        headers.put("webhook-timestamp", Long.toString(PAYMENT_WEBHOOK_TIMESTAMP + 60));
        assertEquals("No matching webhook-signature", failure(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY)));
    }

    @Test
    void rejectsMissingHeaders() {
        for (String name : List.of("webhook-id", "webhook-timestamp", "webhook-signature", "X-SIGNATURE")) {
            Map<String, String> headers = publishedHeaders();
            headers.remove(name);
            assertEquals("Missing " + name + " header", failure(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY)));
        }
    }

    @Test
    void rejectsNonNumericTimestamp() {
        Map<String, String> headers = publishedHeaders();
        headers.put("webhook-timestamp", "2026-11-21T10:15:30+07:00");
        assertEquals("Invalid webhook-timestamp header", failure(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY)));
    }

    @Test
    void ignoresUnknownSignatureVersionsAndAcceptsAnyMatchingEntry() {
        Map<String, String> headers = publishedHeaders();
        headers.put("webhook-signature", "v2,abc v1,AAAA " + PAYMENT_WEBHOOK_SIGNATURE);
        assertDoesNotThrow(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY));
        headers.put("webhook-signature", PAYMENT_WEBHOOK_SIGNATURE.replace("v1,", "v2,"));
        assertEquals("No matching webhook-signature", failure(() -> verifierAt(SENT, OLD).verify(headers, PAYMENT_RAW_BODY)));
    }

    @Test
    void rotatedSecretsBothVerify() {
        NotificationSigner rotating = new NotificationSigner(NEW, OLD);
        String raw = rotating.withBodySignature(PAYMENT_BODY);
        Map<String, String> headers = rotating.headers(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, raw);
        assertDoesNotThrow(() -> verifierAt(SENT, OLD, NEW).verify(headers, raw));
        assertDoesNotThrow(() -> verifierAt(SENT, NEW).verify(headers, raw));
        // Still signed with the old secret only: a merchant that already switched to both keeps accepting it.
        assertDoesNotThrow(() -> verifierAt(SENT, NEW, OLD).verify(publishedHeaders(), PAYMENT_RAW_BODY));
        // A Standard Webhooks library holding only the old secret finds its v1 entry.
        assertEquals(new NotificationSigner(OLD).sign(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, raw),
                headers.get("webhook-signature").split(" ")[1]);
    }

    @Test
    void rejectsBodyThatIsNotAJsonObject() {
        NotificationSigner signer = new NotificationSigner(OLD);
        String raw = "[1,2,3]";
        Map<String, String> headers = new HashMap<>(publishedHeaders());
        headers.put("webhook-signature", signer.sign(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, raw));
        assertEquals("Body is not a valid JSON object", failure(() -> verifierAt(SENT, OLD).verify(headers, raw)));
    }

    @Test
    void verifiesTheBodySignatureAlone() {
        NotificationVerifier verifier = verifierAt(SENT, OLD);
        assertDoesNotThrow(() -> verifier.verifyBodySignature(PAYMENT_RAW_BODY));
        assertEquals("Invalid body signature",
                failure(() -> verifier.verifyBodySignature(PAYMENT_RAW_BODY.replace("Budi", "Bud1"))));
        assertEquals("Missing body signature", failure(() -> verifier.verifyBodySignature(PAYMENT_BODY)));
        assertEquals("Invalid body signature", failure(() -> verifierAt(SENT, NEW).verifyBodySignature(PAYMENT_RAW_BODY)));
    }

    @Test
    void merchantOneLinerVerifiesAFreshNotification() {
        NotificationSigner signer = new NotificationSigner(OLD);
        long now = Instant.now().getEpochSecond();
        String raw = signer.withBodySignature(PAYMENT_BODY);
        Map<String, String> headers = signer.headers("fresh-id", now, raw);
        assertDoesNotThrow(() -> NotificationVerifier.of(SECRET).verify(headers, raw));
    }

    @Test
    void honoursAConfiguredTolerance() {
        NotificationVerifier strict = new NotificationVerifier(Clock.fixed(SENT.plusSeconds(11), ZoneOffset.UTC),
                Duration.ofSeconds(10), List.of(OLD));
        assertEquals("Message timestamp too old", failure(() -> strict.verify(publishedHeaders(), PAYMENT_RAW_BODY)));
    }
}
