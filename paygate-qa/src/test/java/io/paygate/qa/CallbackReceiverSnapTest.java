package io.paygate.qa;

import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationSigner;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The receiver verifies SNAP notifications as a SNAP merchant does (issue 44: it answered them 401 "Invalid
 * X-SIGNATURE", checking them as §6 notifications, and the gateway retried them for days): the RSA signature by the
 * merchant's own gateway key, the merchant named in {@code additionalInfo.merchantId}, the Standard Webhooks headers.
 */
class CallbackReceiverSnapTest {

    private static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final KeyPair MERCHANT_KEY = rsa();
    private static final KeyPair OTHER_MERCHANTS_KEY = rsa();

    private final CallbackReceiver receiver = CallbackReceiver.start(SECRET);

    @AfterEach
    void stop() {
        receiver.close();
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(SnapKeys.MIN_SIGNING_BITS);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String qrPaid(String partnerReferenceNo, String merchantId) {
        return "{\"originalReferenceNo\":\"PC1\",\"originalPartnerReferenceNo\":\"" + partnerReferenceNo + "\","
                + "\"latestTransactionStatus\":\"00\",\"transactionStatusDesc\":\"CAPTURED\","
                + "\"amount\":{\"value\":\"25000.00\",\"currency\":\"IDR\"},\"additionalInfo\":{\"finishedTime\":"
                + "\"2026-11-28T10:15:30+07:00\",\"merchantId\":\"" + merchantId + "\"}}";
    }

    /** POSTs {@code body} as the gateway sends a SNAP notification, signed with {@code key}. */
    private HttpResponse<String> deliver(String path, String body, KeyPair key) throws Exception {
        return deliver(path, body, key, SECRET);
    }

    private HttpResponse<String> deliver(String path, String body, KeyPair key, String whsec) throws Exception {
        String timestamp = SnapPaymentNotifications.TIME.format(Instant.now().atZone(ZoneId.of("Asia/Jakarta")));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(receiver.url(path)))
                .header("Content-Type", "application/json")
                .header("X-TIMESTAMP", timestamp).header("X-PARTNER-ID", "demo")
                .header("X-EXTERNAL-ID", "12345678901234567890123456789012").header("CHANNEL-ID", "95221")
                .header("X-SIGNATURE", new SnapNotificationSigner(key.getPrivate()).sign(path, body, timestamp))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        new NotificationSigner(WebhookSecret.parse(whsec)).headers(UUID.randomUUID().toString(),
                Instant.now().getEpochSecond(), body).forEach((name, value) -> {
                    if (name.startsWith("webhook-")) {
                        request.header(name, value);
                    }
                });
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aSnapNotificationSignedWithTheMerchantsOwnKeyIsVerifiedAndAcknowledged() throws Exception {
        receiver.withSnap("demo", SnapKeys.pem(MERCHANT_KEY.getPublic()));

        HttpResponse<String> reply = deliver("/v1.0/qr/qr-mpm-notify", qrPaid("QR-1", "demo"), MERCHANT_KEY);

        assertEquals(200, reply.statusCode(), reply.body());
        assertTrue(JsonPath.from(reply.body()).getString("responseCode").startsWith("200"));
        Delivery delivery = receiver.awaitSnapQrNotification("QR-1", "00", Duration.ofSeconds(5));
        assertTrue(delivery.snap());
        assertEquals("/v1.0/qr/qr-mpm-notify", delivery.path());
    }

    @Test
    void oneSignedForAnotherMerchantOrNamingAnotherIsRefusedAndTheWaitSaysWhy() throws Exception {
        receiver.withSnap("demo", SnapKeys.pem(MERCHANT_KEY.getPublic()));

        assertEquals(401, deliver("/v1.0/qr/qr-mpm-notify", qrPaid("QR-2", "demo"), OTHER_MERCHANTS_KEY).statusCode(),
                "the relay of issue 43: another merchant's key");
        AssertionError relayed = assertThrows(AssertionError.class,
                () -> receiver.awaitSnapQrNotification("QR-2", "00", Duration.ofSeconds(5)));
        assertTrue(relayed.getMessage().contains("did not verify"), relayed.getMessage());

        assertEquals(401, deliver("/v1.0/qr/qr-mpm-notify", qrPaid("QR-3", "demo2"), MERCHANT_KEY).statusCode());
        AssertionError named = assertThrows(AssertionError.class,
                () -> receiver.awaitSnapQrNotification("QR-3", "00", Duration.ofSeconds(5)));
        assertTrue(named.getMessage().contains("a notification for another merchant"), named.getMessage());
    }

    @Test
    void itsStandardWebhooksHeadersMustHoldWithTheNotificationSecretToo() throws Exception {
        receiver.withSnap("demo", SnapKeys.pem(MERCHANT_KEY.getPublic()));

        assertEquals(401, deliver("/v1.0/qr/qr-mpm-notify", qrPaid("QR-6", "demo"), MERCHANT_KEY,
                "whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=").statusCode());
        AssertionError refused = assertThrows(AssertionError.class,
                () -> receiver.awaitSnapQrNotification("QR-6", "00", Duration.ofSeconds(5)));
        assertTrue(refused.getMessage().contains("webhook-signature"), refused.getMessage());
    }

    @Test
    void theSignatureCoversThePathItWasSentTo() throws Exception {
        receiver.withSnap("demo", SnapKeys.pem(MERCHANT_KEY.getPublic()));
        String body = qrPaid("QR-4", "demo");
        String timestamp = SnapPaymentNotifications.TIME.format(Instant.now().atZone(ZoneId.of("Asia/Jakarta")));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(receiver.url("/v1.0/debit/notify")))
                .header("Content-Type", "application/json").header("X-TIMESTAMP", timestamp)
                .header("CHANNEL-ID", "95221").header("X-SIGNATURE", new SnapNotificationSigner(
                        MERCHANT_KEY.getPrivate()).sign("/v1.0/qr/qr-mpm-notify", body, timestamp))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        assertEquals(401, HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void withoutTheMerchantsKeysASnapNotificationIsRefusedSayingSo() throws Exception {
        assertEquals(401, deliver("/v1.0/qr/qr-mpm-notify", qrPaid("QR-5", "demo"), MERCHANT_KEY).statusCode());
        AssertionError refused = assertThrows(AssertionError.class,
                () -> receiver.awaitSnapQrNotification("QR-5", "00", Duration.ofSeconds(5)));
        assertTrue(refused.getMessage().contains("withSnap"), refused.getMessage());
    }
}
