package io.paygate.model.signing;

import static io.paygate.model.testing.NotificationVectors.SECRET;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The gateway signs a notification on one path (the payload as written, canonicalised by the JCS library:
 * {@link NotificationSigner#payloadSignature}) and the merchant verifies it on another (parse, remove
 * {@code signature}, write, canonicalise: {@link NotificationVerifier}). They must agree on every number and text
 * the parser accepts, and both refuse what it does not.
 */
class SigningAgreementTest {

    private static final WebhookSecret KEY = WebhookSecret.parse(SECRET);
    private static final long SENT = 1_795_230_930L;
    private static final NotificationVerifier VERIFIER =
            new NotificationVerifier(Clock.fixed(Instant.ofEpochSecond(SENT), ZoneOffset.UTC), KEY);
    private static final NotificationSigner SIGNER = new NotificationSigner(KEY);

    private static String payload(String value) {
        return "{\"order\":{\"id\":\"ORD-1\",\"amount\":1000.00},\"meta\":{\"data\":{\"x\":" + value + "}}}";
    }

    /** What notification-service sends: the payload with the signature appended, and its headers. */
    private static void signAndVerify(String payload) {
        String signature = SIGNER.payloadSignature(payload);
        String raw = payload.substring(0, payload.length() - 1) + ",\"signature\":\"" + signature + "\"}";
        Map<String, String> headers = Map.of(
                WebhookHeaders.ID, "n-1",
                WebhookHeaders.TIMESTAMP, Long.toString(SENT),
                WebhookHeaders.SIGNATURE, SIGNER.sign("n-1", SENT, raw),
                WebhookHeaders.X_SIGNATURE, signature);
        VERIFIER.verify(headers, raw);
        VERIFIER.verifyBodySignature(raw);
        assertEquals(signature, SIGNER.bodySignature(raw));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e-10000", "-1e-10000", "1e-400", "0e-10000", "1e308", "1.7976931348623157e308",
            "-1.7976931348623157e308", "5e-324", "0.1", "-0", "-0.0", "150000.00", "123456789012345678901234567890",
            "\"\\ud83d\\ude00\"", "\"\ud83d\ude00 caf\u00e9\"", "[1e-10000,\"\\u00e9\"]"})
    void aNotificationSignedOnThePayloadPathVerifiesOnTheMerchantPath(String value) {
        assertDoesNotThrow(() -> signAndVerify(payload(value)));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e309", "-1e400", "1e1000000000", "1e3000000000"})
    void bothPathsRefuseANumberWithoutCanonicalForm(String value) {
        String payload = payload(value);
        assertThrows(IllegalArgumentException.class, () -> SIGNER.payloadSignature(payload));
        assertRefusedOnTheMerchantPath(payload);
    }

    /** Text with a lone surrogate has no canonical form: the merchant path refuses it, whoever sent it. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\"\\ud800\"", "\"\\ude00\\ud83d\"", "\"\\udc00\"", "{\"\\ud800\":1}", "\"\ud800\""})
    void theMerchantPathRefusesALoneSurrogate(String value) {
        assertRefusedOnTheMerchantPath(payload(value));
    }

    /**
     * The payload path skips the pass for lone surrogates: the gateway's own payload (written by Jackson, which writes
     * such a character raw) is sent as {@code String.getBytes(UTF_8)}, which encodes it as {@code ?}, and signed over
     * the same encoding, so what the merchant receives verifies.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\ud800", "a\udc00b", "\ude00\ud83d"})
    void aLoneSurrogateInTheGatewaysOwnPayloadIsSignedAsTheBytesSent(String text) {
        String payload = io.paygate.model.json.Json.write(Map.of("meta", Map.of("data", Map.of("x", text))));
        String signature = SIGNER.payloadSignature(payload);
        String raw = payload.substring(0, payload.length() - 1) + ",\"signature\":\"" + signature + "\"}";
        String received = new String(raw.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                java.nio.charset.StandardCharsets.UTF_8);
        Map<String, String> headers = Map.of(
                WebhookHeaders.ID, "n-1",
                WebhookHeaders.TIMESTAMP, Long.toString(SENT),
                WebhookHeaders.SIGNATURE, SIGNER.sign("n-1", SENT, raw),
                WebhookHeaders.X_SIGNATURE, signature);
        assertDoesNotThrow(() -> VERIFIER.verify(headers, received));
        assertDoesNotThrow(() -> VERIFIER.verifyBodySignature(received));
    }

    private static void assertRefusedOnTheMerchantPath(String payload) {
        assertThrows(IllegalArgumentException.class, () -> SIGNER.bodySignature(payload));
        String raw = payload.substring(0, payload.length() - 1) + ",\"signature\":\"" + "0".repeat(128) + "\"}";
        Map<String, String> headers = Map.of(
                WebhookHeaders.ID, "n-1",
                WebhookHeaders.TIMESTAMP, Long.toString(SENT),
                WebhookHeaders.SIGNATURE, SIGNER.sign("n-1", SENT, raw),
                WebhookHeaders.X_SIGNATURE, "0".repeat(128));
        assertThrows(SignatureVerificationException.class, () -> VERIFIER.verify(headers, raw));
        assertThrows(SignatureVerificationException.class, () -> VERIFIER.verifyBodySignature(raw));
    }
}
