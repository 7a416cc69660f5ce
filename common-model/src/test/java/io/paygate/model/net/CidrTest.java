package io.paygate.model.net;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §10: the address allowlist's CIDRs. */
class CidrTest {

    @Test
    void readsIpv4AndIpv6BlocksAndBareAddressesInCanonicalForm() {
        assertEquals("203.0.113.0/24", Cidr.parse("203.0.113.7/24").orElseThrow().toString());
        assertEquals("198.51.100.4/32", Cidr.parse("198.51.100.4").orElseThrow().toString());
        assertEquals("2001:db8::/32", Cidr.parse("2001:DB8:0:0:0:0:0:0/32").orElseThrow().toString());
        assertEquals("2001:db8:0:1::/64", Cidr.parse("2001:db8:0:1:ffff::1/64").orElseThrow().toString());
        assertEquals("::1/128", Cidr.parse("::1").orElseThrow().toString());
        assertEquals("::/0", Cidr.parse("::/0").orElseThrow().toString());
        assertEquals("0.0.0.0/0", Cidr.parse("0.0.0.0/0").orElseThrow().toString());
        assertEquals("1:0:0:1::/64", Cidr.parse("1:0:0:1::/64").orElseThrow().toString());
        assertEquals("203.0.113.0/24", Cidr.parse("::ffff:203.0.113.0/120").orElseThrow().toString());
    }

    @Test
    void refusesAnythingThatIsNotALiteralBlockWithoutResolvingNames() {
        for (String bad : List.of("", "localhost", "example.com/24", "203.0.113.0/33", "203.0.113.0/-1",
                "203.0.113.0/", "203.0.113/24", "256.0.0.1", "01.2.3.4", "2001:db8::/129", "2001:db8::g/64",
                "fe80::1%eth0", "[::1]", "abc:", "1.2.3.4/24/8", " 1.2.3.4", "cafe", "1.2.3.4/+8")) {
            assertEquals(Optional.empty(), Cidr.parse(bad), bad);
        }
    }

    @Test
    void containsAddressesOfItsBlockOnly() {
        Cidr block = Cidr.parse("203.0.113.0/24").orElseThrow();
        assertTrue(block.contains(Cidr.literal("203.0.113.200")));
        assertFalse(block.contains(Cidr.literal("203.0.114.1")));
        assertFalse(block.contains(Cidr.literal("2001:db8::1")));
        Cidr v6 = Cidr.parse("2001:db8::/48").orElseThrow();
        assertTrue(v6.containsBlock(Cidr.parse("2001:db8:0:5::/64").orElseThrow()));
        assertFalse(Cidr.parse("2001:db8::1/128").orElseThrow().containsBlock(Cidr.parse("2001:db8::/64").orElseThrow()));
    }
}
