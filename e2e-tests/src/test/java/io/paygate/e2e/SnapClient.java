package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.sink.MerchantSink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The pinned SNAP client libraries of {@code test-support/snap-client} (midtrans-client's SnapBi, dana-node's webhook
 * verifier), run by node as a merchant's own code runs them: {@code bridge.cjs} makes one request, {@code verify.cjs}
 * checks one received notification. Skipped where node or the modules are missing, except in CI.
 */
final class SnapClient {

    private static final long TIMEOUT_SECONDS = 60;

    private final Path dir;
    private final Map<String, String> env;

    private SnapClient(Path dir, Map<String, String> env) {
        this.dir = dir;
        this.env = env;
    }

    /** The client of merchant {@code demo}, pointed at {@code baseUrl} (an origin), with its published sandbox key. */
    static SnapClient demo(Path root, String baseUrl) {
        Path dir = root.resolve("test-support/snap-client");
        boolean installed = Files.isReadable(dir.resolve("node_modules/midtrans-client/package.json"))
                && Files.isReadable(dir.resolve("node_modules/dana-node/package.json")) && nodeRuns();
        if (!installed && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must install the SNAP clients: npm ci in test-support/snap-client "
                    + "(.ci/run does)");
        }
        assumeTrue(installed, "node or the SNAP clients are missing: run npm ci --ignore-scripts in "
                + "test-support/snap-client");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SNAP_BASE_URL", baseUrl);
        env.put("SNAP_CLIENT_ID", SandboxSnap.clientKey(SandboxMerchants.DEMO));
        env.put("SNAP_CLIENT_SECRET", SandboxMerchants.DEMO.clientSecret());
        env.put("SNAP_PRIVATE_KEY_FILE", root.resolve("deploy/local/snap/demo-private.pem").toString());
        env.put("SNAP_CHANNEL_ID", SandboxSnap.CHANNEL_ID);
        // axios honours *_PROXY: the stack is local
        env.put("NO_PROXY", "127.0.0.1,localhost");
        env.put("no_proxy", "127.0.0.1,localhost");
        return new SnapClient(dir, env);
    }

    /** {@code SnapBi.va().getAccessToken()}'s reply. */
    JsonNode token() {
        return run("bridge.cjs", Map.of("op", "token")).path("reply");
    }

    /** {@code SnapBi.<service>().withBody(body).<action>(externalId)}'s reply (non-2xx replies come back as data). */
    JsonNode call(String service, String action, String externalId, Object body) {
        return call(service, action, externalId, body, null);
    }

    /** As {@link #call(String, String, String, Object)}, with headers through {@code withTransactionHeader}. */
    JsonNode call(String service, String action, String externalId, Object body, Map<String, String> headers) {
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("op", "call");
        command.put("service", service);
        command.put("action", action);
        command.put("externalId", externalId);
        command.put("body", body);
        if (headers != null) {
            command.put("headers", headers);
        }
        return run("bridge.cjs", command).path("reply");
    }

    /** Both libraries' verdicts on one notification: {@code {"midtrans":…,"dana":…}}. */
    JsonNode verify(MerchantSink.Received notification, String body, String publicKeyPem) {
        Map<String, String> headers = new LinkedHashMap<>();
        notification.headers().forEach((name, values) -> headers.put(name, values.get(0)));
        return run("verify.cjs", Map.of("path", notification.path(), "headers", headers, "body", body,
                "publicKeyPem", publicKeyPem));
    }

    private JsonNode run(String script, Object command) {
        try {
            ProcessBuilder pb = new ProcessBuilder("node", script).directory(dir.toFile());
            pb.environment().putAll(env);
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
            Process p = pb.start();
            try (var in = p.getOutputStream()) {
                in.write(Json.write(command).getBytes(StandardCharsets.UTF_8));
            }
            // the scripts' requests time out after 10 s (axios); their output is one short line
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(script + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            JsonNode result = Json.read(out, JsonNode.class);
            if (p.exitValue() != 0 || result.has("error")) {
                throw new IllegalStateException(script + " failed: " + out);
            }
            return result;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean nodeRuns() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
