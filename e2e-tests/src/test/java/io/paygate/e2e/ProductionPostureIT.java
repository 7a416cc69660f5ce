package io.paygate.e2e;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONTRACT §2: the packaged services, in the prod profile, refuse to start with sandbox paths on unless
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
