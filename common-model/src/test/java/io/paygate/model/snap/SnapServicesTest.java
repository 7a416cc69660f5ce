package io.paygate.model.snap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.error.ServiceCode;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SnapServicesTest {

    @Test
    void noPathOfTheTableBeginsWithAnother() {
        for (String one : SnapServices.all().keySet()) {
            for (String other : SnapServices.all().keySet()) {
                assertTrue(one.equals(other) || !one.startsWith(other), one + " begins with " + other);
            }
        }
    }

    @Test
    void everySnapServiceHasExactlyOnePathUnderV1() {
        Set<ServiceCode> seen = new HashSet<>();
        for (Map.Entry<String, ServiceCode> entry : SnapServices.all().entrySet()) {
            assertTrue(entry.getKey().startsWith(SnapServices.PREFIX), entry.getKey());
            assertTrue(entry.getValue().isSnap(), entry.getKey());
            assertTrue(seen.add(entry.getValue()), "two paths for " + entry.getValue());
        }
        for (ServiceCode code : ServiceCode.values()) {
            assertEquals(code.isSnap(), seen.contains(code), code.name());
        }
    }

    @Test
    void thePathsOfContractSection9() {
        assertEquals(Optional.of(ServiceCode.SNAP_ACCESS_TOKEN), SnapServices.of("/v1.0/access-token/b2b"));
        assertEquals("73", SnapServices.of("/v1.0/access-token/b2b").orElseThrow().code());
        assertEquals("27", SnapServices.of("/v1.0/transfer-va/create-va").orElseThrow().code());
        assertEquals("07", SnapServices.of("/v1.0/registration-account-binding").orElseThrow().code());
        assertEquals("54", SnapServices.of("/v1.0/debit/payment-host-to-host").orElseThrow().code());
        assertEquals("78", SnapServices.of("/v1.0/qr/qr-mpm-refund").orElseThrow().code());
        assertEquals("36", SnapServices.of("/v1.0/transfer/status").orElseThrow().code());
        assertEquals(Optional.of(ServiceCode.SNAP_VA_CREATE), SnapServices.of("/v1.0/transfer-va/create-va/"));
        assertEquals(Optional.of(ServiceCode.SNAP_VA_CREATE), SnapServices.of("/v1.0/transfer-va/create-va;x=1"));
        assertEquals(Optional.of(ServiceCode.SNAP_DEBIT_STATUS), SnapServices.of("/v1.0/debit/status%3Bx"));
        assertEquals(Optional.empty(), SnapServices.of("/v1.0/transfer-va"));
        assertEquals(Optional.empty(), SnapServices.of("/v1.0/unknown"));
        assertEquals(Optional.empty(), SnapServices.of("/pg/payment/card/initiate"));
        assertEquals(Optional.empty(), SnapServices.of(null));
        assertTrue(SnapServices.isSnapPath("/v1.0/anything"));
        assertFalse(SnapServices.isSnapPath("/v1.00/x"));
    }
}
