package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.local.LocalStack;
import io.paygate.model.ids.RequestIds;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a platform team checks on a deployment, on a stack of its own as production runs it (port offset
 * {@link Stack#PORT_OFFSET} + 700, two replicas of every service, JSON logs, DEBUG for paygate's own categories so
 * every line there is can be checked):
 * <ul>
 *     <li>a request's id (docs/contract.md §0 "Request ids") is in its reply and in the MDC of every log line it caused, in
 *     payment-service, in binding-service (a call the request made) and in notification-service (the notification
 *     its event caused), and no log line of any service holds a secret or a card number;</li>
 *     <li>SIGTERM to a replica under load, behind an Ingress that follows readiness: without the shutdown delay
 *     requests are refused; with it, none (figures printed).</li>
 * </ul>
 * The stack runs with {@code quarkus.shutdown.delay=0s} (the "before"); the shutdown test restarts one replica with
 * {@code QUARKUS_SHUTDOWN_DELAY=5s} (the default of the packaged services) for the "after".
 */
@OwnStack
class OperationsIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String FAILURE = "{\"responseCode\":\"5000000\",\"responseMessage\":\"Internal Server Error\",\"processingTime\":1}";
    static final String CARD = "4111111111111111";
    static LocalStack stack;

    @BeforeAll
    static void start() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        List<String> config = new ArrayList<>(Stack.CONFIG);
        config.addAll(List.of(
                "quarkus.log.console.json.enabled=true",
                "quarkus.log.category.\"io.paygate\".level=DEBUG",
                "quarkus.shutdown.delay=0s"));
        stack = LocalStack.launch(LocalStack.Options.forTests(root, Stack.PORT_OFFSET + 700, config).withReplicas(2));
    }

    @AfterAll
    static void stop() throws IOException {
        if (stack != null) {
            keepLogs();
            stack.stop();
        }
    }

    /**
     * The stack's logs outlive it in {@code target/operations-logs}: a line these tests find wrong is read there (the
     * stack's own folder goes with it).
     */
    static void keepLogs() throws IOException {
        Path kept = Path.of("target", "operations-logs");
        Files.createDirectories(kept);
        try (Stream<Path> logs = Files.list(stack.runDir().resolve("logs"))) {
            for (Path log : logs.toList()) {
                Files.copy(log, kept.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void aRequestsIdIsInItsReplyAndInEveryLineItCausedAcrossTheServicesAndNoSecretIsLogged() throws Exception {
        String payment = stack.baseUrl("payment-service", 0);
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String initiated = "ops-init-" + tag;
        String paged = "ops-page-" + tag;
        String simulated = "ops-sim-" + tag;
        String refused = "ops-401-" + tag;
        String carded = "ops-card-" + tag;
        try (MerchantSink sink = MerchantSink.start()) {
            sink.enqueue(MerchantSink.Reply.status(500, FAILURE)); // one failed attempt: its lines carry the id too
            String code = initiate(payment, sink, initiated, "CUST-OPS-" + tag);
            given().baseUri(payment).header(RequestIds.HEADER, paged).get("/pg/pay/" + code)
                    .then().statusCode(200).header(RequestIds.HEADER, paged);
            Merchant.ops(payment).header(RequestIds.HEADER, simulated).body("{\"status\":\"CAPTURED\"}")
                    .post("/pg/sandbox/payments/" + code + "/simulate")
                    .then().statusCode(200).header(RequestIds.HEADER, simulated);
            given().baseUri(payment).filter(MerchantSigningFilter.as("demo", "a-wrong-secret"))
                    .header(RequestIds.HEADER, refused).contentType("application/json").body("{}")
                    .post("/pg/payment/card/initiate").then().statusCode(401).header(RequestIds.HEADER, refused);
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                    Merchant.notifications(sink, Merchant.PAYMENTS, code).size() >= 2);

            String cardCode = initiate(payment, sink, "ops-init2-" + tag, null);
            given().baseUri(payment).header(RequestIds.HEADER, carded).redirects().follow(false)
                    .contentType("application/x-www-form-urlencoded").formParam("cardNumber", CARD)
                    .formParam("expiryMonth", "12").formParam("expiryYear", "2031").formParam("cvv", "987")
                    .formParam("cardholderName", "Budi Santoso").post("/pg/pay/" + cardCode + "/card")
                    .then().statusCode(303).header(RequestIds.HEADER, carded);
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                    !Merchant.notifications(sink, Merchant.PAYMENTS, cardCode).isEmpty());
            String webhookId = Merchant.notifications(sink, Merchant.PAYMENTS, code).getLast().header("webhook-id");
            String cardWebhookId = Merchant.notifications(sink, Merchant.PAYMENTS, cardCode).getFirst().header("webhook-id");
            Thread.sleep(1_500); // the attempt's own lines are written right after the merchant answered

            List<JsonNode> payments = lines("payment-service");
            List<JsonNode> notifications = lines("notification-service");
            List<JsonNode> bindings = lines("binding-service");

            // payment-service: the simulate request's access line and its state change carry its id; every line
            // about the payment was written for one of the requests made for it.
            assertTrue(hasLine(payments, simulated, "POST /pg/sandbox/payments/{paymentCode}/simulate 200 "), dump(payments, simulated));
            assertTrue(hasLine(payments, simulated, "-> CAPTURED"), dump(payments, simulated));
            assertTrue(hasLine(payments, initiated, "POST /pg/payment/card/initiate 200 "), dump(payments, initiated));
            assertAllCarry(payments, code, Set.of(initiated, paged, simulated));
            // binding-service: the page's call for the customer's bindings carried the page request's id.
            assertTrue(hasLine(bindings, paged, "GET /internal/bindings 200 "), dump(bindings, paged));
            // notification-service: every line about the notification (stored, the failed attempt, the delivery).
            List<JsonNode> aboutNotification = about(notifications, webhookId, code);
            assertTrue(aboutNotification.size() >= 3, "stored, failed, delivered: " + aboutNotification);
            assertAllCarry(notifications, webhookId, Set.of(simulated));
            assertAllCarry(notifications, code, Set.of(simulated));
            // The card payment was captured by the sandbox provider's callback, a request of its own with an id the
            // gateway made: its notification's lines carry that one.
            String callback = requestIdOf(payments, cardCode, "-> CAPTURED");
            assertTrue(RequestIds.isWellFormed(callback), callback);
            assertTrue(hasLine(payments, callback, "POST /pg/provider/sandbox/callback 200 "), dump(payments, callback));
            assertTrue(hasLine(payments, carded, "POST /pg/pay/{paymentCode}/card 303 "), dump(payments, carded));
            assertFalse(about(notifications, cardWebhookId, cardCode).isEmpty());
            assertAllCarry(notifications, cardWebhookId, Set.of(callback));
            // A refused request: one line, at INFO, with its reason.
            List<JsonNode> refusal = ofRequest(payments, refused);
            assertEquals(1, refusal.size(), refusal.toString());
            assertEquals("INFO", refusal.getFirst().path("level").asText());
            assertTrue(refusal.getFirst().path("message").asText().endsWith("refused: 401 Invalid signature"), refusal.toString());
        }
        assertNoSecretOrCardNumberInAnyLog();
    }

    private static String initiate(String payment, MerchantSink sink, String requestId, String customerId) {
        String orderId = Merchant.newId("OPS");
        String customer = customerId == null ? "" : "\"id\":\"" + customerId + "\",";
        Response reply = Merchant.api(payment).header(RequestIds.HEADER, requestId).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{%s\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, customer, sink.url(Merchant.PAYMENTS)))
                .post("/pg/payment/card/initiate");
        reply.then().statusCode(200).header(RequestIds.HEADER, requestId);
        String redirect = reply.path("redirecturl");
        return redirect.substring(redirect.lastIndexOf('/') + 1);
    }

    /** Every JSON line of every replica of {@code service}. */
    static List<JsonNode> lines(String service) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (int k = 0; k < stack.replicas(); k++) {
            for (String line : Files.readAllLines(stack.log(service, k), StandardCharsets.UTF_8)) {
                if (line.startsWith("{")) {
                    lines.add(JSON.readTree(line));
                }
            }
        }
        return lines;
    }

    static String requestIdOf(JsonNode line) {
        return line.path("mdc").path("requestId").asText(null);
    }

    static List<JsonNode> ofRequest(List<JsonNode> lines, String requestId) {
        return lines.stream().filter(l -> requestId.equals(requestIdOf(l))).toList();
    }

    static boolean hasLine(List<JsonNode> lines, String requestId, String text) {
        return ofRequest(lines, requestId).stream().anyMatch(l -> l.path("message").asText().contains(text));
    }

    static List<JsonNode> about(List<JsonNode> lines, String... ids) {
        return lines.stream().filter(l -> {
            String message = l.path("message").asText();
            for (String id : ids) {
                if (message.contains(id)) {
                    return true;
                }
            }
            return false;
        }).toList();
    }

    /** Every line that names {@code id} carries one of {@code requestIds}. */
    static void assertAllCarry(List<JsonNode> lines, String id, Set<String> requestIds) {
        List<JsonNode> about = about(lines, id);
        assertFalse(about.isEmpty(), "no line names " + id);
        // A line without any request id is one too (Set.contains(null) would throw instead of saying which).
        List<JsonNode> without = about.stream().filter(l -> requestIdOf(l) == null
                || !requestIds.contains(requestIdOf(l))).toList();
        assertTrue(without.isEmpty(), "lines about " + id + " without " + requestIds + ": " + without);
    }

    static String requestIdOf(List<JsonNode> lines, String id, String text) {
        return about(lines, id).stream().filter(l -> l.path("message").asText().contains(text)).findFirst()
                .map(OperationsIT::requestIdOf).orElseThrow(() -> new AssertionError("no line " + id + " " + text));
    }

    static String dump(List<JsonNode> lines, String requestId) {
        return requestId + ": " + ofRequest(lines, requestId).stream().map(l -> l.path("message").asText()).toList();
    }

    /** docs/contract.md §0, §2: no secret, token, key or card number in any line of any replica of any service. */
    static void assertNoSecretOrCardNumberInAnyLog() throws IOException {
        List<String> secrets = new ArrayList<>(List.of(SandboxMerchants.OPS_TOKEN, stack.internalToken(),
                stack.eventSigningKey(), CARD, "4111 1111 1111 1111"));
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            secrets.add(m.clientSecret());
            secrets.add(m.notificationSecret());
            secrets.add(m.notificationSecret().substring("whsec_".length()));
        }
        secrets.add("fuzz-client-secret");
        Pattern cvv = Pattern.compile("cvv\\W{0,6}987");
        secrets.add(stack.merchantsEncryptionKey());
        for (String service : List.of("payment-service", "binding-service", "notification-service",
                "merchant-service", "ledger-service")) {
            for (int k = 0; k < stack.replicas(); k++) {
                String log = Files.readString(stack.log(service, k), StandardCharsets.UTF_8);
                for (String secret : secrets) {
                    assertFalse(log.contains(secret), service + "#" + k + " logs a secret or card number ("
                            + secret.substring(0, 4) + "…)");
                }
                assertFalse(cvv.matcher(log).find(), service + "#" + k + " logs the CVV");
            }
        }
    }

    /**
     * Issue 45: a merchant onboarded through merchant-service and both its secrets rotated, used at every service
     * (signed requests at payment-service's replicas with each client secret, a test notification signed with its
     * notification secrets); then none of its secrets, nor the merchants encryption key, is in any line of any replica
     * of any service, nor in clear in any row of any table of any service's database (merchant-service keeps them
     * sealed, docs/contract.md §10).
     */
    @Test
    void aRegistryMerchantsSecretsAreInNoLogAndInNoDatabaseRow() throws Exception {
        String merchants = stack.baseUrl("merchant-service", 0);
        Registry.Created created = Registry.create(merchants);
        SandboxMerchants.Merchant first = created.merchant();
        List<String> secrets = new ArrayList<>(List.of(first.clientSecret(), created.notificationSecret(),
                created.notificationSecret().substring("whsec_".length()), stack.merchantsEncryptionKey()));
        awaitAcceptedAtPayments(first);
        TimedHttp.Reply client = TimedHttp.signed(merchants, first, "POST", "/pg/merchant/client-secret/rotate",
                "{\"graceSeconds\":60}");
        assertEquals(200, client.status(), client.body());
        SandboxMerchants.Merchant rotated = Registry.withClientSecret(first,
                JSON.readTree(client.body()).path("clientSecret").asText());
        TimedHttp.Reply notification = TimedHttp.signed(merchants, rotated, "POST",
                "/pg/merchant/notification-secret/rotate", "{\"graceSeconds\":60}");
        assertEquals(200, notification.status(), notification.body());
        String newNotificationSecret = JSON.readTree(notification.body()).path("notificationSecret").asText();
        secrets.addAll(List.of(rotated.clientSecret(), newNotificationSecret,
                newNotificationSecret.substring("whsec_".length())));
        awaitAcceptedAtPayments(rotated);
        try (MerchantSink sink = MerchantSink.start()) {
            TimedHttp.Reply test = TimedHttp.signed(stack.baseUrl("notification-service", 0), rotated, "POST",
                    "/pg/merchant/callbacks/test", "{\"type\":\"payment\",\"url\":\"" + sink.url("/t") + "\"}");
            assertEquals(200, test.status(), test.body());
            assertTrue(JSON.readTree(test.body()).path("delivered").asBoolean(), test.body());
        }
        Thread.sleep(1_000); // the last lines of the requests above
        for (String service : List.of("payment-service", "binding-service", "notification-service",
                "merchant-service", "ledger-service")) {
            for (int k = 0; k < stack.replicas(); k++) {
                String log = Files.readString(stack.log(service, k), StandardCharsets.UTF_8);
                for (String secret : secrets) {
                    assertFalse(log.contains(secret), service + "#" + k + " logs a merchant secret ("
                            + secret.substring(0, 4) + "…)");
                }
            }
        }
        int rows = 0;
        for (String database : List.of("payment", "binding", "notification", "merchant", "ledger")) {
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(stack.jdbcUrl(database),
                    io.paygate.testsupport.infra.EmbeddedPostgresServer.USER,
                    io.paygate.testsupport.infra.EmbeddedPostgresServer.PASSWORD)) {
                List<String> tables = new ArrayList<>();
                try (java.sql.ResultSet rs = c.getMetaData().getTables(null, "public", "%", new String[]{"TABLE"})) {
                    while (rs.next()) {
                        tables.add(rs.getString("TABLE_NAME"));
                    }
                }
                for (String table : tables) {
                    try (java.sql.Statement st = c.createStatement();
                         java.sql.ResultSet rs = st.executeQuery("SELECT t::text FROM \"" + table + "\" t")) {
                        while (rs.next()) {
                            rows++;
                            String row = rs.getString(1);
                            for (String secret : secrets) {
                                assertFalse(row.contains(secret), database + "." + table + " holds a merchant secret in "
                                        + "clear (" + secret.substring(0, 4) + "…)");
                            }
                        }
                    }
                }
            }
        }
        assertTrue(rows > 0, "the databases were read");
    }

    private static void awaitAcceptedAtPayments(SandboxMerchants.Merchant merchant) {
        for (int k = 0; k < stack.replicas(); k++) {
            String payment = stack.baseUrl("payment-service", k);
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> Registry.accepted(
                    TimedHttp.signed(payment, merchant, "GET", "/pg/payment/card/status/ORD-PROBE", null)));
        }
    }

    /**
     * SIGTERM to replica 1 of payment-service while merchants initiate and ask statuses through an Ingress that
     * follows readiness (polled every second). "Before": no shutdown delay: the replica stops accepting at once and
     * the Ingress keeps sending it requests until its next poll. "After": {@code QUARKUS_SHUTDOWN_DELAY=5s}: readiness
     * goes DOWN at once, the replica keeps serving for 5 s and leaves the rotation meanwhile: nothing is refused.
     */
    @Test
    void aReplicaStoppedUnderLoadRefusesNothingWithTheShutdownDelay() throws Exception {
        List<String> apis = List.of(stack.baseUrl("payment-service", 0), stack.baseUrl("payment-service", 1));
        List<String> managements = List.of(stack.managementUrl("payment-service", 0),
                stack.managementUrl("payment-service", 1));
        int rounds = Integer.getInteger("paygate.e2e.drain-rounds", 1);
        try (ReadyIngress ingress = new ReadyIngress(apis, managements)) {
            ingress.startLoad(4);
            for (int round = 1; round <= rounds; round++) {
                if (stack.isRunning("payment-service", 1)) {
                    stack.stop("payment-service", 1); // not measured: the rounds start from a fresh replica
                }
                stack.restart("payment-service", 1, Map.of("QUARKUS_SHUTDOWN_DELAY", "0s"));
                Drain before = drain(ingress);
                stack.restart("payment-service", 1, Map.of("QUARKUS_SHUTDOWN_DELAY", "5s"));
                Drain after = drain(ingress);

                System.out.println("[OperationsIT] SIGTERM under load (round " + round + " of " + rounds
                        + "), payment-service replica 1 of 2, Ingress following readiness every "
                        + ReadyIngress.POLL_MILLIS + " ms:");
                System.out.println("  without shutdown delay: " + before);
                System.out.println("  with 5 s shutdown delay: " + after);
                assertTrue(after.exitSeconds() >= 5, "the delay applied: " + after);
                assertTrue(after.servedAfterSigterm() > 0, "the stopping replica served during the delay: " + after);
                assertEquals(Map.of("ok", after.totals().getOrDefault("ok", 0L)), after.totals(),
                        "nothing refused, broken or answered 5xx: " + after);
                assertTrue(after.totals().getOrDefault("ok", 0L) > 100, after.toString());
            }
            ingress.stopLoad();
        } finally {
            if (!stack.isRunning("payment-service", 1)) {
                stack.restart("payment-service", 1);
            }
        }
    }

    /** What one stop cost: outcomes from 3 s before the SIGTERM to 3 s after the process ended. */
    record Drain(Map<String, Long> totals, double exitSeconds, long servedAfterSigterm, long sigtermAtMillis,
                 Map<String, Long> byReplica, List<String> failures) {
        @Override
        public String toString() {
            return totals + ", process ended " + String.format("%.1f", exitSeconds) + " s after SIGTERM, "
                    + servedAfterSigterm + " requests served by it after SIGTERM; by replica " + byReplica
                    + (failures.isEmpty() ? "" : "; SIGTERM at +" + sigtermAtMillis + " ms, failures " + failures);
        }
    }

    /** Replica 1 is running; it is stopped with SIGTERM under the load and stays stopped. */
    private static Drain drain(ReadyIngress ingress) throws Exception {
        await().atMost(Duration.ofSeconds(10)).until(() -> ingress.inRotation(0) && ingress.inRotation(1));
        ingress.mark();
        long marked = System.nanoTime();
        Thread.sleep(3_000);
        long servedBefore = ingress.count(1, "ok");
        long t0 = System.nanoTime();
        boolean ended = stack.stop("payment-service", 1);
        double exit = (System.nanoTime() - t0) / 1e9;
        long servedAfter = ingress.count(1, "ok") - servedBefore;
        assertTrue(ended, "replica 1 ended within its grace period");
        Thread.sleep(3_000);
        assertNotNull(ingress.totals());
        return new Drain(ingress.totals(), exit, servedAfter, (t0 - marked) / 1_000_000, ingress.byReplica(),
                ingress.failures());
    }
}
