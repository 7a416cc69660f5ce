package io.paygate.testsupport.quarkus;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.kafka.SignedEvents;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * Quarkus test resource: the sandbox merchants, ops token and internal token of docs/contract.md §8 as configuration,
 * the same lines the local stack writes, with {@code gateway.callbacks.allow-local=true} so tests may call back
 * to a loopback merchant sink (never on the gateway's own ports, {@link #GATEWAY_PORTS}), {@code gateway.sandbox.allowed-in-production=true}, the event signing key, the SNAP token key and the merchants' encryption key (all
 * also for {@code @QuarkusIntegrationTest}s, which run the prod profile).
 */
public class SandboxConfigResource implements QuarkusTestResourceLifecycleManager {

    public static final String INTERNAL_TOKEN = "test-internal-token";
    /**
     * {@code gateway.callbacks.gateway-ports} of the tests: the ports a local stack's first replicas take (API and
     * management), as the launcher lists them; each service adds its own test port by itself.
     */
    public static final String GATEWAY_PORTS = "8081,8082,8083,8084,9081,9082,9083,9084";
    /** Init arg: {@code gateway.events.signing-key} instead of {@link SignedEvents#TEST_SIGNING_KEY}. */
    public static final String EVENT_SIGNING_KEY = "event-signing-key";
    /** Init arg: {@code gateway.events.previous-signing-key} (a key rotation); unset by default. */
    public static final String PREVIOUS_EVENT_SIGNING_KEY = "previous-event-signing-key";

    private Map<String, String> args = Map.of();

    @Override
    public void init(Map<String, String> initArgs) {
        args = Map.copyOf(initArgs);
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        for (String line : SandboxMerchants.configLines()) {
            int eq = line.indexOf('=');
            config.put(line.substring(0, eq), line.substring(eq + 1));
        }
        config.put("gateway.internal.token", INTERNAL_TOKEN);
        config.put("gateway.callbacks.allow-local", "true");
        config.put("gateway.callbacks.gateway-ports", GATEWAY_PORTS);
        // A packaged service under @QuarkusIntegrationTest runs in the prod profile: this is the sandbox.
        config.put("gateway.sandbox.allowed-in-production", "true");
        config.put("gateway.events.signing-key", args.getOrDefault(EVENT_SIGNING_KEY, SignedEvents.TEST_SIGNING_KEY));
        config.put("gateway.snap.token-key", SandboxSnap.TEST_TOKEN_KEY);
        config.put("gateway.merchants.encryption-key", RegistryRecords.TEST_ENCRYPTION_KEY);
        if (args.containsKey(PREVIOUS_EVENT_SIGNING_KEY)) {
            config.put("gateway.events.previous-signing-key", args.get(PREVIOUS_EVENT_SIGNING_KEY));
        }
        return config;
    }

    @Override
    public void stop() {
    }
}
