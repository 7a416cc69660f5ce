package io.paygate.kit.ratelimit;

import io.paygate.model.ids.RequestIds;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.logs.RecordedLogs;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rate limits of docs/contract.md §0 on small limits: one token every 4 s, bursts of 3 (5 for pages). Every test draws from
 * buckets of its own (its own merchant, its own client address through a trusted proxy), so the order of the tests
 * does not matter.
 */
@QuarkusTest
@TestProfile(RateLimitTest.SmallLimits.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_ratelimit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class RateLimitTest {

    static final String VALID = "{\"id\":\"ord-1\",\"amount\":\"100\",\"inner\":{\"name\":\"x\"}}";
    static final Rate MERCHANT = new Rate(0.25, 3);
    static final String NOTIFICATION_SECRET = SandboxMerchants.DEMO.notificationSecret();

    public static class SmallLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.ofEntries(
                    Map.entry("gateway.rate-limit.merchant.per-second", "0.25"),
                    Map.entry("gateway.rate-limit.merchant.burst", "3"),
                    Map.entry("gateway.rate-limit.address.per-second", "0.25"),
                    Map.entry("gateway.rate-limit.address.burst", "3"),
                    Map.entry("gateway.rate-limit.page.per-second", "0.25"),
                    Map.entry("gateway.rate-limit.page.burst", "5"),
                    // RestAssured connects from 127.0.0.1: a trusted proxy, so each test names its client in
                    // X-Forwarded-For. 127.0.0.2 is not trusted.
                    Map.entry("gateway.trusted-proxies", "127.0.0.1/32,10.0.0.0/8"),
                    merchant("m1"), merchantName("m1"), merchantNotification("m1"),
                    merchant("m2"), merchantName("m2"), merchantNotification("m2"),
                    merchant("m3"), merchantName("m3"), merchantNotification("m3"),
                    merchant("m4"), merchantName("m4"), merchantNotification("m4"));
        }

        static Map.Entry<String, String> merchant(String id) {
            return Map.entry("gateway.merchants." + id + ".client-secret", id + "-secret");
        }

        static Map.Entry<String, String> merchantName(String id) {
            return Map.entry("gateway.merchants." + id + ".name", "Merchant " + id);
        }

        static Map.Entry<String, String> merchantNotification(String id) {
            return Map.entry("gateway.merchants." + id + ".notification-secret", NOTIFICATION_SECRET);
        }
    }

    static Response echo(String merchant, String client) {
        return given().filter(MerchantSigningFilter.as(merchant, merchant + "-secret"))
                .header("X-Forwarded-For", client).contentType("application/json").body(VALID).post("/pg/kit/echo");
    }

    static Response wrongSecret(String client) {
        return given().filter(MerchantSigningFilter.as("m3", "a-guess"))
                .header("X-Forwarded-For", client).contentType("application/json").body(VALID).post("/pg/kit/echo");
    }

    static Response open(String forwardedFor) {
        return given().header("X-Forwarded-For", forwardedFor).get("/pg/kit/open");
    }

    static void assertTooManyRequests(Response response) {
        response.then().statusCode(429)
                .body("responseCode", equalTo("4290100"))
                .body("responseMessage", equalTo("Too Many Requests"))
                .header("Retry-After", "4");
    }

    @Test
    void aMerchantOverItsBurstIsRefusedWith429AndRetryAfterThenServedAgainAfterTheRefill() throws Exception {
        for (int i = 0; i < 3; i++) {
            echo("m1", "198.51.100.1").then().statusCode(200);
        }
        assertTooManyRequests(echo("m1", "198.51.100.1"));
        assertTooManyRequests(echo("m1", "198.51.100.99")); // the merchant's bucket, whatever its address
        Thread.sleep(4_100);
        echo("m1", "198.51.100.1").then().statusCode(200).body("merchant", equalTo("m1"));
        assertTooManyRequests(echo("m1", "198.51.100.1"));
    }

    @Test
    void aMerchantsBucketIsSharedWithEveryOtherReplica() throws Exception {
        // Another replica: the same statement through its own connection to the same database.
        SharedBuckets replica = new SharedBuckets(otherConnection());

        echo("m2", "198.51.100.2").then().statusCode(200);
        echo("m2", "198.51.100.2").then().statusCode(200);
        assertTrue(replica.tryTake("m:m2", MERCHANT), "the third token of the burst");
        assertFalse(replica.tryTake("m:m2", MERCHANT), "this service took the first two");
        assertTooManyRequests(echo("m2", "198.51.100.2"));
    }

    @Test
    void aTakeOfSeveralTokensGetsWhatIsThereAndNoMore() throws Exception {
        SharedBuckets buckets = new SharedBuckets(otherConnection());
        assertEquals(3, buckets.take("t:several", MERCHANT, 5));
        assertEquals(0, buckets.take("t:several", MERCHANT, 5));
        Rate five = new Rate(0.25, 5);
        assertEquals(2, buckets.take("t:part", five, 2));
        assertEquals(3, buckets.take("t:part", five, 4));
        assertEquals(0, buckets.take("t:part", five, 1));
    }

    static PGSimpleDataSource otherConnection() {
        PGSimpleDataSource other = new PGSimpleDataSource();
        other.setUrl(ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class));
        other.setUser(ConfigProvider.getConfig().getValue("quarkus.datasource.username", String.class));
        other.setPassword(ConfigProvider.getConfig().getValue("quarkus.datasource.password", String.class));
        return other;
    }

    @Test
    void wrongSecretGuessesFromOneAddressAreRefusedAfterTheAddressBurst() {
        for (int i = 0; i < 3; i++) {
            wrongSecret("198.51.100.3").then().statusCode(401).body("responseCode", equalTo("4010100"));
        }
        assertTooManyRequests(wrongSecret("198.51.100.3"));
        // Refused before its credentials are checked: a right guess from there is not told apart from a wrong one.
        assertTooManyRequests(echo("m3", "198.51.100.3"));
        echo("m3", "198.51.100.4").then().statusCode(200);
        wrongSecret("198.51.100.4").then().statusCode(401);
    }

    /** docs/contract.md §9: the SNAP door is behind the same limits. */
    @Test
    void forgedSnapTokensCostTheirAddressLikeAnyFailedAuthentication() {
        for (int i = 0; i < 3; i++) {
            forgedSnap("198.51.100.20").then().statusCode(401).body("responseCode", equalTo("4012603"));
        }
        forgedSnap("198.51.100.20").then().statusCode(429).body("responseCode", equalTo("4292600"))
                .body("responseMessage", equalTo("Too Many Requests")).header("Retry-After", "4");
        // Refused before its token is looked at, from that address only.
        io.paygate.testsupport.rest.SnapClients.of(SandboxMerchants.DEMO).request()
                .header("X-Forwarded-For", "198.51.100.20").body(SNAP_BODY).post("/v1.0/transfer-va/status").then()
                .statusCode(429);
        forgedSnap("198.51.100.21").then().statusCode(401);
    }

    @Test
    void aSnapMerchantDrawsFromItsBucketForTokensAndRequests() {
        io.paygate.qa.SnapClient demo2 = io.paygate.testsupport.rest.SnapClients.of(SandboxMerchants.DEMO2);
        demo2.accessToken(); // the first token of demo2's burst of 3
        for (int i = 0; i < 2; i++) {
            demo2.request().header("X-Forwarded-For", "198.51.100.22").body(SNAP_BODY).post("/v1.0/transfer-va/status")
                    .then().statusCode(200);
        }
        demo2.request().header("X-Forwarded-For", "198.51.100.23").body(SNAP_BODY).post("/v1.0/transfer-va/status")
                .then().statusCode(429).body("responseCode", equalTo("4292600")).header("Retry-After", "4");
        demo2.tokenReply().then().statusCode(429).body("responseCode", equalTo("4297300"));
    }

    static final String SNAP_BODY = "{\"partnerReferenceNo\":\"R-1\"}";

    static Response forgedSnap(String client) {
        return given().header("X-Forwarded-For", client).header("Authorization", "Bearer forged.token")
                .header("X-TIMESTAMP", "2026-11-21T10:15:30+07:00").header("X-PARTNER-ID", "demo")
                .header("X-SIGNATURE", "x").contentType("application/json").body(SNAP_BODY)
                .post("/v1.0/transfer-va/status");
    }

    @Test
    void anUnauthenticatedPathIsLimitedPerClientAddress() {
        for (int i = 0; i < 3; i++) {
            open("198.51.100.5").then().statusCode(200);
        }
        assertTooManyRequests(open("198.51.100.5"));
        open("198.51.100.6").then().statusCode(200);
    }

    @Test
    void signedRequestsOfAMerchantDoNotDrawFromTheAddressBucket() {
        for (int i = 0; i < 3; i++) {
            open("198.51.100.7").then().statusCode(200);
        }
        echo("m3", "198.51.100.7").then().statusCode(200);
    }

    @Test
    void hostedPagesDrawFromTheirOwnBucketPerAddress() {
        for (int i = 0; i < 5; i++) {
            given().header("X-Forwarded-For", "198.51.100.8").get("/pg/pay/PC" + i).then().statusCode(200);
        }
        assertTooManyRequests(given().header("X-Forwarded-For", "198.51.100.8").get("/pg/pay/PC9"));
        open("198.51.100.8").then().statusCode(200);
    }

    @Test
    void forwardedForNamesTheRightMostAddressThatIsNotATrustedProxy() {
        for (int i = 0; i < 3; i++) {
            open("198.51.100.9").then().statusCode(200);
        }
        // Prepending addresses does not give the client new buckets; proxies of our own are skipped.
        assertTooManyRequests(open("203.0.113.1, 198.51.100.9"));
        assertTooManyRequests(open("203.0.113.2, 198.51.100.9, 10.1.2.3"));
        open("198.51.100.9, 203.0.113.3").then().statusCode(200);
    }

    @Test
    void forwardedForFromAPeerThatIsNotATrustedProxyIsIgnored() throws IOException {
        for (int i = 0; i < 3; i++) {
            assertEquals(200, statusFrom("127.0.0.2", "/pg/kit/open", "192.0.2." + i));
        }
        assertEquals(429, statusFrom("127.0.0.2", "/pg/kit/open", "192.0.2.3"));
    }

    /** One GET from local address {@code local} (an untrusted peer), raw HTTP/1.1; the reply's status. */
    static int statusFrom(String local, String path, String forwardedFor) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(local, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", RestAssured.port), 5_000);
            socket.setSoTimeout(10_000);
            String request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: " + forwardedFor
                    + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            return Integer.parseInt(statusLine.split(" ")[1]);
        }
    }

    @Test
    void everyDecisionIsCountedAndEveryRefusalLeavesOneLineWithItsReason() throws Exception {
        try (RecordedLogs logs = RecordedLogs.start()) {
            for (int i = 0; i < 3; i++) {
                echo("m4", "198.51.100.10").then().statusCode(200);
            }
            given().filter(MerchantSigningFilter.as("m4", "m4-secret")).header("X-Forwarded-For", "198.51.100.10")
                    .header(RequestIds.HEADER, "rl-merchant").contentType("application/json").body(VALID)
                    .post("/pg/kit/echo").then().statusCode(429).header(RequestIds.HEADER, "rl-merchant");
            for (int i = 0; i < 3; i++) {
                wrongSecret("198.51.100.11").then().statusCode(401);
            }
            given().filter(MerchantSigningFilter.as("m3", "a-guess")).header("X-Forwarded-For", "198.51.100.11")
                    .header(RequestIds.HEADER, "rl-guess").contentType("application/json").body(VALID)
                    .post("/pg/kit/echo").then().statusCode(429);
            given().header("X-Forwarded-For", "198.51.100.11").header(RequestIds.HEADER, "rl-blocked")
                    .filter(MerchantSigningFilter.as("m3", "m3-secret")).contentType("application/json").body(VALID)
                    .post("/pg/kit/echo").then().statusCode(429);

            assertEquals("POST /pg/kit/echo 429 ms merchant=m4 refused: 429 merchant over its rate limit",
                    accessLine(logs, "rl-merchant"));
            assertEquals("POST /pg/kit/echo 429 ms merchant=- refused: 429 address over its limit of failed "
                    + "authentications (Invalid signature)", accessLine(logs, "rl-guess"));
            assertEquals("POST /pg/kit/echo 429 ms merchant=- refused: 429 client address over its rate limit",
                    accessLine(logs, "rl-blocked"));
        }
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertEquals(3.0, count(metrics, "bucket=\"merchant\",decision=\"allowed\",merchant=\"m4\""), metrics);
        assertEquals(1.0, count(metrics, "bucket=\"merchant\",decision=\"refused\",merchant=\"m4\""), metrics);
        assertTrue(count(metrics, "bucket=\"address\",decision=\"refused\",merchant=\"none\"") >= 2, metrics);
        assertTrue(count(metrics, "bucket=\"address\",decision=\"allowed\",merchant=\"none\"") >= 2, metrics);
        assertTrue(metrics.contains("bucket=\"merchant\",decision=\"refused\",merchant=\"m1\""),
                "every configured merchant's series exists");
    }

    /** The access-log line of a request, with its duration taken out. */
    static String accessLine(RecordedLogs logs, String requestId) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            List<RecordedLogs.Line> lines = logs.ofRequest(requestId).stream()
                    .filter(l -> l.logger().equals("io.paygate.access")).toList();
            if (!lines.isEmpty()) {
                assertEquals(1, lines.size(), lines.toString());
                return lines.getFirst().message().replaceAll(" \\d+ ms", " ms");
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no access line for " + requestId + ": " + logs.text());
    }

    static double count(String metrics, String tags) {
        Matcher m = Pattern.compile("paygate_rate_limit_decisions_total\\{" + tags + "} ([0-9.eE+]+)").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
