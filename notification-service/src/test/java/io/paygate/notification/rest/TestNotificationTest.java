package io.paygate.notification.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.TestDns;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §6 "Test notification": {@code POST /pg/merchant/callbacks/test} sends one notification of each type
 * at once to a real HTTP merchant, its documented example body with a {@code TEST-…} order id and the test marker,
 * signed as a real one (checked with common-model's verifiers and the merchant's secret or its SNAP gateway key, never
 * with the signer); answers after the attempt with what happened (delivered, refused, unreachable, redirected, refused
 * at delivery after DNS, too slow); never retried; logged with type {@code test}. A third merchant without SNAP keys
 * (this class's profile) is refused the SNAP types.
 */
@QuarkusTest
@TestProfile(TestNotificationTest.WithAMerchantWithoutSnapKeys.class)
@NotificationTestResources
class TestNotificationTest extends MerchantSinkTestBase {

    static final SandboxMerchants.Merchant NO_SNAP = new SandboxMerchants.Merchant("nosnap", "No SNAP Store",
            "nosnap-client-secret", "whsec_bm8tc25hcC1zdG9yZS1ub3RpZmljYXRpb24tc2VjcmV0IQ==", "IDR");

    /** Merchant {@code nosnap}: a client secret and a notification secret, no SNAP keys. */
    public static final class WithAMerchantWithoutSnapKeys implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String prefix = "gateway.merchants." + NO_SNAP.id() + ".";
            return Map.of(prefix + "name", NO_SNAP.name(), prefix + "client-secret", NO_SNAP.clientSecret(),
                    prefix + "notification-secret", NO_SNAP.notificationSecret(), prefix + "currency", "IDR");
        }
    }

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final List<String> TYPES = List.of("payment", "disbursement", "binding", "subscription",
            "payment-link", "snap-va", "snap-qr", "snap-debit", "snap-binding");
    /** Where each type's body carries the order id, and where its test marker is. */
    private static final Map<String, String[]> ORDER_AND_MARKER = Map.of(
            "payment", new String[]{"order.id", "meta.data.test"},
            "disbursement", new String[]{"originalPartnerReferenceNo", "additionalInfo.test"},
            "binding", new String[]{"binding.id", "meta.data.test"},
            "subscription", new String[]{"recurring.id", "meta.data.test"},
            "payment-link", new String[]{"link.id", "meta.data.test"},
            "snap-va", new String[]{"trxId", "additionalInfo.test"},
            "snap-qr", new String[]{"originalPartnerReferenceNo", "additionalInfo.test"},
            "snap-debit", new String[]{"originalPartnerReferenceNo", "additionalInfo.test"},
            "snap-binding", new String[]{"partnerReferenceNo", "additionalInfo.test"});

    @Test
    void eachTypeIsSentAtOnceSignedAsARealOneAndLoggedAsATest() throws Exception {
        for (String type : TYPES) {
            sink.reset();
            String path = "/test/" + type + "?shop=7";
            JsonPath reply = send(DEMO, "{\"type\":\"" + type + "\",\"url\":\"" + sink.url(path) + "\"}")
                    .then().statusCode(200).body("responseCode", equalTo("2000000"))
                    .body("responseMessage", equalTo("Success")).body("delivered", equalTo(true))
                    .body("httpStatus", equalTo(200)).body("error", nullValue()).body("type", equalTo(type))
                    .extract().jsonPath();
            assertEquals(MerchantSink.Reply.SUCCESS_BODY, reply.getString("reply"), type);
            assertTrue(reply.getInt("durationMs") >= 0);
            String orderId = reply.getString("orderId");
            assertTrue(orderId.matches("TEST-[0-9A-HJKMNP-TV-Z]{16}"), orderId);

            List<MerchantSink.Received> received = sink.received();
            assertEquals(1, received.size(), type + ": one request, at once");
            MerchantSink.Received request = received.getFirst();
            assertEquals(path, request.path(), type);
            JsonPath body = JsonPath.from(request.body());
            assertEquals(orderId, body.getString(ORDER_AND_MARKER.get(type)[0]), type + " carries the test order id");
            assertEquals(Boolean.TRUE, body.get(ORDER_AND_MARKER.get(type)[1]), type + " is marked as a test");
            assertEquals(reply.getString("id"), request.header("webhook-id"), type);
            Map<String, String> headers = headers(request);
            if (type.startsWith("snap-")) {
                assertEquals(DEMO.id(), body.getString("additionalInfo.merchantId"));
                assertEquals(request.body(), PLAIN.writeValueAsString(PLAIN.readTree(request.body())),
                        "JSON.stringify gives the same bytes");
                SnapNotificationVerifier gatewayKey =
                        SnapNotificationVerifier.of(SandboxSnap.gatewayPublicKeyPem(DEMO));
                assertDoesNotThrow(() -> gatewayKey.verify(path, request.body(), request.header("X-TIMESTAMP"),
                        request.header("X-SIGNATURE")), type);
                assertEquals(SandboxSnap.clientKey(DEMO), request.header("X-PARTNER-ID"));
                NotificationVerifier.of(DEMO.notificationSecret()).verifyWebhookHeaders(headers, request.body());
            } else {
                NotificationVerifier.of(DEMO.notificationSecret()).verify(headers, request.body());
                assertThrows(SignatureVerificationException.class,
                        () -> NotificationVerifier.of(DEMO2.notificationSecret()).verify(headers, request.body()));
            }

            JsonPath logged = MerchantApi.as(DEMO).get("/pg/notifications/" + reply.getString("id")).then()
                    .statusCode(200).body("type", equalTo("test")).body("resourceId", equalTo(orderId))
                    .body("status", equalTo("DELIVERED")).body("attempts", equalTo(1))
                    .body("nextAttemptAt", nullValue()).body("attemptLog.size()", equalTo(1))
                    .body("attemptLog[0].httpStatus", equalTo(200)).extract().jsonPath();
            assertEquals(request.body(), logged.getString("request.body"), "the log shows what was sent");
            assertEquals(request.header("webhook-signature"), logged.getString("request.headers.webhook-signature"));
            List<String> listed = MerchantApi.as(DEMO).queryParam("type", "test").queryParam("orderId", orderId)
                    .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getList("notifications.id");
            assertEquals(List.of(reply.getString("id")), listed, type);
        }
        List<String> tests = MerchantApi.as(DEMO).queryParam("type", "test").queryParam("limit", "9")
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getList("notifications.type");
        assertEquals(9, tests.size());
        assertTrue(tests.stream().allMatch("test"::equals));
    }

    @Test
    void withoutAUrlItGoesToTheUrlRegisteredForItsType() throws Exception {
        MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"" + sink.url("/bindings") + "\",\"snapQrNotifyUrl\":\""
                + sink.url("/v1.0/qr/qr-mpm-notify") + "\",\"disbursementCallbackUrl\":null}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        send(DEMO2, "{\"type\":\"binding\"}").then().statusCode(200).body("delivered", equalTo(true));
        send(DEMO2, "{\"type\":\"snap-qr\"}").then().statusCode(200).body("delivered", equalTo(true));
        assertEquals(List.of("/bindings", "/v1.0/qr/qr-mpm-notify"),
                sink.awaitReceived(2, WAIT).stream().map(MerchantSink.Received::path).toList());
        // None registered, none given; payment, subscription and payment-link never have one registered.
        for (String type : List.of("disbursement", "payment", "subscription", "payment-link")) {
            send(DEMO2, "{\"type\":\"" + type + "\"}").then().statusCode(400).body("responseCode", equalTo("4000602"))
                    .body("responseMessage", equalTo("Invalid Mandatory Field url"));
        }
        assertEquals(2, sink.received().size());
    }

    @Test
    void refusedUnreachableRedirectedAndSlowAttemptsAreReportedAndNeverRetried() throws Exception {
        sink.respondWith(MerchantSink.Reply.status(500, "{\"error\":\"boom\"}"));
        String refused = send(DEMO, "{\"type\":\"payment\",\"url\":\"" + sink.url("/cb") + "\"}").then()
                .statusCode(200).body("delivered", equalTo(false)).body("httpStatus", equalTo(500))
                .body("error", equalTo("HTTP 500")).body("reply", equalTo("{\"error\":\"boom\"}"))
                .extract().path("id");

        sink.respondWith(MerchantSink.Reply.status(200, "{\"responseCode\":\"4000000\"}"));
        send(DEMO, "{\"type\":\"disbursement\",\"url\":\"" + sink.url("/cb") + "\"}").then().statusCode(200)
                .body("delivered", equalTo(false)).body("httpStatus", equalTo(200))
                .body("error", equalTo("responseCode 4000000 is not 2000000"));
        // SNAP: acknowledged by a code that begins with 200 only.
        send(DEMO, "{\"type\":\"snap-va\",\"url\":\"" + sink.url("/cb") + "\"}").then().statusCode(200)
                .body("delivered", equalTo(false))
                .body("error", equalTo("responseCode 4000000 does not begin with 200"));

        sink.reset();
        sink.respondWith(MerchantSink.Reply.redirect(sink.url("/elsewhere")));
        send(DEMO, "{\"type\":\"binding\",\"url\":\"" + sink.url("/moved") + "\"}").then().statusCode(200)
                .body("delivered", equalTo(false)).body("httpStatus", equalTo(302))
                .body("error", equalTo("redirect not followed (HTTP 302)"));
        assertEquals(List.of("/moved"), sink.received().stream().map(MerchantSink.Received::path).toList(),
                "the redirect is not followed");

        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        JsonPath unreachable = send(DEMO, "{\"type\":\"payment\",\"url\":\"http://127.0.0.1:" + closed + "/cb\"}")
                .then().statusCode(200).body("delivered", equalTo(false)).body("httpStatus", nullValue())
                .body("reply", nullValue()).extract().jsonPath();
        assertTrue(unreachable.getString("error").startsWith("connection failed"), unreachable.getString("error"));

        // The registered host resolved to loopback when registered; at delivery it resolves to a private address.
        TestDns.answer("flip.test", "127.0.0.1");
        MerchantApi.as(DEMO).body("{\"bindingCallbackUrl\":\"http://flip.test:" + sink.port() + "/b\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        TestDns.answer("flip.test", "10.0.0.7");
        sink.reset();
        send(DEMO, "{\"type\":\"binding\"}").then().statusCode(200).body("delivered", equalTo(false))
                .body("httpStatus", nullValue()).body("error", equalTo("address 10.0.0.7 of flip.test refused: "
                        + "private address"));
        assertEquals(List.of(), sink.received(), "nothing sent to a refused address");

        // No reply within gateway.notification.delivery.timeout (2 s in tests).
        sink.respondWith(MerchantSink.Reply.ok().after(Duration.ofSeconds(4)));
        send(DEMO, "{\"type\":\"payment\",\"url\":\"" + sink.url("/slow") + "\"}").then().statusCode(200)
                .body("delivered", equalTo(false)).body("httpStatus", nullValue())
                .body("error", equalTo("no reply within 2 s"));

        // Never retried: FAILED with its one attempt and nothing due; not redelivered, alone or in bulk.
        MerchantApi.as(DEMO).get("/pg/notifications/" + refused).then().statusCode(200)
                .body("status", equalTo("FAILED")).body("attempts", equalTo(1)).body("nextAttemptAt", nullValue())
                .body("lastHttpStatus", equalTo(500)).body("lastError", equalTo("HTTP 500"));
        MerchantApi.as(DEMO).post("/pg/notifications/" + refused + "/redeliver").then().statusCode(409)
                .body("responseCode", equalTo("4090700"))
                .body("responseMessage", equalTo("Conflict. a test notification is not sent again: ask for a new one"));
        String createdAt = MerchantApi.as(DEMO).get("/pg/notifications/" + refused).then().extract().path("createdAt");
        MerchantApi.as(DEMO).body("{\"status\":\"FAILED\",\"from\":\"" + createdAt + "\",\"to\":\""
                + java.time.Instant.parse(createdAt).plusSeconds(1) + "\"}").post("/pg/notifications/redeliver")
                .then().statusCode(200);
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE id = ?::uuid AND status = 'FAILED'"
                + " AND next_attempt_at IS NULL AND attempts = 1", refused));
        // Another merchant never sees it.
        MerchantApi.as(DEMO2).get("/pg/notifications/" + refused).then().statusCode(404)
                .body("responseCode", equalTo("4040701"));
    }

    @Test
    void aMerchantWithoutSnapKeysIsRefusedTheSnapTypesNamingTypeAndGetsTheOthers() throws Exception {
        for (String type : List.of("snap-va", "snap-qr", "snap-debit", "snap-binding")) {
            send(NO_SNAP, "{\"type\":\"" + type + "\",\"url\":\"" + sink.url("/snap") + "\"}").then().statusCode(409)
                    .body("responseCode", equalTo("4090600"))
                    .body("responseMessage", equalTo("Conflict. type " + type + " is a SNAP notification, and this "
                            + "merchant has no SNAP keys"));
        }
        assertEquals(List.of(), sink.received());
        send(NO_SNAP, "{\"type\":\"payment\",\"url\":\"" + sink.url("/cb") + "\"}").then().statusCode(200)
                .body("delivered", equalTo(true));
        MerchantSink.Received received = sink.awaitReceived(1, WAIT).getFirst();
        NotificationVerifier.of(NO_SNAP.notificationSecret()).verify(headers(received), received.body());
        assertThrows(SignatureVerificationException.class,
                () -> NotificationVerifier.of(DEMO.notificationSecret()).verify(headers(received), received.body()));
    }

    @Test
    void badRequestsNameTheirFieldAndSendNothing() {
        int own = io.restassured.RestAssured.port;
        String[][] cases = {
                {"{\"url\":\"" + sink.url("/cb") + "\"}", "4000602", "Invalid Mandatory Field type"},
                {"{\"type\":\"refund\",\"url\":\"" + sink.url("/cb") + "\"}", "4000601", "Invalid Field Format type"},
                {"{\"type\":\"test\",\"url\":\"" + sink.url("/cb") + "\"}", "4000601", "Invalid Field Format type"},
                {"{\"type\":\"PAYMENT\",\"url\":\"" + sink.url("/cb") + "\"}", "4000601", "Invalid Field Format type"},
                {"{\"type\":\"payment\",\"url\":\"\"}", "4000601", "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"ftp://merchant.example.com/cb\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"https://10.0.0.1/cb\"}", "4000601", "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"https://169.254.169.254/latest\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"https://merchant.example.com:22/cb\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"http://127.0.0.1:" + own + "/q/metrics\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"https://does-not-resolve.test/cb\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":\"payment\",\"url\":\"https://a.example/" + "x".repeat(2050) + "\"}", "4000601",
                        "Invalid Field Format url"},
                {"{\"type\":7}", "4000600", null},
                {"{\"type\":\"payment\",", "4000600", null},
                {"[]", "4000600", null}};
        for (String[] c : cases) {
            var reply = send(DEMO, c[0]).then().statusCode(400).body("responseCode", equalTo(c[1]));
            if (c[2] != null) {
                reply.body("responseMessage", equalTo(c[2]));
            }
        }
        assertEquals(List.of(), sink.received(), "nothing was sent");
        MerchantApi.as(DEMO).contentType("text/plain").body("{\"type\":\"payment\"}")
                .post("/pg/merchant/callbacks/test")
                .then().statusCode(415).body("responseCode", equalTo("4150600"));
        given().contentType("application/json").body("{\"type\":\"payment\"}").post("/pg/merchant/callbacks/test")
                .then().statusCode(401).body("responseCode", equalTo("4010600"));
    }

    private static Response send(SandboxMerchants.Merchant merchant, String body) {
        return MerchantApi.as(merchant).body(body).post("/pg/merchant/callbacks/test");
    }

    /** The headers a verifier reads, as received. */
    private static Map<String, String> headers(MerchantSink.Received received) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : List.of("webhook-id", "webhook-timestamp", "webhook-signature", "X-SIGNATURE")) {
            assertFalse(received.header(name) == null, name);
            headers.put(name, received.header(name));
        }
        assertNull(headers.get("signature"));
        return headers;
    }
}
