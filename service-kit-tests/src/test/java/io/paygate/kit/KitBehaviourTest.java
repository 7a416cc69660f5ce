package io.paygate.kit;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;

@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class KitBehaviourTest {

    static final String VALID = "{\"id\":\"ord-1\",\"amount\":\"100\",\"inner\":{\"name\":\"x\"}}";

    RequestSpecification asDemo() {
        return given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json");
    }

    @Test
    void signedRequestReachesTheResourceAsItsMerchant() {
        asDemo().body(VALID).post("/pg/kit/echo").then().statusCode(200)
                .body("merchant", equalTo("demo")).body("id", equalTo("ord-1"))
                .body("processingTime", greaterThanOrEqualTo(0));
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2)).queryParam("x", "a b")
                .get("/pg/kit/whoami").then().statusCode(200).body("merchant", equalTo("demo2")).body("x", equalTo("a b"));
    }

    @Test
    void missingHeadersAreUnauthorized() {
        given().contentType("application/json").body(VALID).post("/pg/kit/echo").then().statusCode(401)
                .body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Missing X-PARTNER-ID"));
    }

    @Test
    void unknownMerchantIsUnauthorized() {
        given().filter(MerchantSigningFilter.as("nobody", "whatever")).contentType("application/json").body(VALID)
                .post("/pg/kit/echo").then().statusCode(401)
                .body("responseCode", equalTo("4010100")).body("responseMessage", equalTo("Unauthorized. Unknown partner"));
    }

    @Test
    void staleTimestampIsUnauthorized() {
        Clock tenMinutesAgo = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10));
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO).withClock(tenMinutesAgo))
                .contentType("application/json").body(VALID).post("/pg/kit/echo").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Timestamp outside the allowed window"));
    }

    @Test
    void tamperedBodyIsUnauthorized() {
        String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        String signature = RequestSigner.sign("demo-client-secret", "POST", "/pg/kit/echo",
                VALID.getBytes(), timestamp);
        given().contentType("application/json")
                .header("X-PARTNER-ID", "demo").header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(VALID.replace("100", "999")).post("/pg/kit/echo").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid signature"));
    }

    @Test
    void signatureCoversTheQueryString() {
        String timestamp = OffsetDateTime.now(ZoneOffset.UTC).withNano(0).toString();
        String signature = RequestSigner.sign("demo-client-secret", "GET", "/pg/kit/whoami?x=1", new byte[0], timestamp);
        given().header("X-PARTNER-ID", "demo").header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .queryParam("x", "2").get("/pg/kit/whoami").then().statusCode(401);
        given().header("X-PARTNER-ID", "demo").header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .queryParam("x", "1").get("/pg/kit/whoami").then().statusCode(200);
    }

    @Test
    void bodyOver64KiBIsRefused() {
        String big = "{\"id\":\"ord-1\",\"amount\":\"1\",\"inner\":{\"name\":\"" + "a".repeat(70_000) + "\"}}";
        asDemo().body(big).post("/pg/kit/echo").then().statusCode(413).body("responseCode", equalTo("4130100"));
    }

    /**
     * A client that writes its whole body before it reads (as the JDK's HttpClient does) still reads the 413: the
     * server drops the rest of the body before it closes, instead of resetting the connection under the reply. The
     * pause lets the server answer and (without the lingering close) close while the client is still writing.
     */
    @Test
    void aClientStillWritingItsBodyReadsThe413() throws Exception {
        int length = 600_000;
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /pg/kit/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[20_000];
            java.util.Arrays.fill(chunk, (byte) 'a');
            out.write(chunk);
            out.flush();
            Thread.sleep(500);
            for (int sent = chunk.length; sent < length; sent += chunk.length) {
                out.write(chunk);
            }
            out.flush();
            String reply = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 413"), reply);
            assertTrue(reply.contains("\"responseCode\":\"4130100\""), reply);
        }
    }

    @Test
    void nonJsonBodyIsUnsupported() {
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("text/plain").body(VALID)
                .post("/pg/kit/echo").then().statusCode(415).body("responseCode", equalTo("4150100"));
    }

    @Test
    void malformedJsonIsBadRequest() {
        asDemo().body("{\"id\":").post("/pg/kit/echo").then().statusCode(400)
                .body("responseCode", equalTo("4000100")).body("responseMessage", equalTo("Bad Request malformed JSON"));
    }

    @Test
    void numberWhereAStringBelongsIsBadRequestNamingTheField() {
        asDemo().body("{\"id\":\"ord-1\",\"amount\":100,\"inner\":{\"name\":\"x\"}}").post("/pg/kit/echo").then()
                .statusCode(400).body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request wrong type at amount"));
    }

    @Test
    void missingBodyIsBadRequest() {
        asDemo().post("/pg/kit/echo").then().statusCode(400).body("responseCode", equalTo("4000100"));
    }

    @Test
    void constraintViolationsNameTheField() {
        asDemo().body("{\"amount\":\"100\",\"inner\":{\"name\":\"x\"}}").post("/pg/kit/echo").then().statusCode(400)
                .body("responseCode", equalTo("4000102")).body("responseMessage", equalTo("Invalid Mandatory Field id"));
        asDemo().body("{\"id\":\"ord-1\",\"amount\":\"1.5\",\"inner\":{\"name\":\"x\"}}").post("/pg/kit/echo").then()
                .statusCode(400).body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format amount"));
        asDemo().body("{\"id\":\"ord-1\",\"inner\":{\"name\":\"\"}}").post("/pg/kit/echo").then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Mandatory Field inner.name"));
    }

    @Test
    void unknownRouteAndWrongMethodKeepTheContractShape() {
        given().get("/pg/kit/nowhere").then().statusCode(404).body("responseCode", equalTo("4040100"));
        given().delete("/pg/kit/ops").then().statusCode(405).body("responseCode", equalTo("4050100"));
    }

    @Test
    void unexpectedFailureIsAGeneralErrorWithoutDetails() {
        given().get("/pg/kit/boom").then().statusCode(500)
                .body("responseCode", equalTo("5000100")).body("responseMessage", equalTo("General Error"))
                .body(allOf(not(containsString("secret")), not(containsString("IllegalStateException"))));
    }

    @Test
    void opsEndpointsNeedTheOpsToken() {
        given().post("/pg/kit/ops").then().statusCode(401).body("responseMessage", equalTo("Unauthorized. Missing bearer token"));
        given().header("Authorization", "Bearer wrong").post("/pg/kit/ops").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid ops token"));
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).post("/pg/kit/ops").then().statusCode(200)
                .body("operator", equalTo("ops"));
    }

    /**
     * docs/contract.md §10: a named operator's token (configured only as its SHA-256) opens the same endpoints, and the
     * resource learns which operator called; the hash itself, or the token with a character more, is no token.
     */
    @Test
    void aNamedOperatorsTokenIsAcceptedAndNamesTheOperator() {
        given().header("Authorization", "Bearer alice-operator-token").post("/pg/kit/ops").then().statusCode(200)
                .body("operator", equalTo("alice"));
        for (String wrong : List.of("e01fcd30e9b433a9f768187daa1ee2418b84accdf099f4cd0f372533002028fd",
                "alice-operator-token1", "Alice-operator-token")) {
            given().header("Authorization", "Bearer " + wrong).post("/pg/kit/ops").then().statusCode(401)
                    .body("responseMessage", equalTo("Unauthorized. Invalid ops token"));
        }
    }
}
