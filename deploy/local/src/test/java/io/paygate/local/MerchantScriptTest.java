package io.paygate.local;

import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code deploy/local/merchant}: its usage, its port (offset), and that it acknowledges only a signed notification. */
class MerchantScriptTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final List<Process> started = new ArrayList<>();
    private Path output;

    @BeforeEach
    void needsPython() throws IOException {
        assumeTrue(onPath("python3"), "deploy/local/merchant needs python3");
        output = Files.createTempFile("merchant", ".out");
    }

    @AfterEach
    void stop() throws IOException, InterruptedException {
        for (Process process : started) {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        if (output != null) {
            Files.delete(output);
        }
    }

    @Test
    void helpPrintsTheUsageAndExitsZero() throws Exception {
        Process process = merchant(Map.of(), "--help");

        assertTrue(process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS));
        String printed = Files.readString(output);
        assertEquals(0, process.exitValue(), printed);
        assertTrue(printed.contains("usage: deploy/local/merchant [--port-offset N] [PORT]"), printed);
        assertFalse(printed.contains("Traceback"), printed);
    }

    @Test
    void anArgumentItDoesNotKnowGetsTheUsageAndExitTwoNotATraceback() throws Exception {
        for (List<String> args : List.of(List.of("--verbose"), List.of("nine"), List.of("9000", "9001"),
                List.of("--port-offset"), List.of("--port-offset", "-3"), List.of("70000"))) {
            Process process = merchant(Map.of(), args.toArray(String[]::new));

            assertTrue(process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS), args.toString());
            String printed = Files.readString(output);
            assertEquals(2, process.exitValue(), args + ": " + printed);
            assertTrue(printed.contains("usage: deploy/local/merchant"), args + ": " + printed);
            assertFalse(printed.contains("Traceback"), args + ": " + printed);
        }
    }

    @Test
    void thePortOffsetOptionMovesItsPortAsTheStacksOffsetMovesTheServices() throws Exception {
        int port = freePort();
        merchant(Map.of(), "--port-offset", String.valueOf(port - 9000));

        assertAcknowledgesOnlySignedNotifications(port);
    }

    @Test
    void thePortOffsetFromTheEnvironmentMovesItsPortToo() throws Exception {
        int port = freePort();
        merchant(Map.of("PAYGATE_PORT_OFFSET", String.valueOf(port - 9000)));

        assertAcknowledgesOnlySignedNotifications(port);
    }

    @Test
    void anExplicitPortIsUsedAsItIsWhateverTheOffset() throws Exception {
        int port = freePort();
        merchant(Map.of("PAYGATE_PORT_OFFSET", "1"), String.valueOf(port));

        assertAcknowledgesOnlySignedNotifications(port);
    }

    private void assertAcknowledgesOnlySignedNotifications(int port) throws Exception {
        awaitListening(port);
        String body = "{\"order\":{\"id\":\"ORD-1\"},\"result\":{\"payment\":{\"status\":\"CAPTURED\"}}}";
        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(SandboxMerchants.DEMO.notificationSecret()));
        String id = UUID.randomUUID().toString();
        HttpRequest.Builder signed = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/callbacks/payment"))
                .timeout(DEADLINE).POST(HttpRequest.BodyPublishers.ofString(body));
        signer.headers(id, System.currentTimeMillis() / 1000, body).forEach(signed::header);

        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> accepted = http.send(signed.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, accepted.statusCode(), accepted.body());
            assertTrue(accepted.body().contains("\"responseCode\": \"2000000\""), accepted.body());

            HttpResponse<String> forged = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/x"))
                    .timeout(DEADLINE).header("webhook-id", id).header("webhook-timestamp", "1")
                    .header("webhook-signature", "v1,AAAA").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, forged.statusCode(), forged.body());
        }
        String printed = Files.readString(output);
        assertTrue(printed.contains("/callbacks/payment  webhook-id " + id + "  signature verified"), printed);
    }

    /** Polls what it printed until it says it listens on {@code port}; fails at the deadline or when it exits. */
    private void awaitListening(int port) throws Exception {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        String expected = "merchant listening on http://localhost:" + port + " ";
        while (!Files.readString(output).contains(expected)) {
            assertTrue(started.getLast().isAlive(), "merchant exited: " + Files.readString(output));
            assertTrue(System.nanoTime() < deadline, "merchant never said it listens on " + port + ": "
                    + Files.readString(output));
            Thread.sleep(50);
        }
    }

    private Process merchant(Map<String, String> environment, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("python3", Path.of("merchant").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PAYGATE_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        started.add(process);
        return process;
    }

    /** A port nothing listens on now (9000 + an offset of at least 23768: the kernel's ephemeral range). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
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
