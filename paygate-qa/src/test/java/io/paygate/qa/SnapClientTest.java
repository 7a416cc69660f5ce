package io.paygate.qa;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.snap.SnapAccessTokenVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.snap.SnapTransactionVerifier;
import io.paygate.model.snap.binding.AccountBindingCustomer;
import io.paygate.model.snap.binding.AccountBindingInfo;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.model.snap.binding.AccountInquiryRequest;
import io.paygate.model.snap.binding.AccountUnbindingRequest;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SNAP client against a small gateway stand-in that verifies what it receives with common-model's SNAP verifiers
 * (docs/contract.md §9): the client's token requests and transaction signatures are what the gateway checks.
 */
@org.junit.jupiter.api.extension.ExtendWith(WithoutEnvironment.class)
class SnapClientTest {

    static final KeyPair KEYS = keyPair();
    static final String SECRET = "qa-client-secret";

    HttpServer server;
    String baseUrl;
    final AtomicInteger tokensIssued = new AtomicInteger();
    final List<Map<String, String>> received = new ArrayList<>();
    volatile String expiresIn = "900";

    static KeyPair keyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String privatePem() {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(KEYS.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1.0/access-token/b2b", this::token);
        server.createContext("/v1.0/qr/qr-mpm-generate", this::transaction);
        server.createContext("/v1.0/registration-account-", this::transaction);
        server.createContext(SnapClient.BALANCE_INQUIRY, this::transaction);
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void token(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        try {
            SnapAccessTokenVerifier.standard(Clock.systemUTC()).verify(KEYS.getPublic(),
                    exchange.getRequestHeaders().getFirst("X-CLIENT-KEY"),
                    exchange.getRequestHeaders().getFirst("X-TIMESTAMP"),
                    exchange.getRequestHeaders().getFirst("X-SIGNATURE"));
        } catch (SnapSignatureException e) {
            reply(exchange, 401, "{\"responseCode\":\"4017300\",\"responseMessage\":\"Unauthorized. " + e.reason() + "\"}");
            return;
        }
        assertEquals("{\"grantType\":\"client_credentials\"}", body);
        reply(exchange, 200, "{\"responseCode\":\"2007300\",\"responseMessage\":\"Successful\",\"accessToken\":\"tok-"
                + tokensIssued.incrementAndGet() + "\",\"tokenType\":\"Bearer\",\"expiresIn\":\"" + expiresIn + "\"}");
    }

    private void transaction(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
        headers.put(":path", exchange.getRequestURI().toString());
        headers.put(":body", new String(body, StandardCharsets.UTF_8));
        synchronized (received) {
            received.add(headers);
        }
        String token = headers.getOrDefault("Authorization", "").replaceFirst("^Bearer ", "");
        try {
            SnapTransactionVerifier.standard(Clock.systemUTC()).verify(SECRET, exchange.getRequestMethod(),
                    exchange.getRequestURI().toString(), token, body, headers.get("X-TIMESTAMP"),
                    headers.get("X-SIGNATURE"));
        } catch (SnapSignatureException e) {
            reply(exchange, 401, "{\"responseCode\":\"4014700\",\"responseMessage\":\"Unauthorized. " + e.reason() + "\"}");
            return;
        }
        reply(exchange, 200, "{\"responseCode\":\"2004700\",\"responseMessage\":\"Successful\"}");
    }

    /** Answers the exchange with {@code json} (a stand-in gateway's reply; {@link NotificationSelfServiceTest} too). */
    static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    SnapClient client() {
        return SnapClient.of(baseUrl, "qa-client", SECRET, privatePem());
    }

    @Test
    void getsATokenOnceAndSignsRequestsTheGatewayVerifies() {
        SnapClient snap = client();
        for (String body : new String[]{"{\"partnerReferenceNo\":\"QR-1\"}",
                "{\n  \"partnerReferenceNo\" : \"QR-2\",\n  \"note\" : \"caf\u00e9 \u2013 1 kg\"\n}"}) {
            Response reply = snap.request().body(body).post("/v1.0/qr/qr-mpm-generate");
            assertEquals(200, reply.statusCode(), reply.asString());
        }
        assertEquals(1, tokensIssued.get(), "one token for both requests");
        Set<String> externalIds = new HashSet<>();
        for (Map<String, String> headers : received) {
            assertEquals("Bearer tok-1", headers.get("Authorization"));
            assertEquals("qa-client", headers.get("X-PARTNER-ID"));
            assertEquals("95221", headers.get("CHANNEL-ID"));
            assertTrue(headers.get("X-TIMESTAMP").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+07:00"),
                    headers.get("X-TIMESTAMP"));
            externalIds.add(headers.get("X-EXTERNAL-ID"));
        }
        assertEquals(2, externalIds.size(), "a new X-EXTERNAL-ID per request");
    }

    @Test
    void signsTheHeadersARequestAlreadyHasAndLeavesOutTheExternalIdOnRequest() {
        SnapClient snap = client();
        assertEquals(200, snap.request().header("X-EXTERNAL-ID", "chosen-1").body("{}")
                .post("/v1.0/qr/qr-mpm-generate").statusCode());
        assertEquals(200, snap.request(snap.signing().withoutExternalId().withMillisZTimestamps().withChannelId("SDK"))
                .body("{}").post("/v1.0/qr/qr-mpm-generate").statusCode());
        assertEquals(200, snap.post("/v1.0/qr/qr-mpm-generate", Map.of("partnerReferenceNo", "QR-3")).statusCode());
        assertEquals("chosen-1", received.get(0).get("X-EXTERNAL-ID"));
        assertNull(received.get(1).get("X-EXTERNAL-ID"));
        assertEquals("SDK", received.get(1).get("CHANNEL-ID"));
        assertTrue(received.get(1).get("X-TIMESTAMP").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"),
                received.get(1).get("X-TIMESTAMP"));
    }

    @Test
    void accountBindingCallsPostTheStandardsBodiesToTheirPathsSigned() {
        SnapClient snap = client();
        assertEquals(200, snap.bindAccount(new AccountBindingRequest("BIND-1", "081234567890", "qa", null,
                new AccountBindingCustomer(null, "budi@example.com", "Budi", "Santoso"), null, null,
                new AccountBindingInfo("BRI_DD"))).statusCode());
        assertEquals(200, snap.inquireAccount(new AccountInquiryRequest("BIND-1", null, null, null)).statusCode());
        assertEquals(200, snap.unbindAccount(new AccountUnbindingRequest("qa", "bnd_1", null, null)).statusCode());
        assertEquals(List.of(SnapClient.ACCOUNT_BINDING, SnapClient.ACCOUNT_INQUIRY, SnapClient.ACCOUNT_UNBINDING),
                received.stream().map(h -> h.get(":path")).toList());
        assertEquals("{\"partnerReferenceNo\":\"BIND-1\",\"phoneNo\":\"081234567890\",\"merchantId\":\"qa\","
                + "\"additionalData\":{\"email\":\"budi@example.com\",\"firstName\":\"Budi\",\"lastName\":\"Santoso\"},"
                + "\"additionalInfo\":{\"channel\":\"BRI_DD\"}}", received.get(0).get(":body"));
        assertEquals("{\"merchantId\":\"qa\",\"referenceNo\":\"bnd_1\"}", received.get(2).get(":body"));
    }

    @Test
    void theBalanceInquiryPostsAReferenceSignedToService11sPath() {
        SnapClient snap = client();
        assertEquals(200, snap.balanceInquiry().statusCode());
        assertEquals(200, snap.balanceInquiry("{\"partnerReferenceNo\":\"BAL-1\",\"balanceTypes\":[\"Cash\"]}")
                .statusCode());
        assertEquals(List.of(SnapClient.BALANCE_INQUIRY, SnapClient.BALANCE_INQUIRY),
                received.stream().map(h -> h.get(":path")).toList());
        assertTrue(received.get(0).get(":body").matches("\\{\"partnerReferenceNo\":\"QA-BAL-[0-9a-f-]{36}\"}"),
                received.get(0).get(":body"));
        assertEquals("{\"partnerReferenceNo\":\"BAL-1\",\"balanceTypes\":[\"Cash\"]}", received.get(1).get(":body"));
    }

    @Test
    void aTokenIsRenewedAMinuteBeforeItExpires() {
        expiresIn = "30";
        SnapClient snap = client();
        assertEquals("tok-1", snap.accessToken());
        assertEquals("tok-2", snap.accessToken());
        expiresIn = "900";
        assertEquals("tok-3", snap.accessToken());
        assertEquals("tok-3", snap.accessToken());
        assertEquals("tok-3", snap.at("http://127.0.0.1:1").accessToken(), "another base URL shares the token");
    }

    @Test
    void aWrongKeyOrSecretIsWhatTheGatewaySees() {
        SnapClient otherKey = SnapClient.of(baseUrl, "qa-client", SECRET, "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(keyPair().getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        Response refused = otherKey.tokenReply();
        assertEquals(401, refused.statusCode());
        assertEquals("Unauthorized. Invalid signature", refused.jsonPath().getString("responseMessage"));
        AssertionError failed = assertThrows(AssertionError.class, otherKey::accessToken);
        assertTrue(failed.getMessage().contains("SNAP access token of qa-client"), failed.getMessage());

        SnapClient otherSecret = SnapClient.of(baseUrl, "qa-client", "not-the-secret", privatePem());
        assertEquals(401, otherSecret.request().body("{}").post("/v1.0/qr/qr-mpm-generate").statusCode());
    }

    @Test
    void paygateGivesTheTargetsMerchantASnapClientFromTheSettings(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        Paygate paygate = Paygate.of(PaygateTarget.of(baseUrl, "qa-client", SECRET,
                "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE="));
        String file = System.clearProperty("paygate.snap.private-key-file");
        String key = System.clearProperty("paygate.snap.private-key");
        try {
            IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, paygate::snap);
            assertTrue(missing.getMessage().contains("paygate.snap.private-key-file (PAYGATE_SNAP_PRIVATE_KEY_FILE)"),
                    missing.getMessage());
            System.setProperty("paygate.snap.private-key-file",
                    java.nio.file.Files.writeString(dir.resolve("key.pem"), privatePem()).toString());
            SnapClient snap = paygate.snap();
            assertEquals("qa-client", snap.clientKey());
            assertEquals(200, snap.request().body("{}").post("/v1.0/qr/qr-mpm-generate").statusCode());
            assertTrue(snap == paygate.snap(), "one client, one token");
        } finally {
            restore("paygate.snap.private-key-file", file);
            restore("paygate.snap.private-key", key);
        }
    }

    private static void restore(String name, String value) {
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
    }

    @Test
    void neverPrintsItsSecrets() {
        SnapClient snap = client();
        String token = snap.accessToken();
        assertEquals("SnapClient[qa-client at " + baseUrl.substring(0, baseUrl.length() - 1) + "]", snap.toString());
        assertFalse(snap.signing().toString().contains(token));
        assertFalse(snap.signing().toString().contains(SECRET));
    }
}
