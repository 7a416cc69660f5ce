package io.paygate.kit.snap;

import io.paygate.model.snap.SnapAccessTokenSigner;
import io.paygate.model.snap.SnapTimestamps;
import io.paygate.qa.SnapClient;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.SnapClients;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** docs/contract.md §9: {@code POST /v1.0/access-token/b2b}, SNAP service 73. */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class SnapAccessTokenTest {

    static final String PATH = "/v1.0/access-token/b2b";
    static final String CAMEL = "{\"grantType\":\"client_credentials\"}";
    static final String SNAKE = "{\"grant_type\":\"client_credentials\"}";
    static final PrivateKey DEMO_KEY = SandboxSnap.privateKey(DEMO);
    static final PrivateKey DEMO2_KEY = SandboxSnap.privateKey(DEMO2);

    static Response token(String clientKey, PrivateKey key, String timestamp, String body) {
        return given().contentType("application/json")
                .header("X-CLIENT-KEY", clientKey).header("X-TIMESTAMP", timestamp)
                .header("X-SIGNATURE", SnapAccessTokenSigner.sign(key, clientKey, timestamp))
                .body(body).post(PATH);
    }

    static String offsetNow() {
        return SnapTimestamps.format(OffsetDateTime.now(ZoneOffset.ofHours(7)));
    }

    static void assertUnauthorized(Response response, String reason) {
        response.then().statusCode(401).body("responseCode", equalTo("4017300"))
                .body("responseMessage", equalTo("Unauthorized. " + reason)).body("accessToken", nullValue());
    }

    @Test
    void grantTypeOrGrantUnderscoreTypeGetsANineHundredSecondBearerToken() {
        for (String body : new String[]{CAMEL, SNAKE, "{\"grantType\":\"client_credentials\",\"additionalInfo\":{}}",
                "{\"grantType\":\"client_credentials\",\"grant_type\":\"client_credentials\"}"}) {
            token("demo", DEMO_KEY, offsetNow(), body).then().statusCode(200)
                    .contentType("application/json")
                    .body("responseCode", equalTo("2007300"))
                    .body("responseMessage", equalTo("Successful"))
                    .body("tokenType", equalTo("Bearer"))
                    .body("expiresIn", equalTo("900"))
                    .body("accessToken", matchesPattern("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}"));
        }
    }

    @Test
    void everyTimestampFormRealClientsSendIsAccepted() {
        Instant now = Instant.now();
        String[] forms = {
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC).format(now),
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC).format(now),
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx").withZone(ZoneOffset.ofHours(7)).format(now),
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSxxx").withZone(ZoneOffset.ofHours(-5)).format(now),
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC).format(now)};
        for (String timestamp : forms) {
            token("demo", DEMO_KEY, timestamp, SNAKE).then().statusCode(200).body("responseCode", equalTo("2007300"));
        }
    }

    @Test
    void aSignatureByAnotherKeyIsUnauthorized() {
        assertUnauthorized(token("demo", DEMO2_KEY, offsetNow(), CAMEL), "Invalid signature");
        String timestamp = offsetNow();
        // Signed for demo2 and sent as demo: the client key is part of what is signed.
        assertUnauthorized(given().contentType("application/json").header("X-CLIENT-KEY", "demo")
                .header("X-TIMESTAMP", timestamp)
                .header("X-SIGNATURE", SnapAccessTokenSigner.sign(DEMO_KEY, "demo2", timestamp))
                .body(CAMEL).post(PATH), "Invalid signature");
        assertUnauthorized(SnapClients.of(DEMO).tokenRequest().header("X-SIGNATURE", "bm90IGEgc2lnbmF0dXJl")
                .body(CAMEL).post(PATH), "Invalid signature");
    }

    @Test
    void anUnknownClientKeyAndAMerchantWithoutSnapKeysAreUnknownClients() {
        assertUnauthorized(token("nobody", DEMO_KEY, offsetNow(), CAMEL), "Unknown client");
        assertUnauthorized(token("nosnap", DEMO_KEY, offsetNow(), CAMEL), "Unknown client");
        assertUnauthorized(given().contentType("application/json").header("X-TIMESTAMP", offsetNow())
                .header("X-SIGNATURE", "x").body(CAMEL).post(PATH), "Missing X-CLIENT-KEY");
    }

    @Test
    void aTimestampOutOfTheWindowOrMalformedOrMissingIsUnauthorized() {
        String stale = SnapTimestamps.format(OffsetDateTime.now(ZoneOffset.ofHours(7)).minusSeconds(310));
        assertUnauthorized(token("demo", DEMO_KEY, stale, CAMEL), "Timestamp outside the allowed window");
        String future = SnapTimestamps.format(OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(310));
        assertUnauthorized(token("demo", DEMO_KEY, future, CAMEL), "Timestamp outside the allowed window");
        String noZone = OffsetDateTime.now(ZoneOffset.UTC).toLocalDateTime().withNano(0).toString();
        assertUnauthorized(token("demo", DEMO_KEY, noZone, CAMEL), "Invalid timestamp");
        assertUnauthorized(given().contentType("application/json").header("X-CLIENT-KEY", "demo")
                .header("X-SIGNATURE", "x").body(CAMEL).post(PATH), "Missing X-TIMESTAMP");
        assertUnauthorized(given().contentType("application/json").header("X-CLIENT-KEY", "demo")
                .header("X-TIMESTAMP", offsetNow()).body(CAMEL).post(PATH), "Missing X-SIGNATURE");
        SnapClient lateClock = SnapClients.of(DEMO).withClock(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)));
        assertUnauthorized(lateClock.tokenRequest().body(CAMEL).post(PATH), "Timestamp outside the allowed window");
    }

    @Test
    void aMissingOrOtherGrantTypeIsAFieldErrorOfService73() {
        for (String body : new String[]{"{}", "{\"grantType\":null}", "{\"additionalInfo\":{}}"}) {
            token("demo", DEMO_KEY, offsetNow(), body).then().statusCode(400)
                    .body("responseCode", equalTo("4007302"))
                    .body("responseMessage", equalTo("Invalid Mandatory Field grantType"));
        }
        for (String body : new String[]{"{\"grantType\":\"password\"}", "{\"grant_type\":\"authorization_code\"}",
                "{\"grantType\":\"client_credentials\",\"grant_type\":\"password\"}", "{\"grantType\":\"\"}"}) {
            token("demo", DEMO_KEY, offsetNow(), body).then().statusCode(400)
                    .body("responseCode", equalTo("4007301"))
                    .body("responseMessage", equalTo("Invalid Field Format grantType"));
        }
        token("demo", DEMO_KEY, offsetNow(), "{\"grantType\":").then().statusCode(400)
                .body("responseCode", equalTo("4007300"));
        token("demo", DEMO_KEY, offsetNow(), "{\"grantType\":7}").then().statusCode(400)
                .body("responseCode", equalTo("4007300"));
    }

    @Test
    void theSignatureIsCheckedBeforeTheBodyIsRead() {
        assertUnauthorized(token("demo", DEMO2_KEY, offsetNow(), "{\"grantType\":"), "Invalid signature");
    }

    @Test
    void aBodyThatIsNotJsonIsRefusedWithService73sCode() {
        String timestamp = offsetNow();
        given().contentType("text/plain").header("X-CLIENT-KEY", "demo").header("X-TIMESTAMP", timestamp)
                .header("X-SIGNATURE", SnapAccessTokenSigner.sign(DEMO_KEY, "demo", timestamp))
                .body("grantType=client_credentials").post(PATH).then().statusCode(415)
                .body("responseCode", equalTo("4157300"));
    }

    @Test
    void eachRequestGetsAFreshToken() {
        String first = token("demo", DEMO_KEY, offsetNow(), CAMEL).then().statusCode(200).extract().path("accessToken");
        String second = token("demo", DEMO_KEY, offsetNow(), CAMEL).then().statusCode(200).extract().path("accessToken");
        assertNotEquals(first, second);
        token("demo2", DEMO2_KEY, offsetNow(), CAMEL).then().statusCode(200).body("accessToken", not(equalTo(first)));
    }
}
