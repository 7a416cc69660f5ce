package io.paygate.kit;

import io.paygate.kit.config.ProductionPosture;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §2: production refuses sandbox paths unless told they are meant. The whole service: ProductionPostureIT. */
class ProductionPostureTest {

    static final List<String> SANDBOX = List.of("merchant demo pays through the sandbox channel", "the simulate endpoint");

    @Test
    void productionWithSandboxPathsOnIsRefusedNamingEachOfThem() {
        Optional<String> refusal = ProductionPosture.refusal(true, false, SANDBOX);
        assertTrue(refusal.isPresent());
        assertTrue(refusal.get().contains("merchant demo pays through the sandbox channel; the simulate endpoint"),
                refusal.get());
        assertTrue(refusal.get().contains("gateway.sandbox.allowed-in-production=true"), refusal.get());
    }

    @Test
    void productionStartsWhenTheSandboxIsAllowedOrOff() {
        assertEquals(Optional.empty(), ProductionPosture.refusal(true, true, SANDBOX));
        assertEquals(Optional.empty(), ProductionPosture.refusal(true, false, List.of()));
    }

    @Test
    void testsAndDevelopmentRunTheSandboxFreely() {
        assertEquals(Optional.empty(), ProductionPosture.refusal(false, false, SANDBOX));
    }
}
