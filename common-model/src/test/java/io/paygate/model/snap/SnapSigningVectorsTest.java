package io.paygate.model.snap;

import static io.paygate.model.testing.SnapVectors.*;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.testing.SnapVectors;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The published vectors, made by midtrans-client 1.4.3's own functions: our signers produce, our verifiers accept them. */
class SnapSigningVectorsTest {

    static final Clock AT_VECTORS = Clock.fixed(Instant.parse("2026-11-21T03:15:30Z"), ZoneOffset.UTC);
    static final PrivateKey DEMO_PRIVATE = SnapKeys.privateKey(SnapVectors.sandboxKey("demo-private.pem"));
    static final PublicKey DEMO_PUBLIC = SnapKeys.publicKey(SnapVectors.sandboxKey("demo-public.pem"));
    static final PublicKey DEMO2_PUBLIC = SnapKeys.publicKey(SnapVectors.sandboxKey("demo2-public.pem"));
    /** The gateway's signing key for merchant demo's SNAP notifications, and the one before it (a rotation). */
    static final PublicKey GATEWAY_PUBLIC = SnapKeys.publicKey(SnapVectors.sandboxKey("gateway-demo-public.pem"));
    static final PublicKey GATEWAY_PREVIOUS =
            SnapKeys.publicKey(SnapVectors.sandboxKey("gateway-demo-previous-public.pem"));
    /** The gateway's signing key for merchant demo2: it must never verify what was signed for demo. */
    static final PublicKey GATEWAY_DEMO2 = SnapKeys.publicKey(SnapVectors.sandboxKey("gateway-demo2-public.pem"));
    static final byte[] BODY_BYTES = BODY.getBytes(StandardCharsets.UTF_8);

    @Test
    void accessTokenSignatureIsMidtransClientsByteForByte() {
        assertEquals(TOKEN_STRING_TO_SIGN, SnapAccessTokenSigner.stringToSign(CLIENT_KEY, TIMESTAMP));
        assertEquals(TOKEN_SIGNATURE, SnapAccessTokenSigner.sign(DEMO_PRIVATE, CLIENT_KEY, TIMESTAMP));
        assertEquals(TOKEN_SIGNATURE_MILLIS_Z, SnapAccessTokenSigner.sign(DEMO_PRIVATE, CLIENT_KEY, TIMESTAMP_MILLIS_Z));
    }

    @Test
    void accessTokenVerifierAcceptsTheVectorsWithZAndOffsetTimestamps() {
        SnapAccessTokenVerifier verifier = SnapAccessTokenVerifier.standard(AT_VECTORS);
        assertDoesNotThrow(() -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
        assertDoesNotThrow(() -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP_MILLIS_Z, TOKEN_SIGNATURE_MILLIS_Z));
    }

    @Test
    void accessTokenVerifierRefusesEveryAlteration() {
        SnapAccessTokenVerifier verifier = SnapAccessTokenVerifier.standard(AT_VECTORS);
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO2_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, "demo2", TIMESTAMP, TOKEN_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, "2026-11-21T10:15:31+07:00", TOKEN_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE_MILLIS_Z));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, "not base64!"));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, "QUJD"));
        assertReason(SnapSignatureException.MISSING_SIGNATURE,
                () -> verifier.verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, " "));
        Clock later = Clock.offset(AT_VECTORS, Duration.ofSeconds(301));
        assertReason(SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW, () -> SnapAccessTokenVerifier.standard(later)
                .verify(DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
    }

    /**
     * docs/contract.md §10: during a key change an access-token request signed with the previous public key's private
     * half, or a transaction signed with the previous client secret, is accepted; neither key nor secret of another is.
     * On main there is no verify with a previous key or secret.
     */
    @Test
    void verifiersAcceptThePreviousKeyOrSecretWhileTheyAreGiven() {
        SnapAccessTokenVerifier tokens = SnapAccessTokenVerifier.standard(AT_VECTORS);
        assertDoesNotThrow(() -> tokens.verify(DEMO2_PUBLIC, DEMO_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> tokens.verify(DEMO2_PUBLIC, null, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE,
                () -> tokens.verify(DEMO2_PUBLIC, GATEWAY_PUBLIC, CLIENT_KEY, TIMESTAMP, TOKEN_SIGNATURE));
        SnapTransactionVerifier transactions = SnapTransactionVerifier.standard(AT_VECTORS);
        assertDoesNotThrow(() -> transactions.verify("a-new-secret", CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN,
                BODY_BYTES, TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> transactions.verify("a-new-secret", null, "POST",
                PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> transactions.verify("a-new-secret", "an-old-one",
                "POST", PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP, TRANSACTION_SIGNATURE));
    }

    @Test
    void transactionSignatureIsMidtransClientsByteForByte() {
        assertEquals(MINIFIED_BODY_SHA256, SnapTransactionSigner.bodyHash(BODY_BYTES));
        assertEquals(TRANSACTION_STRING_TO_SIGN,
                SnapTransactionSigner.stringToSign("post", PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP));
        assertEquals(TRANSACTION_SIGNATURE,
                SnapTransactionSigner.sign(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP));
        assertEquals(TRANSACTION_SIGNATURE_MILLIS_Z, SnapTransactionSigner.sign(CLIENT_SECRET, "POST", PATH,
                ACCESS_TOKEN, MINIFIED_BODY.getBytes(StandardCharsets.UTF_8), TIMESTAMP_MILLIS_Z));
    }

    @Test
    void transactionVerifierAcceptsThePrettyAndTheMinifiedBody() {
        SnapTransactionVerifier verifier = SnapTransactionVerifier.standard(AT_VECTORS);
        assertDoesNotThrow(() -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP,
                TRANSACTION_SIGNATURE));
        assertDoesNotThrow(() -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN,
                MINIFIED_BODY.getBytes(StandardCharsets.UTF_8), TIMESTAMP_MILLIS_Z, TRANSACTION_SIGNATURE_MILLIS_Z));
        String unpadded = TRANSACTION_SIGNATURE.replace("=", "");
        assertDoesNotThrow(() -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, BODY_BYTES, TIMESTAMP,
                unpadded));
    }

    @Test
    void transactionVerifierRefusesEveryAlteration() {
        SnapTransactionVerifier verifier = SnapTransactionVerifier.standard(AT_VECTORS);
        byte[] tampered = BODY.replace("150000.00", "150001.00").getBytes(StandardCharsets.UTF_8);
        String invalid = SnapSignatureException.INVALID_SIGNATURE;
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, tampered, TIMESTAMP,
                TRANSACTION_SIGNATURE));
        assertReason(invalid, () -> verifier.verify("demo2-client-secret", "POST", PATH, ACCESS_TOKEN, BODY_BYTES,
                TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "POST", PATH, "another-token", BODY_BYTES,
                TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "POST", PATH + "?x=1", ACCESS_TOKEN, BODY_BYTES,
                TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "PUT", PATH, ACCESS_TOKEN, BODY_BYTES,
                TIMESTAMP, TRANSACTION_SIGNATURE));
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, BODY_BYTES,
                TIMESTAMP, TRANSACTION_SIGNATURE.toLowerCase()));
        assertReason(invalid, () -> verifier.verify(CLIENT_SECRET, "POST", PATH, ACCESS_TOKEN, BODY_BYTES,
                TIMESTAMP, "***"));
        assertReason(SnapSignatureException.MISSING_SIGNATURE, () -> verifier.verify(CLIENT_SECRET, "POST", PATH,
                ACCESS_TOKEN, BODY_BYTES, TIMESTAMP, null));
        assertReason(SnapSignatureException.INVALID_TIMESTAMP, () -> verifier.verify(CLIENT_SECRET, "POST", PATH,
                ACCESS_TOKEN, BODY_BYTES, "2026-11-21 10:15:30", TRANSACTION_SIGNATURE));
    }

    @Test
    void notificationSignatureIsTheOneMidtransClientVerifies() {
        SnapNotificationSigner signer = SnapNotificationSigner.of(SnapVectors.sandboxKey("gateway-demo-private.pem"));
        assertEquals(NOTIFICATION_STRING_TO_SIGN,
                SnapNotificationSigner.stringToSign("POST", NOTIFICATION_PATH, NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP));
        assertEquals(NOTIFICATION_SIGNATURE, signer.sign(NOTIFICATION_PATH, NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP));
        assertEquals("SnapNotificationSigner[***]", signer.toString());
    }

    @Test
    void notificationVerifierAcceptsEitherKeyOfARotationAndRefusesTheRest() {
        Clock at = Clock.fixed(Instant.parse("2026-11-21T03:20:00Z"), ZoneOffset.UTC);
        SnapNotificationVerifier both = new SnapNotificationVerifier(at, Duration.ofSeconds(300),
                List.of(GATEWAY_PREVIOUS, GATEWAY_PUBLIC));
        assertDoesNotThrow(() -> both.verify(NOTIFICATION_PATH, NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP,
                NOTIFICATION_SIGNATURE));
        SnapNotificationVerifier previousOnly = new SnapNotificationVerifier(at, Duration.ofSeconds(300),
                List.of(GATEWAY_PREVIOUS));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> previousOnly.verify(NOTIFICATION_PATH,
                NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP, NOTIFICATION_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> both.verify(NOTIFICATION_PATH + "?a=1",
                NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP, NOTIFICATION_SIGNATURE));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> both.verify(NOTIFICATION_PATH,
                NOTIFICATION_BODY.replace("150000.00", "1.00"), NOTIFICATION_TIMESTAMP, NOTIFICATION_SIGNATURE));
        String pretty = NOTIFICATION_BODY.replace(",", ", ").replace("{", "{ ");
        assertDoesNotThrow(() -> both.verify(NOTIFICATION_PATH, pretty, NOTIFICATION_TIMESTAMP,
                NOTIFICATION_SIGNATURE), "whitespace outside strings is not signed");
        SnapNotificationVerifier anotherMerchants = new SnapNotificationVerifier(at, Duration.ofSeconds(300),
                List.of(GATEWAY_DEMO2));
        assertReason(SnapSignatureException.INVALID_SIGNATURE, () -> anotherMerchants.verify(NOTIFICATION_PATH,
                NOTIFICATION_BODY, NOTIFICATION_TIMESTAMP, NOTIFICATION_SIGNATURE));
        Clock late = Clock.offset(at, Duration.ofSeconds(301));
        assertReason(SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW, () -> new SnapNotificationVerifier(late,
                Duration.ofSeconds(300), List.of(GATEWAY_PUBLIC)).verify(NOTIFICATION_PATH, NOTIFICATION_BODY,
                NOTIFICATION_TIMESTAMP, NOTIFICATION_SIGNATURE));
    }

    @Test
    void theMerchantGuidePublishesTheNotificationVectorWithDemosKey() {
        String guide = SnapVectors.repositoryFile("docs/merchant-guide.md");
        for (String published : List.of(NOTIFICATION_BODY, NOTIFICATION_STRING_TO_SIGN, NOTIFICATION_SIGNATURE,
                "deploy/local/snap/gateway-demo-private.pem", "/pg/snap/public-keys/")) {
            assertTrue(guide.contains(published),
                    "docs/merchant-guide.md holds " + published);
        }
    }

    @Test
    void signAndVerifyAgreeOnAnyMessage() {
        Clock now = Clock.systemUTC();
        String ts = SnapTimestamps.now(now, java.time.ZoneId.of("Asia/Jakarta"));
        String signature = SnapAccessTokenSigner.sign(DEMO_PRIVATE, "client \u00e9|x", ts);
        assertDoesNotThrow(() -> SnapAccessTokenVerifier.standard(now).verify(DEMO_PUBLIC, "client \u00e9|x", ts,
                signature));
        byte[] body = "{\"a\":\"\u2603\"}".getBytes(StandardCharsets.UTF_8);
        String mac = SnapTransactionSigner.sign("s\u00e9cret", "GET", "/v1.0/x?y=1", "t", body, ts);
        assertDoesNotThrow(() -> SnapTransactionVerifier.standard(now).verify("s\u00e9cret", "get", "/v1.0/x?y=1", "t",
                body, ts, mac));
    }

    private static void assertReason(String reason, org.junit.jupiter.api.function.Executable call) {
        assertEquals(reason, assertThrows(SnapSignatureException.class, call).reason());
    }
}
