package io.paygate.kit.web;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ClientAddressesTest {

    final ClientAddresses behindProxies = new ClientAddresses(List.of("10.0.0.0/8", "fd00::/8", "192.168.1.7"));

    @Test
    void withoutTrustedProxiesTheClientIsThePeerWhateverTheHeaderSays() {
        ClientAddresses none = new ClientAddresses(List.of());
        assertEquals("10.0.0.5", none.clientOf("10.0.0.5", List.of("203.0.113.1")));
    }

    @Test
    void aPeerThatIsNotTrustedIsTheClient() {
        assertEquals("198.51.100.1", behindProxies.clientOf("198.51.100.1", List.of("203.0.113.1")));
    }

    @Test
    void behindATrustedProxyTheClientIsTheRightMostAddressThatIsNotAProxy() {
        assertEquals("203.0.113.1", behindProxies.clientOf("10.0.0.5", List.of("203.0.113.1")));
        assertEquals("203.0.113.1", behindProxies.clientOf("10.0.0.5", List.of("1.2.3.4, 203.0.113.1, 10.9.9.9")));
        assertEquals("203.0.113.1", behindProxies.clientOf("10.0.0.5", List.of("1.2.3.4", "203.0.113.1 ,192.168.1.7")));
    }

    @Test
    void aTrustedPeerWithoutHeaderOrOnlyProxiesInItIsTheLastProxySeen() {
        assertEquals("10.0.0.5", behindProxies.clientOf("10.0.0.5", List.of()));
        assertEquals("10.1.1.1", behindProxies.clientOf("10.0.0.5", List.of("10.1.1.1, 10.2.2.2")));
    }

    @Test
    void anEntryThatIsNotAnAddressIsNeverResolvedAndEndsTheWalk() {
        assertEquals("10.2.2.2", behindProxies.clientOf("10.0.0.5", List.of("203.0.113.1, evil.example, 10.2.2.2")));
        assertEquals("10.0.0.5", behindProxies.clientOf("10.0.0.5", List.of("unknown")));
    }

    @Test
    void ipv6ClientsAreKeyedByTheirSlash64AndMappedIpv4AsIpv4() {
        assertEquals("20010db8000000ab::/64", behindProxies.clientOf("2001:db8:0:ab::1", List.of()));
        assertEquals("20010db8000000ab::/64", behindProxies.clientOf("fd00::1", List.of("[2001:db8:0:ab:ffff::2]")));
        assertEquals("198.51.100.1", behindProxies.clientOf("::ffff:198.51.100.1", List.of()));
        assertEquals("203.0.113.1", behindProxies.clientOf("::ffff:10.0.0.1", List.of("203.0.113.1")));
        assertEquals("unknown", behindProxies.clientOf(null, List.of("203.0.113.1")));
    }

    @Test
    void aMalformedTrustedProxyStopsTheService() {
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("proxy.internal")));
    }
}
