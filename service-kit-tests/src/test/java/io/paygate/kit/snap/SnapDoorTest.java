package io.paygate.kit.snap;

import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.qa.SnapClient;
import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.paygate.testsupport.rest.SnapClients;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §9 "Transaction requests": the SNAP door in front of a test endpoint at {@code /v1.0/transfer-va/status}
 * (SNAP service 26), which echoes the merchant and headers it was given. Every refusal path, and that the door sits
 * behind the limits every endpoint has.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class SnapDoorTest {

    static final String ECHO = "/v1.0/transfer-va/status";
    static final String BODY = "{\"partnerReferenceNo\":\"REF-1\",\"note\":\"caf\u00e9 \u2013 1 kg\"}";
    static final String PRETTY_BODY = "{\n  \"partnerReferenceNo\" : \"REF-1\",\n  \"note\" : \"caf\u00e9 \u2013 1 kg\"\n}";

    SnapClient demo;
    SnapClient demo2;

    @BeforeEach
    void clients() { // RestAssured knows the test's port only now
        demo = SnapClients.of(DEMO);
        demo2 = SnapClients.of(DEMO2);
    }

    static void assertRefused(Response response, int status, String code, String message) {
        response.then().statusCode(status).body("responseCode", equalTo(code))
                .body("responseMessage", equalTo(message)).body("merchant", equalTo(null));
    }

    @Test
    void aSignedRequestWithAFreshTokenReachesTheEndpointAsItsMerchant() {
        String externalId = UUID.randomUUID().toString();
        demo.request().header("X-EXTERNAL-ID", externalId).body(BODY).post(ECHO).then().statusCode(200)
                .body("responseCode", equalTo("2002600")).body("responseMessage", equalTo("Successful"))
                .body("merchant", equalTo("demo")).body("externalId", equalTo(externalId))
                .body("channelId", equalTo(SandboxSnap.CHANNEL_ID));
        demo2.request().body(PRETTY_BODY).post(ECHO).then().statusCode(200).body("merchant", equalTo("demo2"));
    }

    @Test
    void headersSentEmptyAreIgnoredAsMidtransClientSendsThem() {
        demo.request().header("X-DEVICE-ID", "").header("debug-id", "").header("Accept", "application/json")
                .body(BODY).post(ECHO).then().statusCode(200).body("merchant", equalTo("demo"));
    }

    @Test
    void zAndOffsetTimestampsWithAndWithoutMillisAreAccepted() {
        SnapSigning signing = demo.signing();
        demo.request(signing.withMillisZTimestamps()).body(BODY).post(ECHO).then().statusCode(200);
        demo.request(signing.withOffsetTimestamps(ZoneId.of("Asia/Jakarta"))).body(BODY).post(ECHO).then().statusCode(200);
        demo.request(signing.withOffsetTimestamps(ZoneOffset.UTC)).body(BODY).post(ECHO).then().statusCode(200);
        demo.request().header("X-TIMESTAMP", java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSxxx")
                        .format(java.time.OffsetDateTime.now(ZoneOffset.ofHours(7))))
                .body(BODY).post(ECHO).then().statusCode(200); // +07:00 with fractions of a second
    }

    @Test
    void noTokenOrAnotherSchemeIsAnInvalidToken() {
        String timestamp = demo.signing().timestamp();
        assertRefused(given().contentType("application/json").header("X-TIMESTAMP", timestamp)
                .header("X-PARTNER-ID", "demo").header("X-EXTERNAL-ID", "1").header("CHANNEL-ID", "95221")
                .header("X-SIGNATURE", "x").body(BODY).post(ECHO), 401, "4012601", "Invalid Token (B2B)");
        for (String authorization : new String[]{"Basic ZGVtbzpkZW1v", "Bearer", "Bearer ", "Bearer" + demo.accessToken(),
                ""}) {
            assertRefused(demo.request().header("Authorization", authorization).body(BODY).post(ECHO), 401, "4012601",
                    "Invalid Token (B2B)");
        }
        demo.request().header("Authorization", "bearer " + demo.accessToken()).body(BODY).post(ECHO).then()
                .statusCode(200); // the scheme is case-insensitive (RFC 9110)
    }

    @Test
    void aForgedOrAlteredTokenIsNotFound() {
        String token = demo.accessToken();
        int dot = token.indexOf('.');
        String payload = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
        String asDemo2 = Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replace(":demo", ":demo2").getBytes(StandardCharsets.UTF_8)) + token.substring(dot);
        String longer = Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replaceFirst("^1:(\\d+)", "1:9$1").getBytes(StandardCharsets.UTF_8)) + token.substring(dot);
        AccessTokens otherKey = new AccessTokens(List.of("another-gateways-token-key-0000000000".getBytes()),
                Clock.systemUTC());
        for (String forged : new String[]{asDemo2, longer, otherKey.issue("demo"), UUID.randomUUID().toString(),
                token + "x", token.substring(0, token.length() - 2), "a.b.c", "%%%.%%%", "x".repeat(3000)}) {
            // Signed with the forged token itself, as a forger holding the merchant's secret would.
            assertRefused(demo.request(demo.signing().withAccessToken(forged)).body(BODY).post(ECHO), 401, "4012603",
                    "Token Not Found (B2B)");
        }
    }

    @Test
    void anExpiredTokenIsInvalid() {
        String key = ConfigProvider.getConfig().getValue("gateway.snap.token-key", String.class);
        AccessTokens past = new AccessTokens(List.of(key.getBytes(StandardCharsets.UTF_8)),
                Clock.offset(Clock.systemUTC(), Duration.ofSeconds(-AccessTokens.LIFETIME_SECONDS - 1)));
        String expired = past.issue("demo");
        assertRefused(demo.request(demo.signing().withAccessToken(expired)).body(BODY).post(ECHO), 401, "4012601",
                "Invalid Token (B2B)");
        AccessTokens almost = new AccessTokens(List.of(key.getBytes(StandardCharsets.UTF_8)),
                Clock.offset(Clock.systemUTC(), Duration.ofSeconds(-AccessTokens.LIFETIME_SECONDS + 30)));
        demo.request(demo.signing().withAccessToken(almost.issue("demo"))).body(BODY).post(ECHO).then().statusCode(200);
    }

    @Test
    void anotherMerchantsTokenIsRefused() {
        // demo2's token, demo's client key and secret: the token is bound to demo2.
        assertRefused(demo.request(demo.signing().withAccessToken(demo2.accessToken())).body(BODY).post(ECHO), 401,
                "4012601", "Invalid Token (B2B)");
        // demo2's token claimed as demo2 but signed with demo's secret: the signature is not demo2's.
        assertRefused(demo.request(demo.signing().withAccessToken(demo2.accessToken())).header("X-PARTNER-ID", "demo2")
                .body(BODY).post(ECHO), 401, "4012600", "Unauthorized. Invalid signature");
        assertRefused(demo.request().header("X-PARTNER-ID", "").body(BODY).post(ECHO), 401, "4012600",
                "Unauthorized. Missing X-PARTNER-ID");
    }

    @Test
    void aTokenNeverAuthenticatesAPgPath() {
        String token = demo.accessToken();
        // A SNAP-signed request to a /pg/ endpoint: §0's signature is required there, and this is not one.
        given().filter(demo.signing()).contentType("application/json")
                .body("{\"id\":\"ord-1\",\"amount\":\"1\",\"inner\":{\"name\":\"x\"}}").post("/pg/kit/echo").then()
                .statusCode(401).body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Invalid signature"));
        given().header("Authorization", "Bearer " + token).post("/pg/kit/ops").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid ops token"));
        given().header("Authorization", "Bearer " + token).get("/pg/kit/whoami").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Missing X-PARTNER-ID"));
        // And §0's signature does not open a SNAP path.
        assertRefused(given().filter(MerchantSigningFilter.as(DEMO)).contentType("application/json").body(BODY)
                .post(ECHO), 401, "4012601", "Invalid Token (B2B)");
    }

    @Test
    void aTamperedBodyIsUnauthorized() {
        String token = demo.accessToken();
        String timestamp = demo.signing().timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", ECHO, token,
                BODY.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(demo.request().header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(BODY.replace("REF-1", "REF-2")).post(ECHO), 401, "4012600", "Unauthorized. Invalid signature");
        // The same signature over the pretty form of the same body: whitespace outside strings is not signed.
        demo.request().header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature).body(PRETTY_BODY).post(ECHO)
                .then().statusCode(200);
        // The path is signed too (with its query): the same headers on another target are refused.
        assertRefused(demo.request().header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature).body(BODY)
                .post(ECHO + "?x=1"), 401, "4012600", "Unauthorized. Invalid signature");
        assertRefused(demo.request().header("X-SIGNATURE", "").body(BODY).post(ECHO), 401, "4012600",
                "Unauthorized. Missing X-SIGNATURE");
    }

    @Test
    void aTimestampOutOfTheWindowIsUnauthorized() {
        for (Duration off : new Duration[]{Duration.ofMinutes(-10), Duration.ofMinutes(10)}) {
            assertRefused(demo.request(demo.signing().withClock(Clock.offset(Clock.systemUTC(), off))).body(BODY)
                    .post(ECHO), 401, "4012600", "Unauthorized. Timestamp outside the allowed window");
        }
        assertRefused(demo.request().header("X-TIMESTAMP", "2026-11-21 10:15:30").body(BODY).post(ECHO), 401,
                "4012600", "Unauthorized. Invalid timestamp");
    }

    @Test
    void anExternalIdUsedTodayIsAConflictOnEveryReplica() {
        String externalId = "ext-" + UUID.randomUUID().toString().substring(0, 20);
        demo.request().header("X-EXTERNAL-ID", externalId).body(BODY).post(ECHO).then().statusCode(200);
        assertRefused(demo.request().header("X-EXTERNAL-ID", externalId).body(BODY).post(ECHO), 409, "4092600",
                "Conflict");
        // Another merchant may use the same id.
        demo2.request().header("X-EXTERNAL-ID", externalId).body(BODY).post(ECHO).then().statusCode(200);

        // Another replica: its own connection to the same database sees this one's claim, and this one sees its.
        SnapExternalIds replica = new SnapExternalIds(otherConnection(), ZoneId.of("Asia/Jakarta"), 2,
                Clock.systemUTC());
        SnapException reused = assertThrows(SnapException.class, () -> replica.claim("demo", externalId));
        assertEquals("4092600", reused.snapCase().code(io.paygate.model.error.ServiceCode.SNAP_VA_STATUS));
        String claimedThere = "ext-" + UUID.randomUUID().toString().substring(0, 20);
        replica.claim("demo", claimedThere);
        assertRefused(demo.request().header("X-EXTERNAL-ID", claimedThere).body(BODY).post(ECHO), 409, "4092600",
                "Conflict");
    }

    @Test
    void yesterdaysExternalIdsMayBeUsedAgainAndOldDaysArePurged() {
        String externalId = "day-" + UUID.randomUUID().toString().substring(0, 20);
        Clock threeDaysAgo = Clock.offset(Clock.systemUTC(), Duration.ofDays(-3));
        SnapExternalIds past = new SnapExternalIds(otherConnection(), ZoneId.of("Asia/Jakarta"), 2, threeDaysAgo);
        past.claim("demo", externalId);
        demo.request().header("X-EXTERNAL-ID", externalId).body(BODY).post(ECHO).then().statusCode(200);
        SnapExternalIds now = new SnapExternalIds(otherConnection(), ZoneId.of("Asia/Jakarta"), 2, Clock.systemUTC());
        org.junit.jupiter.api.Assertions.assertTrue(now.purgeNow() >= 1, "the day three days ago is purged");
        past.claim("demo", externalId); // gone: it can be claimed for that day again
    }

    @Test
    void theExternalIdAndChannelIdAreMandatoryHeaders() {
        assertRefused(demo.request(demo.signing().withoutExternalId()).body(BODY).post(ECHO), 400, "4002602",
                "Invalid Mandatory Field X-EXTERNAL-ID");
        assertRefused(demo.request().header("X-EXTERNAL-ID", "").body(BODY).post(ECHO), 400, "4002602",
                "Invalid Mandatory Field X-EXTERNAL-ID");
        assertRefused(demo.request().header("X-EXTERNAL-ID", "x".repeat(37)).body(BODY).post(ECHO), 400, "4002601",
                "Invalid Field Format X-EXTERNAL-ID");
        assertRefused(demo.request().header("X-EXTERNAL-ID", "has space").body(BODY).post(ECHO), 400, "4002601",
                "Invalid Field Format X-EXTERNAL-ID");
        demo.request().header("X-EXTERNAL-ID", "9".repeat(36)).body(BODY).post(ECHO).then().statusCode(200);
        assertRefused(demo.request().header("CHANNEL-ID", "").body(BODY).post(ECHO), 400, "4002602",
                "Invalid Mandatory Field CHANNEL-ID");
        assertRefused(demo.request(demo.signing().withChannelId("123456")).body(BODY).post(ECHO), 400, "4002601",
                "Invalid Field Format CHANNEL-ID");
        demo.request(demo.signing().withChannelId("SDK")).body(BODY).post(ECHO).then().statusCode(200)
                .body("channelId", equalTo("SDK"));
    }

    @Test
    void bodyErrorsCarryTheSnapServiceCodeAndNameTheField() {
        assertRefused(demo.request().body("{\"note\":\"x\"}").post(ECHO), 400, "4002602",
                "Invalid Mandatory Field partnerReferenceNo");
        assertRefused(demo.request().body("{\"partnerReferenceNo\":\"" + "r".repeat(65) + "\"}").post(ECHO), 400,
                "4002601", "Invalid Field Format partnerReferenceNo");
        demo.request().body("{\"partnerReferenceNo\":").post(ECHO).then().statusCode(400)
                .body("responseCode", equalTo("4002600"));
        demo.request().body("{\"partnerReferenceNo\":\"a\",\"partnerReferenceNo\":\"b\"}").post(ECHO).then()
                .statusCode(400).body("responseCode", equalTo("4002600"));
    }

    @Test
    void theDoorSitsBehindTheLimitsEveryEndpointHas() {
        // Body over 64 KiB: 413 with the SNAP code, before the door reads a byte.
        String big = "{\"partnerReferenceNo\":\"R\",\"note\":\"" + "a".repeat(70_000) + "\"}";
        demo.request().body(big).post(ECHO).then().statusCode(413).body("responseCode", equalTo("4132600"));
        // A body that is not JSON: 415.
        given().filter(demo.signing()).contentType("text/plain").body("x").post(ECHO).then().statusCode(415)
                .body("responseCode", equalTo("4152600"));
        given().filter(demo.signing()).body(BODY.getBytes(StandardCharsets.UTF_8)).post(ECHO).then().statusCode(415)
                .body("responseCode", equalTo("4152600")); // a body without a Content-Type
        // An ambiguous target: 400 before authentication.
        given().filter(demo.signing()).contentType("application/json").body(BODY).post(ECHO + ";x").then()
                .statusCode(400).body("responseCode", equalTo("4002600"))
                .body("responseMessage", equalTo("Bad Request ambiguous request target"));
        // Every reply carries a request id, the caller's when it sent one.
        demo.request().header("X-Request-Id", "snap-req-1").body(BODY).post(ECHO).then().statusCode(200)
                .header("X-Request-Id", "snap-req-1");
    }

    static PGSimpleDataSource otherConnection() {
        PGSimpleDataSource other = new PGSimpleDataSource();
        other.setUrl(ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class));
        other.setUser(ConfigProvider.getConfig().getValue("quarkus.datasource.username", String.class));
        other.setPassword(ConfigProvider.getConfig().getValue("quarkus.datasource.password", String.class));
        return other;
    }
}
