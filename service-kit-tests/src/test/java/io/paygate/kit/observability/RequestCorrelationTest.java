package io.paygate.kit.observability;

import io.agroal.api.AgroalDataSource;
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
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.impl.ContextInternal;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §0 "Request ids" and the access log: every reply carries an id (the caller's when well-formed), every log
 * line of the request carries it in its MDC, one access-log line per request, refusals with their reason, never a
 * secret or a card number.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_correlation"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class RequestCorrelationTest {

    static final String VALID = "{\"id\":\"ord-1\",\"amount\":\"100\",\"inner\":{\"name\":\"x\"}}";
    static final Pattern GENERATED = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @Inject
    AgroalDataSource dataSource;

    @Inject
    Vertx vertx;

    RecordedLogs logs;

    @BeforeEach
    void record() {
        logs = RecordedLogs.start();
    }

    @AfterEach
    void stop() {
        logs.close();
    }

    /**
     * Work that acts for a request later sets its id with LogContext.requestId; on a Vert.x event loop running its root
     * context (where a Vert.x client's callbacks run) the id was put into a context Quarkus made for that one call,
     * and the line written next had none (notification-service's "DELIVERED" lines, now and then).
     */
    @Test
    void aRequestIdSetOnAnEventLoopsOwnContextIsInTheLinesOfItsScopeAndGoneAfter() throws Exception {
        String id = "loop-" + UUID.randomUUID().toString().substring(0, 8);
        CompletableFuture<List<String>> seen = new CompletableFuture<>();
        Context root = vertx.getOrCreateContext();
        assertFalse(((ContextInternal) root).isDuplicate(), "an event loop's own context");
        root.runOnContext(ignored -> {
            try {
                String inScope;
                try (LogContext.Scope scope = LogContext.requestId(id)) {
                    Logger.getLogger("io.paygate.kit.test").info("a line of the scope");
                    inScope = LogContext.currentRequestId();
                }
                seen.complete(Arrays.asList(inScope, LogContext.currentRequestId()));
            } catch (RuntimeException e) {
                seen.completeExceptionally(e);
            }
        });
        List<String> ids = seen.get(10, TimeUnit.SECONDS);
        assertEquals(id, ids.get(0), "the id within the scope");
        assertNull(ids.get(1), "nothing after it");
        assertEquals(List.of("a line of the scope"), logs.ofRequest(id).stream().map(RecordedLogs.Line::message)
                .toList());
    }

    RequestSpecification asDemo(String requestId) {
        return given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).header(RequestIds.HEADER, requestId);
    }

    /** The access-log lines of {@code requestId}, once the reply has ended (the line is written right after). */
    List<RecordedLogs.Line> accessLines(String requestId) {
        await().atMost(Duration.ofSeconds(5)).until(() -> !access(requestId).isEmpty());
        return access(requestId);
    }

    List<RecordedLogs.Line> access(String requestId) {
        return logs.ofRequest(requestId).stream().filter(l -> l.logger().equals(AccessLog.CATEGORY)).toList();
    }

    @Test
    void aWellFormedIdIsEchoedAndCarriedByEveryLineOfTheRequestAndItsAccessLine() {
        String id = "kit-req-" + UUID.randomUUID();
        asDemo(id).get("/pg/kit/logged/apples").then().statusCode(200).header(RequestIds.HEADER, id);

        RecordedLogs.Line access = accessLines(id).getFirst();
        assertEquals(1, access(id).size(), "one access line: " + access(id));
        assertTrue(access.message().matches("GET /pg/kit/logged/\\{thing} 200 \\d+ ms merchant=demo"), access.message());
        assertEquals("demo", access.mdc(LogContext.MERCHANT_ID));
        assertEquals("/pg/kit/logged/{thing}", access.mdc("httpPath"));
        assertEquals("200", access.mdc("httpStatus"));
        RecordedLogs.Line resource = logs.lines(l -> l.message().equals("kit resource saw apples")).getFirst();
        assertEquals(id, resource.mdc(LogContext.REQUEST_ID), "the resource's own line, on " + resource.thread());
        assertEquals("demo", resource.mdc(LogContext.MERCHANT_ID));
    }

    @Test
    void aMissingOrMalformedIdIsReplacedByOneTheGatewayMakes() {
        for (String sent : new String[]{null, "", "has space", "a/b", "x".repeat(65), "ünï"}) {
            RequestSpecification request = given();
            if (sent != null) {
                request.header(RequestIds.HEADER, sent);
            }
            String id = request.get("/pg/kit/open").then().statusCode(200).extract().header(RequestIds.HEADER);
            assertTrue(GENERATED.matcher(id).matches(), sent + " -> " + id);
            assertNotEquals(sent, id);
            assertEquals("GET /pg/kit/open", accessLines(id).getFirst().message().replaceAll(" 200 .*", ""));
        }
    }

    @Test
    void earlyRepliesCarryTheIdAndLeaveOneLineWithTheirReason() {
        String unsupported = "kit-415-" + UUID.randomUUID();
        given().header(RequestIds.HEADER, unsupported).body("{}".getBytes()).post("/pg/kit/echo")
                .then().statusCode(415).header(RequestIds.HEADER, unsupported);
        assertEquals(1, accessLines(unsupported).size());
        assertTrue(access(unsupported).getFirst().message().matches(
                "POST /pg/kit/echo 415 \\d+ ms merchant=- refused: 415 body without application/json.*"),
                access(unsupported).getFirst().message());

        String large = "kit-413-" + UUID.randomUUID();
        given().header(RequestIds.HEADER, large).contentType("application/json").body(new byte[70_000])
                .post("/pg/kit/echo").then().statusCode(413).header(RequestIds.HEADER, large);
        assertTrue(accessLines(large).getFirst().message().contains("413 body over 64 KiB"),
                access(large).getFirst().message());
    }

    @Test
    void anAmbiguousRequestTargetIsRefusedEarlyWithTheIdAndOneLineWithItsReason() {
        String id = "kit-400-" + UUID.randomUUID();
        given().urlEncodingEnabled(false).header(RequestIds.HEADER, id).get("/pg/kit;x=1/open")
                .then().statusCode(400).header(RequestIds.HEADER, id);
        List<RecordedLogs.Line> lines = accessLines(id);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().message().endsWith("refused: 400 ambiguous request target"),
                lines.getFirst().message());
    }

    @Test
    void aRefusedSignatureIsLoggedOnceWithItsReasonAndNoSecret() {
        String id = "kit-401-" + UUID.randomUUID();
        given().filter(MerchantSigningFilter.as("demo", "a-wrong-secret")).header(RequestIds.HEADER, id)
                .contentType("application/json").body(VALID).post("/pg/kit/echo")
                .then().statusCode(401).header(RequestIds.HEADER, id);
        List<RecordedLogs.Line> lines = accessLines(id);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().message().endsWith("merchant=- refused: 401 Invalid signature"),
                lines.getFirst().message());
        assertEquals(1, logs.lines(l -> l.message().contains("Invalid signature")).size(), logs.text());
        String all = logs.text();
        assertFalse(all.contains("demo-client-secret"), all);
        assertFalse(all.contains("a-wrong-secret"), all);
    }

    @Test
    void aPathNoEndpointMatchesIsLoggedWithoutItsIdsOrNumbers() {
        String id = "kit-404-" + UUID.randomUUID();
        given().header(RequestIds.HEADER, id).get("/pg/kit/nothing/4111111111111111/x1?cvv=123")
                .then().statusCode(404).header(RequestIds.HEADER, id);
        String line = accessLines(id).getFirst().message();
        assertTrue(line.startsWith("GET /pg/kit/nothing/*/* 404 "), line);
        assertFalse(logs.text().contains("4111111111111111"), logs.text());
        assertFalse(logs.text().contains("cvv"), logs.text());
    }

    @Test
    void theEventsARequestWritesCarryItsRequestId() throws Exception {
        String id = "kit-event-" + UUID.randomUUID();
        String resource = "res-" + UUID.randomUUID();
        String eventId = asDemo(id).contentType("application/json").body("{\"resourceId\":\"" + resource + "\",\"failAfterWrite\":false}")
                .post("/pg/kit/events").then().statusCode(200).extract().path("eventId");
        try (Connection c = dataSource.getConnection();
             PreparedStatement select = c.prepareStatement("SELECT payload FROM outbox_event WHERE id = ?::uuid")) {
            select.setString(1, eventId);
            try (ResultSet rs = select.executeQuery()) {
                assertTrue(rs.next());
                assertTrue(rs.getString(1).contains("\"requestId\":\"" + id + "\""), rs.getString(1));
            }
        }
    }

    @Test
    void requestsAreCountedByConfiguredMerchantAndStatusAndTimedInSloBuckets() {
        asDemo("kit-count-" + UUID.randomUUID()).get("/pg/kit/logged/pears").then().statusCode(200);
        given().filter(MerchantSigningFilter.as("nobody-" + UUID.randomUUID(), "x")).contentType("application/json")
                .body(VALID).post("/pg/kit/echo").then().statusCode(401);
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(count(metrics, "paygate_http_requests_total{merchant=\"demo\",outcome=\"SUCCESS\",status=\"200\"}") >= 1,
                metrics);
        assertTrue(count(metrics, "paygate_http_requests_total{merchant=\"none\",outcome=\"CLIENT_ERROR\",status=\"401\"}") >= 1,
                metrics);
        assertFalse(metrics.contains("nobody-"), "an unconfigured merchant id is never a tag value");
        assertTrue(metrics.contains("http_server_requests_seconds_bucket{") && metrics.contains("le=\"0.25\""), metrics);
    }

    static double count(String metrics, String series) {
        Matcher m = Pattern.compile(Pattern.quote(series) + " ([0-9.eE+]+)").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    @Test
    void aResponseGetsExactlyOneRequestIdHeader() {
        Response response = asDemo("kit-one").contentType("application/json").body(VALID).post("/pg/kit/echo");
        response.then().statusCode(200);
        assertEquals(List.of("kit-one"), response.headers().getValues(RequestIds.HEADER));
    }
}
