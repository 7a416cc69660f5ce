package io.paygate.kit.web;

import io.paygate.model.net.Cidr;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * docs/contract.md §10: a merchant's allowlist is checked against the whole client address, chosen as the rate
     * limits choose it (X-Forwarded-For only from a trusted proxy), and an IPv6 client by its full address, not its /64.
     * On main there is no clientAddress and no public Cidr.
     */
    @Test
    void anAllowlistSeesTheClientAddressTheProxiesVouchFor() {
        List<Cidr> allowlist = List.of(Cidr.of("203.0.113.0/24"), Cidr.of("2001:db8:0:ab::1/128"));
        assertTrue(Cidr.anyContains(allowlist, behindProxies.clientAddress("10.0.0.5", List.of("203.0.113.9"))));
        assertFalse(Cidr.anyContains(allowlist, behindProxies.clientAddress("198.51.100.1", List.of("203.0.113.9"))),
                "a peer that is no trusted proxy is the client, whatever its header says");
        assertTrue(Cidr.anyContains(allowlist, behindProxies.clientAddress("2001:db8:0:ab::1", List.of())));
        assertFalse(Cidr.anyContains(allowlist, behindProxies.clientAddress("2001:db8:0:ab::2", List.of())),
                "the same /64 is not the same address");
        assertTrue(Cidr.anyContains(List.of(Cidr.of("::ffff:203.0.113.0/120")),
                behindProxies.clientAddress("::ffff:203.0.113.7", List.of())), "IPv4-mapped on both sides");
        assertNull(behindProxies.clientAddress(null, List.of("203.0.113.9")));
        assertFalse(Cidr.anyContains(allowlist, null));
        assertThrows(IllegalArgumentException.class, () -> Cidr.of("203.0.113.0/33"));
        assertThrows(IllegalArgumentException.class, () -> Cidr.of("example.com"));
    }

    @Test
    void aMalformedTrustedProxyStopsTheService() {
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("proxy.internal")));
    }
}
