package io.paygate.model.signing;

import static io.paygate.model.testing.NotificationVectors.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.paygate.model.testing.Openssl;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Recomputes the published notification vectors with the openssl binary (skipped when it is absent). */
class NotificationSigningOpensslTest {

    private static String keyHex;
    private static String newKeyHex;

    @BeforeAll
    static void requireOpenssl() throws Exception {
        assumeTrue(Openssl.available(), "openssl not on PATH");
        keyHex = Openssl.base64DecodeToHex(SECRET.substring("whsec_".length()));
        newKeyHex = Openssl.base64DecodeToHex(NEW_SECRET.substring("whsec_".length()));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void secretDecodesToThePublishedKey() {
        assertEquals(SECRET_KEY_HEX, keyHex);
    }

    @Test
    void bodySignaturesAgreeWithOpenssl() throws Exception {
        assertEquals(PAYMENT_SIGNATURE, Openssl.hmacHex("sha512", keyHex, utf8(PAYMENT_CANONICAL)));
        assertEquals(PAYMENT_SIGNATURE_NEW_SECRET, Openssl.hmacHex("sha512", newKeyHex, utf8(PAYMENT_CANONICAL)));
        assertEquals(DISBURSEMENT_X_SIGNATURE, Openssl.hmacHex("sha512", keyHex, utf8(DISBURSEMENT_CANONICAL)));
    }

    @Test
    void webhookSignaturesAgreeWithOpenssl() throws Exception {
        String payment = PAYMENT_WEBHOOK_ID + "." + PAYMENT_WEBHOOK_TIMESTAMP + "." + PAYMENT_RAW_BODY;
        assertEquals(PAYMENT_WEBHOOK_SIGNATURE, "v1," + Openssl.hmacBase64("sha256", keyHex, utf8(payment)));
        assertEquals(PAYMENT_WEBHOOK_SIGNATURE_NEW_SECRET, "v1," + Openssl.hmacBase64("sha256", newKeyHex, utf8(payment)));
        String disbursement = DISBURSEMENT_WEBHOOK_ID + "." + DISBURSEMENT_WEBHOOK_TIMESTAMP + "." + DISBURSEMENT_BODY;
        assertEquals(DISBURSEMENT_WEBHOOK_SIGNATURE, "v1," + Openssl.hmacBase64("sha256", keyHex, utf8(disbursement)));
    }

    @Test
    void rawBodyDigestAgreesWithOpenssl() throws Exception {
        assertEquals(PAYMENT_RAW_BODY_SHA256, Openssl.sha256Hex(utf8(PAYMENT_RAW_BODY)));
    }

    @Test
    void signerAgreesWithOpensslOnAFreshSecretAndBody() throws Exception {
        WebhookSecret fresh = WebhookSecret.generate();
        String hex = Openssl.base64DecodeToHex(fresh.reveal().substring("whsec_".length()));
        NotificationSigner signer = new NotificationSigner(fresh);
        String body = "{\"b\":[1,2.50,{\"z\":null,\"a\":\"\u00fc\"}],\"a\":true}";
        String canonical = "{\"a\":true,\"b\":[1,2.5,{\"a\":\"\u00fc\",\"z\":null}]}";
        assertEquals(Openssl.hmacHex("sha512", hex, utf8(canonical)), signer.bodySignature(body));
        assertEquals("v1," + Openssl.hmacBase64("sha256", hex, utf8("id-1.42." + body)), signer.sign("id-1", 42, body));
    }
}
