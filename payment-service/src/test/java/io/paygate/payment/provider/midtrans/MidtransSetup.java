package io.paygate.payment.provider.midtrans;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.HashMap;
import java.util.Map;

/**
 * Two merchants on the {@code midtrans} channel against one JVM-wide {@link MidtransSimulator} (real HTTP), beside the
 * sandbox merchants, the first with SNAP keys and a company code; a provider timeout of 3 s so reconciliation is seen
 * within a test, store codes that expire in 25 s.
 */
public final class MidtransSetup implements QuarkusTestResourceLifecycleManager {

    public static final SandboxMerchants.Merchant MID = new SandboxMerchants.Merchant("mid", "Midtrans Store",
            "mid-client-secret", null, "IDR");
    public static final SandboxMerchants.Merchant MID2 = new SandboxMerchants.Merchant("mid2", "Other Midtrans Store",
            "mid2-client-secret", null, "IDR");
    public static final String SERVER_KEY = "SB-Mid-server-test-mid-0123456789";
    public static final String CLIENT_KEY = "SB-Mid-client-test-mid-0123456789";
    public static final String SERVER_KEY_2 = "SB-Mid-server-test-mid2-9876543210";
    public static final String CLIENT_KEY_2 = "SB-Mid-client-test-mid2-9876543210";

    private static MidtransSimulator simulator;

    public static synchronized MidtransSimulator simulator() {
        if (simulator == null) {
            simulator = MidtransSimulator.start().register(SERVER_KEY, CLIENT_KEY).register(SERVER_KEY_2, CLIENT_KEY_2);
        }
        return simulator;
    }

    /** {@link #MID}'s SNAP company code (docs/contract.md §9): its client key is its id, its RSA key demo's. */
    public static final String MID_PARTNER_SERVICE_ID = "   32345";

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        merchant(config, MID, SERVER_KEY, CLIENT_KEY);
        merchant(config, MID2, SERVER_KEY_2, CLIENT_KEY_2);
        String snap = "gateway.merchants." + MID.id() + ".snap.";
        config.put(snap + "client-key", MID.id());
        config.put(snap + "public-key", SandboxSnap.publicKeyPem(SandboxMerchants.DEMO));
        config.put(snap + "partner-service-ids", MID_PARTNER_SERVICE_ID.strip());
        return config;
    }

    private static void merchant(Map<String, String> config, SandboxMerchants.Merchant m, String serverKey,
                                 String clientKey) {
        String prefix = "gateway.merchants." + m.id() + ".";
        config.put(prefix + "name", m.name());
        config.put(prefix + "client-secret", m.clientSecret());
        config.put(prefix + "provider", "midtrans");
        config.put(prefix + "midtrans.server-key", serverKey);
        config.put(prefix + "midtrans.client-key", clientKey);
        config.put(prefix + "midtrans.base-url", simulator().baseUrl());
    }

    @Override
    public void stop() {
    }

    /** Quick reconciliation and a short read timeout, shared by every Midtrans test (one application start). */
    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.payment.provider-timeout", "3s",
                    "gateway.payment.reconcile-interval", "500ms",
                    "gateway.payment.midtrans.read-timeout", "1500ms",
                    "gateway.payment.midtrans.retry-backoff", "50ms",
                    // store codes live 25 s here, so a test sees one run out (Midtrans's custom expiry is 20 s or more)
                    "gateway.payment.methods.convenience-store.lifetime", "25s");
        }
    }
}
