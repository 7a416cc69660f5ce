package io.paygate.e2e;

import io.paygate.local.LocalStack;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One more process of a service beside the e2e stack, on its database and broker and with its event key, on free
 * ports, configured otherwise as the test says (the stack's own processes run with the suite's settings). Stopped
 * by {@link #close()}.
 */
final class ExtraService implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final int port;
    private final int managementPort;

    private ExtraService(Process process, Path log, int port, int managementPort) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.managementPort = managementPort;
    }

    /** Starts {@code service} (its packaged jar) with {@code config} lines on top of the stack's essentials. */
    static ExtraService start(String service, String database, String... config) throws Exception {
        LocalStack stack = Stack.get();
        Path jar = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize()
                .resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
        int port = freePort();
        int managementPort = freePort();
        List<String> properties = new ArrayList<>(List.of(
                "quarkus.http.port=" + port,
                "quarkus.management.port=" + managementPort,
                "quarkus.datasource.jdbc.url=" + stack.jdbcUrl(database),
                "quarkus.datasource.username=" + EmbeddedPostgresServer.USER,
                "quarkus.datasource.password=" + EmbeddedPostgresServer.PASSWORD,
                "kafka.bootstrap.servers=" + stack.kafkaBootstrapServers(),
                "gateway.events.signing-key=" + stack.eventSigningKey(),
                "gateway.internal.token=" + stack.internalToken(),
                "gateway.snap.token-key=" + stack.snapTokenKey(),
                // it follows merchant-config like the stack's services, and opens its sealed secrets (contract §10)
                "gateway.merchants.encryption-key=" + stack.merchantsEncryptionKey()));
        properties.addAll(SandboxMerchants.configLines());
        properties.addAll(List.of(config));
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx256m"));
        properties.forEach(p -> command.add("-D" + p));
        command.addAll(List.of("-jar", jar.toString()));
        Path log = Files.createTempFile(service + "-extra", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ExtraService(process, log, port, managementPort);
    }

    String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Waits until the process ended by itself; its exit code. */
    int awaitExit(Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("still running after " + timeout + "; log:\n" + log());
        }
        return process.exitValue();
    }

    /** Waits for readiness on the management port. */
    ExtraService awaitReady(Duration timeout) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + managementPort + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the process ended; log:\n" + log());
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return this;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("not ready after " + timeout + "; log:\n" + log());
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        Files.deleteIfExists(log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
