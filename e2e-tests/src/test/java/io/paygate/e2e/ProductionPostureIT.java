package io.paygate.e2e;

import io.paygate.local.MidtransMerchant;
import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §2: the packaged services, in the prod profile, refuse to start with sandbox paths on unless
 * {@code gateway.sandbox.allowed-in-production=true} (which the stack itself sets, and so starts). Each service is
 * started once more, beside the stack, on its database and broker, with every switchable sandbox path off but the
 * allowance missing.
 */
class ProductionPostureIT {

    @Test
    void paymentServiceRefusesMerchantsOnTheSandboxChannel() throws Exception {
        String log = startAndAwaitExit("payment-service", "payment",
                "gateway.payment.sandbox-enabled=false", "gateway.disbursement.sandbox-bank-enabled=false");
        assertTrue(log.contains("Refusing to start in production with sandbox paths on"), log);
        assertTrue(log.contains("merchant demo pays through the sandbox channel"), log);
        assertTrue(!log.contains("simulate endpoint") && !log.contains("sandbox bank pays"), log);
    }

    /**
     * What the prod overlay's Secret template does (deploy/k8s): every merchant on the Midtrans channel, no sandbox
     * path on and no allowance; payment-service starts and becomes ready.
     */
    @Test
    void paymentServiceStartsInProductionWhenEveryMerchantPaysThroughMidtrans() throws Exception {
        List<String> config = midtransMerchants("https://api.midtrans.com");
        try (ExtraService extra = ExtraService.start("payment-service", "payment", config.toArray(String[]::new))) {
            extra.awaitReady(Duration.ofSeconds(120));
            assertFalse(extra.log().contains("Refusing to start"), extra.log());
            assertFalse(extra.log().contains("Mid-server-posture"), "the server key is never logged");
        }
    }

    /** Midtrans's sandbox moves no money: in production it is a sandbox path like the sandbox channel. */
    @Test
    void paymentServiceRefusesAMerchantOnMidtranssSandbox() throws Exception {
        List<String> config = new ArrayList<>(midtransMerchants("https://api.midtrans.com"));
        config.addAll(new MidtransMerchant("demo2", "SB-Mid-server-posture", "SB-Mid-client-posture",
                MidtransMerchant.SANDBOX_BASE_URL).configLines());
        String log = startAndAwaitExit("payment-service", "payment", config.toArray(String[]::new));
        assertTrue(log.contains("Refusing to start in production with sandbox paths on"), log);
        assertTrue(log.contains("merchant demo2 pays through Midtrans's sandbox"), log);
        assertFalse(log.contains("merchant demo pays"), log);
        assertFalse(log.contains("SB-Mid-server-posture"), "the server key is never logged");
    }

    private static List<String> midtransMerchants(String baseUrl) {
        List<String> config = new ArrayList<>(List.of("gateway.payment.sandbox-enabled=false",
                "gateway.disbursement.sandbox-bank-enabled=false"));
        for (SandboxMerchants.Merchant merchant : SandboxMerchants.ALL) {
            config.addAll(new MidtransMerchant(merchant.id(), "Mid-server-posture", "Mid-client-posture", baseUrl)
                    .configLines());
        }
        return config;
    }

    @Test
    void bindingServiceRefusesTheSandboxBankAndItsSimulateEndpoint() throws Exception {
        String log = startAndAwaitExit("binding-service", "binding");
        assertTrue(log.contains("Refusing to start in production with sandbox paths on"), log);
        assertTrue(log.contains("bindings are approved on the sandbox bank's page"), log);
        assertTrue(log.contains("the binding simulate endpoint (gateway.binding.sandbox-enabled)"), log);
    }

    private static String startAndAwaitExit(String service, String database, String... config) throws Exception {
        try (ExtraService extra = ExtraService.start(service, database, config)) {
            int exit = extra.awaitExit(Duration.ofSeconds(120));
            String log = extra.log();
            assertNotEquals(0, exit, service + " started in production with the sandbox on:\n" + log);
            return log;
        }
    }
}
