package io.paygate.testsupport.quarkus;

import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.HashMap;
import java.util.Map;

/**
 * Quarkus test resource: the sandbox merchants, ops token and internal token of CONTRACT §8 as configuration,
 * the same lines the local stack writes, with {@code gateway.callbacks.allow-local=true} so tests may call back
 * to a loopback merchant sink.
 */
public class SandboxConfigResource implements QuarkusTestResourceLifecycleManager {

    public static final String INTERNAL_TOKEN = "test-internal-token";

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        for (String line : SandboxMerchants.configLines()) {
            int eq = line.indexOf('=');
            config.put(line.substring(0, eq), line.substring(eq + 1));
        }
        config.put("gateway.internal.token", INTERNAL_TOKEN);
        config.put("gateway.callbacks.allow-local", "true");
        return config;
    }

    @Override
    public void stop() {
    }
}
