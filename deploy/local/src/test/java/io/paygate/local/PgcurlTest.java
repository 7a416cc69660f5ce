package io.paygate.local;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.auth.RequestVerifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code deploy/local/pgcurl}: signs as the contract says, finds each service's base, passes curl options on. */
class PgcurlTest {

    private HttpServer server;
    private final List<Map<String, String>> received = new ArrayList<>();
    /** The body the test server answers with. */
    private volatile String reply = "";
    /** The bodies it answers with first, one per request, before {@link #reply}. */
    private final java.util.Deque<String> replies = new java.util.concurrent.ConcurrentLinkedDeque<>();

    @BeforeEach
    void startServer() throws IOException {
        assumeTrue(onPath("curl") && onPath("openssl"), "pgcurl needs curl and openssl");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::record);
        server.start();
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void record(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        synchronized (received) {
            received.add(Map.of(
                    "method", exchange.getRequestMethod(),
                    "target", exchange.getRequestURI().toString(),
                    "partner", String.valueOf(exchange.getRequestHeaders().getFirst("X-PARTNER-ID")),
                    "timestamp", String.valueOf(exchange.getRequestHeaders().getFirst("X-TIMESTAMP")),
                    "signature", String.valueOf(exchange.getRequestHeaders().getFirst("X-SIGNATURE")),
                    "contentType", String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type")),
                    "requestId", String.valueOf(exchange.getRequestHeaders().getFirst("X-Request-Id")),
                    "body", new String(body, StandardCharsets.UTF_8)));
        }
        String next = replies.poll();
        byte[] answer = (next == null ? reply : next).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void signsABindingRequestAndSendsItToBindingServiceWithTheCurlOptionsGiven() throws Exception {
        String body = "{\"customer\":{\"id\":\"CUST-1\"},\"sourceOfFunds\":{\"type\":\"BCA_DD\"}}";

        int exit = pgcurl(Map.of("PAYGATE_BINDING_URL", base(), "PAYGATE_PAYMENT_URL", "http://127.0.0.1:1"),
                "post", "/pg/payment/card/directdebit/bind", body, "-H", "X-Request-Id: r-1", "-o", "/dev/null").exit();

        assertEquals(0, exit);
        Map<String, String> request = received.getFirst();
        assertEquals("POST", request.get("method"));
        assertEquals("/pg/payment/card/directdebit/bind", request.get("target"));
        assertEquals(body, request.get("body"));
        assertEquals("application/json", request.get("contentType"));
        assertEquals("r-1", request.get("requestId"));
        assertEquals("demo", request.get("partner"));
        assertDoesNotThrow(() -> RequestVerifier.standard(Clock.systemUTC()).verify("demo-client-secret", "POST",
                "/pg/payment/card/directdebit/bind", body.getBytes(StandardCharsets.UTF_8), request.get("timestamp"),
                request.get("signature")));
    }

    @Test
    void aCurlOptionInPlaceOfTheBodyIsPassedOnAndTheRequestSignedWithoutBody() throws Exception {
        int exit = pgcurl(Map.of("PAYGATE_NOTIFICATION_URL", base()), "GET", "/pg/notifications?status=FAILED",
                "-H", "X-Request-Id: r-2", "-o", "/dev/null").exit();

        assertEquals(0, exit);
        Map<String, String> request = received.getFirst();
        assertEquals("/pg/notifications?status=FAILED", request.get("target"));
        assertEquals("", request.get("body"));
        assertEquals("r-2", request.get("requestId"));
        assertDoesNotThrow(() -> RequestVerifier.standard(Clock.systemUTC()).verify("demo-client-secret", "GET",
                "/pg/notifications?status=FAILED", new byte[0], request.get("timestamp"), request.get("signature")));
    }

    @Test
    void thePortOffsetMovesEveryServicesAddress() throws Exception {
        int port = server.getAddress().getPort();
        // payment-service's 8081 moved by the offset lands on the test server.
        int exit = pgcurl(Map.of(), "--port-offset", String.valueOf(port - 8081), "GET", "/pg/payment/card/status/ORD-1",
                "-o", "/dev/null").exit();

        assertEquals(0, exit);
        assertEquals("/pg/payment/card/status/ORD-1", received.getFirst().get("target"));
    }

    @Test
    void serviceChoosesTheBaseForAPathEveryServiceHas() throws Exception {
        int exit = pgcurl(Map.of("PAYGATE_BINDING_URL", base()), "--service", "binding", "GET", "/pg/ops/outbox/parked",
                "-o", "/dev/null").exit();

        assertEquals(0, exit);
        assertEquals("/pg/ops/outbox/parked", received.getFirst().get("target"));
    }

    /**
     * docs/contract.md §10: the operator API and the merchant's self-service are merchant-service's, at 8084 (+ the
     * offset); the callback registration beside them stays notification-service's.
     */
    @Test
    void theOperatorApiAndTheSelfServiceGoToMerchantServiceAndTheCallbacksToNotificationService() throws Exception {
        String elsewhere = "http://127.0.0.1:1";
        for (String path : List.of("/admin/merchants", "/admin/audit?merchant=demo", "/pg/merchant",
                "/pg/merchant/client-secret/rotate", "/pg/merchant/ip-allowlist")) {
            assertEquals(0, pgcurl(Map.of("PAYGATE_MERCHANT_SERVICE_URL", base(), "PAYGATE_NOTIFICATION_URL", elsewhere,
                    "PAYGATE_PAYMENT_URL", elsewhere), "GET", path, "-o", "/dev/null").exit(), path);
        }
        for (String path : List.of("/pg/merchant/callbacks", "/pg/merchant/callbacks/test")) {
            assertEquals(0, pgcurl(Map.of("PAYGATE_NOTIFICATION_URL", base(), "PAYGATE_MERCHANT_SERVICE_URL", elsewhere),
                    "GET", path, "-o", "/dev/null").exit(), path);
        }
        int port = server.getAddress().getPort();
        assertEquals(0, pgcurl(Map.of(), "--port-offset", String.valueOf(port - 8084), "GET", "/pg/merchant",
                "-o", "/dev/null").exit());
        assertEquals(List.of("/admin/merchants", "/admin/audit?merchant=demo", "/pg/merchant",
                "/pg/merchant/client-secret/rotate", "/pg/merchant/ip-allowlist", "/pg/merchant/callbacks",
                "/pg/merchant/callbacks/test", "/pg/merchant"), received.stream().map(r -> r.get("target")).toList());
    }

    /**
     * docs/contract.md §12: the merchant's money (balance, transactions, settlements, the sandbox top-up, the SNAP
     * balance inquiry) and the operator's settlement run and reconciliation are ledger-service's, at 8085 (+ the
     * offset); the operator's other /admin/ paths and the payments stay where they were.
     */
    @Test
    void theMoneyPathsAndTheLedgersAdminPathsGoToLedgerService() throws Exception {
        String elsewhere = "http://127.0.0.1:1";
        Map<String, String> env = Map.of("PAYGATE_LEDGER_URL", base(), "PAYGATE_MERCHANT_SERVICE_URL", elsewhere,
                "PAYGATE_PAYMENT_URL", elsewhere);
        List<String> ledger = List.of("/pg/balance", "/pg/balance/transactions?type=FEE&limit=5",
                "/pg/settlements?from=2026-01-01", "/pg/settlements/STL-1/report", "/pg/sandbox/balance/top-up",
                "/v1.0/balance-inquiry", "/admin/settlements/run", "/admin/reconciliation?date=2026-01-01");
        for (String path : ledger) {
            assertEquals(0, pgcurl(env, "GET", path, "-o", "/dev/null").exit(), path);
        }
        Map<String, String> others = Map.of("PAYGATE_MERCHANT_SERVICE_URL", base(), "PAYGATE_PAYMENT_URL", base(),
                "PAYGATE_LEDGER_URL", elsewhere);
        for (String path : List.of("/admin/merchants", "/pg/balances", "/pg/sandbox/bank/TRF-1")) {
            assertEquals(0, pgcurl(others, "GET", path, "-o", "/dev/null").exit(), path);
        }
        int port = server.getAddress().getPort();
        assertEquals(0, pgcurl(Map.of(), "--port-offset", String.valueOf(port - 8085), "GET", "/pg/balance",
                "-o", "/dev/null").exit());
        List<String> expected = new ArrayList<>(ledger);
        expected.addAll(List.of("/admin/merchants", "/pg/balances", "/pg/sandbox/bank/TRF-1", "/pg/balance"));
        assertEquals(expected, received.stream().map(r -> r.get("target")).toList());
    }

    @Test
    void refusesAnUnknownService() throws Exception {
        assertEquals(2, pgcurl(Map.of(), "--service", "audit", "GET", "/pg/x").exit());
        assertTrue(received.isEmpty());
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() throws Exception {
        Run run = pgcurl(Map.of(), "--help");

        assertEquals(0, run.exit(), run.stderr());
        assertTrue(run.stdout().startsWith("usage: deploy/local/pgcurl [--service"), run.stdout());
        assertTrue(run.stdout().contains("PAYGATE_PORT_OFFSET"), run.stdout());
        assertTrue(received.isEmpty());
    }

    @Test
    void withoutMethodAndPathItPrintsTheUsageAndExitsTwo() throws Exception {
        Run run = pgcurl(Map.of(), "GET");

        assertEquals(2, run.exit());
        assertTrue(run.stderr().startsWith("usage: deploy/local/pgcurl"), run.stderr());
        assertTrue(received.isEmpty());
    }

    @Test
    void fieldPrintsTheReplyOnStderrAndTheMembersValueOnStdout() throws Exception {
        reply = "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"paymentCode\":\"PC123\","
                + "\"sourceOfFunds\":{\"paymentCode\":\"39108\"}}";

        Run run = pgcurl(Map.of("PAYGATE_PAYMENT_URL", base()), "--field", "paymentCode", "GET",
                "/pg/payment/card/status/ORD-1");

        assertEquals(0, run.exit(), run.stderr());
        assertEquals("PC123\n", run.stdout(), "the first paymentCode member, alone");
        assertEquals(reply + "\n", run.stderr());
    }

    @Test
    void fieldExitsOneWhenTheReplyHasNoSuchMember() throws Exception {
        reply = "{\"responseCode\":\"4040301\",\"responseMessage\":\"Transaction Not Found\"}";

        Run run = pgcurl(Map.of("PAYGATE_PAYMENT_URL", base()), "--field", "paymentCode", "GET",
                "/pg/payment/card/status/ORD-9");

        assertEquals(1, run.exit());
        assertEquals("", run.stdout());
        assertTrue(run.stderr().contains("4040301") && run.stderr().contains("has no \"paymentCode\""), run.stderr());
    }

    @Test
    void untilAsksAgainEachSecondUntilTheReplyHoldsTheValueAndPrintsThatReply() throws Exception {
        replies.add("{\"responseCode\":\"2000000\",\"latestTransactionStatus\":\"01\"}");
        replies.add("{\"responseCode\":\"2000000\",\"latestTransactionStatus\":\"02\"}");
        reply = "{\"responseCode\":\"2000000\",\"latestTransactionStatus\":\"00\",\"amount\":{\"value\":\"1.00\"}}";

        Run run = pgcurl(Map.of("PAYGATE_PAYMENT_URL", base()), "--until", "latestTransactionStatus=00", "GET",
                "/pg/disbursement/status/TRF-1");

        assertEquals(0, run.exit(), run.stderr());
        assertEquals(reply + "\n", run.stdout(), "the reply that holds it, once");
        assertEquals(3, received.size(), "asked until it held");
        received.forEach(request -> assertDoesNotThrow(() -> RequestVerifier.standard(Clock.systemUTC())
                .verify("demo-client-secret", "GET", "/pg/disbursement/status/TRF-1", new byte[0],
                        request.get("timestamp"), request.get("signature")), "each ask signed"));
    }

    @Test
    void untilMatchesAWholeValueNumbersIncludedAndGoesOnWithField() throws Exception {
        replies.add("{\"payment\":{\"status\":\"CAPTURED_LATER\"},\"attempts\":10}");
        reply = "{\"paymentCode\":\"PC9\",\"payment\":{\"status\":\"CAPTURED\"},\"attempts\":1}";

        Run run = pgcurl(Map.of("PAYGATE_PAYMENT_URL", base()), "--until", "attempts=1", "--field", "paymentCode",
                "GET", "/pg/payment/card/status/ORD-1");

        assertEquals(0, run.exit(), run.stderr());
        assertEquals("PC9\n", run.stdout());
        assertEquals(2, received.size(), "10 is not 1");
    }

    @Test
    void untilGivesUpAfterItsSecondsWithTheLastReplyAndExitOne() throws Exception {
        reply = "{\"responseCode\":\"2000000\",\"latestTransactionStatus\":\"02\"}";

        Run run = pgcurl(Map.of("PAYGATE_PAYMENT_URL", base(), "PAYGATE_UNTIL_SECONDS", "1"), "--until",
                "latestTransactionStatus=00", "GET", "/pg/disbursement/status/TRF-1");

        assertEquals(1, run.exit());
        assertEquals(reply + "\n", run.stdout());
        assertTrue(run.stderr().contains("no \"latestTransactionStatus\":\"00\" in the reply after 1 s"), run.stderr());
    }

    @Test
    void refusesAPortOffsetOrFieldThatCannotBeRight() throws Exception {
        assertEquals(2, pgcurl(Map.of(), "--port-offset", "x1", "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of("PAYGATE_PORT_OFFSET", "-5"), "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of(), "--field", "a\"b", "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of(), "--until", "status", "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of(), "--until", "status=a\"b", "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of(), "--until", "=00", "GET", "/pg/x").exit());
        assertEquals(2, pgcurl(Map.of("PAYGATE_UNTIL_SECONDS", "soon"), "--until", "s=1", "GET", "/pg/x").exit());
        assertTrue(received.isEmpty());
    }

    /** What one pgcurl run printed, and its exit status. */
    private record Run(int exit, String stdout, String stderr) {
    }

    private static Run pgcurl(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", Path.of("pgcurl").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(k -> k.startsWith("PAYGATE_"));
        builder.environment().putAll(environment);
        Path stderr = Files.createTempFile("pgcurl", ".err");
        try {
            Process process = builder.redirectError(stderr.toFile()).start();
            String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "pgcurl did not end: " + stdout);
            return new Run(process.exitValue(), stdout, Files.readString(stderr));
        } finally {
            Files.delete(stderr);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
