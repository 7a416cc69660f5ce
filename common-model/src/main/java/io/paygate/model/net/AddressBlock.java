package io.paygate.model.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One CIDR block, e.g. {@code 100.64.0.0/10}, and whether an address falls in it; and the address ranges of the
 * callback URL rules ({@link #judge(byte[], boolean)}).
 */
record AddressBlock(byte[] network, int prefixLength, String description) {

    private static final AddressBlock LOOPBACK_V4 = of("127.0.0.0/8", "loopback");
    private static final AddressBlock LOOPBACK_V6 = of("::1/128", "loopback");
    private static final AddressBlock UNSPECIFIED_V6 = of("::/128", "unspecified");

    private static final List<AddressBlock> REFUSED_V4 = List.of(
            of("0.0.0.0/8", "unspecified"),
            of("10.0.0.0/8", "private"),
            of("100.64.0.0/10", "CGNAT"),
            of("169.254.0.0/16", "link-local"),
            of("172.16.0.0/12", "private"),
            of("192.0.0.0/24", "reserved"),
            of("192.0.2.0/24", "reserved"),
            of("192.88.99.0/24", "reserved"),
            of("192.168.0.0/16", "private"),
            of("198.18.0.0/15", "reserved"),
            of("198.51.100.0/24", "reserved"),
            of("203.0.113.0/24", "reserved"),
            of("224.0.0.0/4", "multicast"),
            of("240.0.0.0/4", "reserved"));

    /** IPv6 forms that carry an IPv4 address in their last four bytes. */
    private static final List<AddressBlock> LAST_FOUR_BYTES = List.of(
            of("::ffff:0:0/96", "IPv4-mapped"),
            of("::/96", "IPv4-compatible"),
            of("64:ff9b::/96", "NAT64"));

    /**
     * RFC 8215's local-use NAT64 prefix: a network may embed the IPv4 address at any of RFC 6052's positions (its
     * prefix is /48 to /96), so where it sits cannot be known from outside. Not globally reachable: refused as a whole.
     */
    private static final AddressBlock LOCAL_NAT64 = of("64:ff9b:1::/48", "local-use NAT64");
    /** 6to4 (RFC 3056): the IPv4 address in bits 16–47. */
    private static final AddressBlock SIX_TO_FOUR = of("2002::/16", "6to4");
    /** Teredo (RFC 4380): the server's IPv4 address in bits 32–63, the client's inverted in the last 32 bits. */
    private static final AddressBlock TEREDO = of("2001::/32", "Teredo");

    private static final List<AddressBlock> REFUSED_V6 = List.of(
            of("100::/64", "reserved"),
            of("2001::/23", "reserved"),
            of("2001:db8::/32", "reserved"),
            of("3fff::/20", "reserved"),
            of("fc00::/7", "private"),
            of("fe80::/10", "link-local"),
            of("fec0::/10", "private"),
            of("ff00::/8", "multicast"));

    /** Global unicast: every other IPv6 address (outside the forms above) is reserved by the IETF. */
    private static final AddressBlock GLOBAL_UNICAST_V6 = of("2000::/3", "global unicast");

    static AddressBlock of(String cidr, String description) {
        int slash = cidr.indexOf('/');
        try {
            // Literal addresses only: InetAddress.getByName does not resolve them.
            byte[] network = InetAddress.getByName(cidr.substring(0, slash)).getAddress();
            if (network.length == 4 && cidr.indexOf(':') >= 0) {
                // Java reads ::ffff:a.b.c.d as the IPv4 address itself; the block is of IPv6 addresses.
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(network, 0, mapped, 12, 4);
                network = mapped;
            }
            return new AddressBlock(network, Integer.parseInt(cidr.substring(slash + 1)), description);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("Not a CIDR block: " + cidr, e);
        }
    }

    boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int restBits = prefixLength % 8;
        if (restBits == 0) {
            return true;
        }
        int mask = (0xFF << (8 - restBits)) & 0xFF;
        return (address[fullBytes] & mask) == (network[fullBytes] & mask);
    }

    /**
     * Whether the gateway may connect to the address of these bytes (4 or 16): empty when it may, otherwise the
     * reason. An IPv6 address that carries IPv4 addresses is judged by each of them, and refused when one is refused.
     */
    static Optional<String> judge(byte[] address, boolean allowLocal) {
        if (address.length == 4) {
            return judgeV4(address, allowLocal);
        }
        if (LOOPBACK_V6.contains(address)) {
            return allowLocal ? Optional.empty() : Optional.of("loopback address");
        }
        if (UNSPECIFIED_V6.contains(address)) {
            return Optional.of("unspecified address");
        }
        if (LOCAL_NAT64.contains(address)) {
            return Optional.of("local-use NAT64 address");
        }
        Carried carried = carried(address);
        if (carried != null) {
            for (int i = 0; i < carried.ipv4().size(); i++) {
                Optional<String> refused = judgeV4(carried.ipv4().get(i), allowLocal);
                if (refused.isPresent()) {
                    return Optional.of(refused.get() + " (" + carried.forms().get(i) + ")");
                }
            }
            return Optional.empty();
        }
        for (AddressBlock block : REFUSED_V6) {
            if (block.contains(address)) {
                return Optional.of(block.description() + " address");
            }
        }
        if (!GLOBAL_UNICAST_V6.contains(address)) {
            return Optional.of("reserved address");
        }
        return Optional.empty();
    }

    /** A loopback address, or an IPv6 form whose every carried IPv4 address is a loopback one. */
    static boolean isLoopback(byte[] address) {
        if (address.length == 4) {
            return LOOPBACK_V4.contains(address);
        }
        if (LOOPBACK_V6.contains(address)) {
            return true;
        }
        Carried carried = carried(address);
        return carried != null && carried.ipv4().stream().allMatch(LOOPBACK_V4::contains);
    }

    private static Optional<String> judgeV4(byte[] address, boolean allowLocal) {
        if (LOOPBACK_V4.contains(address)) {
            return allowLocal ? Optional.empty() : Optional.of("loopback address");
        }
        for (AddressBlock block : REFUSED_V4) {
            if (block.contains(address)) {
                return Optional.of(block.description() + " address");
            }
        }
        return Optional.empty();
    }

    /** The IPv4 addresses an IPv6 address carries, with the name of each one's form; {@code null} for none. */
    private static Carried carried(byte[] ipv6) {
        if (LOOPBACK_V6.contains(ipv6) || UNSPECIFIED_V6.contains(ipv6)) {
            return null; // :: and ::1 are themselves, not IPv4-compatible forms of 0.0.0.0 and 0.0.0.1
        }
        for (AddressBlock block : LAST_FOUR_BYTES) {
            if (block.contains(ipv6)) {
                return new Carried(List.of(Arrays.copyOfRange(ipv6, 12, 16)), List.of(block.description()));
            }
        }
        if (SIX_TO_FOUR.contains(ipv6)) {
            return new Carried(List.of(Arrays.copyOfRange(ipv6, 2, 6)), List.of("6to4"));
        }
        if (TEREDO.contains(ipv6)) {
            byte[] client = Arrays.copyOfRange(ipv6, 12, 16);
            for (int i = 0; i < client.length; i++) {
                client[i] = (byte) ~client[i];
            }
            return new Carried(List.of(Arrays.copyOfRange(ipv6, 4, 8), client),
                    List.of("Teredo server", "Teredo client"));
        }
        return null;
    }

    private record Carried(List<byte[]> ipv4, List<String> forms) {
    }
}
