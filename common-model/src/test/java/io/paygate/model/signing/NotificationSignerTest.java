package io.paygate.model.signing;

import static io.paygate.model.testing.NotificationVectors.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.paygate.model.json.CanonicalJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotificationSignerTest {

    private final NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(SECRET));

    @Test
    void signsTheCanonicalFormOfThePublishedPaymentBody() {
        assertEquals(PAYMENT_CANONICAL, CanonicalJson.canonicalizeWithoutSignature(PAYMENT_BODY));
        String signature = signer.bodySignature(PAYMENT_BODY);
        assertEquals(PAYMENT_SIGNATURE, signature);
        assertEquals(128, signature.length());
    }

    @Test
    void bodySignatureExcludesTheSignatureMember() {
        assertEquals(PAYMENT_SIGNATURE, signer.bodySignature(PAYMENT_RAW_BODY));
        assertEquals(PAYMENT_SIGNATURE, signer.bodySignature(PAYMENT_RAW_BODY.replace(PAYMENT_SIGNATURE, "anything")));
    }

    @Test
    void bodySignatureDoesNotDependOnMemberOrderOrWhitespace() {
        String reordered = "{ \"result\" : {\"payment\":{\"statusDesc\":null,\"status\":\"CAPTURED\",\"amount\":1.5E5}},"
                + "\"order\":{\"currency\":\"IDR\",\"reference\":\"PC7F3K9Q2M4X8B1N\",\"amount\":150000,"
                + "\"id\":\"ORD-20261121-0001\"},\"card\":{\"info\":{\"country\":\"ID\",\"subType\":\"CLASSIC\","
                + "\"type\":\"CREDIT\",\"issuing\":\"SANDBOX BANK\",\"brand\":\"VISA\"},\"mask\":\"411111******1111\"},"
                + "\"meta\":{\"data\":{\"note\":\"caf\\u00e9\",\"cart\":\"A-17\"}},\"customer\":{\"mobilePhone\":"
                + "\"+6281234567890\",\"lastName\":\"Santoso\",\"firstName\":\"Budi\",\"email\":\"budi@example.com\","
                + "\"id\":\"CUST-001\"} }";
        assertEquals(PAYMENT_SIGNATURE, signer.bodySignature(reordered));
    }

    @Test
    void payloadSignatureIsTheBodySignatureOfTheSameText() {
        // PAYMENT_BODY is compact JSON in spec order with "150000.00": only its canonical form gives this value.
        assertEquals(PAYMENT_SIGNATURE, signer.payloadSignature(PAYMENT_BODY));
        String reordered = "{\"result\":{\"payment\":{\"status\":\"CAPTURED\",\"statusDesc\":null}},"
                + "\"order\":{\"amount\":1.5E5}}";
        assertEquals(signer.bodySignature(reordered), signer.payloadSignature(reordered));
        // A payload that has the member after all takes the full path, which leaves the top-level one out.
        assertEquals(PAYMENT_SIGNATURE, signer.payloadSignature(PAYMENT_RAW_BODY));
        String nested = PAYMENT_BODY.replace("\"cart\":\"A-17\"", "\"cart\":\"A-17\",\"signature\":\"x\"");
        assertEquals(signer.bodySignature(nested), signer.payloadSignature(nested));
        assertNotEquals(PAYMENT_SIGNATURE, signer.payloadSignature(nested));
    }

    @Test
    void anyChangedValueChangesTheSignature() {
        assertNotEquals(PAYMENT_SIGNATURE, signer.bodySignature(PAYMENT_BODY.replace("150000.00", "150000.01")));
        assertNotEquals(PAYMENT_SIGNATURE, signer.bodySignature(PAYMENT_BODY.replace("CAPTURED", "FAILED")));
    }

    @Test
    void nestedSignatureMembersAreSigned() {
        String nested = PAYMENT_BODY.replace("\"cart\":\"A-17\"", "\"cart\":\"A-17\",\"signature\":\"x\"");
        assertNotEquals(PAYMENT_SIGNATURE, signer.bodySignature(nested));
    }

    @Test
    void withBodySignatureAppendsTheSignatureKeepingOrderAndNumberText() {
        assertEquals(PAYMENT_RAW_BODY, signer.withBodySignature(PAYMENT_BODY));
    }

    @Test
    void withBodySignatureReplacesAnExistingSignatureInPlace() {
        String stale = "{\"signature\":\"old\",\"a\":1}";
        String signed = signer.withBodySignature(stale);
        assertEquals("{\"signature\":\"" + signer.bodySignature("{\"a\":1}") + "\",\"a\":1}", signed);
    }

    @Test
    void headersMatchThePublishedPaymentVector() {
        Map<String, String> headers = signer.headers(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, PAYMENT_RAW_BODY);
        assertEquals(List.of("webhook-id", "webhook-timestamp", "webhook-signature", "X-SIGNATURE"),
                List.copyOf(headers.keySet()));
        assertEquals(PAYMENT_WEBHOOK_ID, headers.get("webhook-id"));
        assertEquals("1795230930", headers.get("webhook-timestamp"));
        assertEquals(PAYMENT_WEBHOOK_SIGNATURE, headers.get("webhook-signature"));
        assertEquals(PAYMENT_SIGNATURE, headers.get("X-SIGNATURE"));
    }

    @Test
    void headersMatchThePublishedDisbursementVector() {
        assertEquals(DISBURSEMENT_CANONICAL, CanonicalJson.canonicalize(DISBURSEMENT_BODY));
        Map<String, String> headers = signer.headers(DISBURSEMENT_WEBHOOK_ID, DISBURSEMENT_WEBHOOK_TIMESTAMP,
                DISBURSEMENT_BODY);
        assertEquals(DISBURSEMENT_WEBHOOK_SIGNATURE, headers.get("webhook-signature"));
        assertEquals(DISBURSEMENT_X_SIGNATURE, headers.get("X-SIGNATURE"));
    }

    @Test
    void rotationAnnouncesOneV1SignaturePerSecretPrimaryFirst() {
        NotificationSigner rotating = new NotificationSigner(WebhookSecret.parse(NEW_SECRET), WebhookSecret.parse(SECRET));
        assertEquals(PAYMENT_WEBHOOK_SIGNATURE_NEW_SECRET + " " + PAYMENT_WEBHOOK_SIGNATURE,
                rotating.sign(PAYMENT_WEBHOOK_ID, PAYMENT_WEBHOOK_TIMESTAMP, PAYMENT_RAW_BODY));
        assertEquals(PAYMENT_SIGNATURE_NEW_SECRET, rotating.bodySignature(PAYMENT_BODY));
    }

    @Test
    void refusesBodiesThatAreNotJsonObjects() {
        assertThrows(IllegalArgumentException.class, () -> signer.bodySignature("[1,2]"));
        assertThrows(IllegalArgumentException.class, () -> signer.bodySignature("{\"a\":"));
        assertThrows(IllegalArgumentException.class, () -> signer.bodySignature("{\"a\":1,\"a\":2}"));
    }

    @Test
    void needsAtLeastOneSecret() {
        assertThrows(IllegalArgumentException.class, () -> new NotificationSigner(List.of()));
    }
}
