package io.paygate.model.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 address block as a merchant's address allowlist holds it (docs/contract.md §10): {@code a.b.c.d/n},
 * an IPv6 literal with {@code /n}, or a bare address (a block of one). Only literals are read, never a host name
 * resolved; host bits below the prefix are cleared ({@code 203.0.113.7/24} is {@code 203.0.113.0/24}). An
 * IPv4-mapped IPv6 block ({@code ::ffff:203.0.113.0/120}) is the IPv4 block it maps. {@link #toString()} is the
 * canonical text, which is what the registry stores.
 */
public record Cidr(byte[] network, int prefix) {

    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
            + "(\\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");
    private static final Pattern PREFIX = Pattern.compile("[0-9]{1,3}");

    public Cidr {
        network = network.clone();
    }

    /** The block {@code text} names, or empty when it is not an IPv4 or IPv6 CIDR (or bare address). */
    public static Optional<Cidr> parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 64) {
            return Optional.empty();
        }
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] bytes = literal(address);
        if (bytes == null) {
            return Optional.empty();
        }
        int max = bytes.length * 8;
        int prefix = max;
        if (slash >= 0) {
            String digits = text.substring(slash + 1);
            if (!PREFIX.matcher(digits).matches()) {
                return Optional.empty();
            }
            prefix = Integer.parseInt(digits);
            if (bytes.length == 4 && address.contains(":")) {
                prefix -= 96; // ::ffff:203.0.113.0/120 = 203.0.113.0/24
            }
            if (prefix < 0 || prefix > max) {
                return Optional.empty();
            }
        }
        return Optional.of(new Cidr(masked(bytes, prefix), prefix));
    }

    /** The bytes of an address literal (4 or 16; IPv4-mapped IPv6 as IPv4), or null when {@code text} is none. */
    public static byte[] literal(String text) {
        if (text == null) {
            return null;
        }
        if (IPV4.matcher(text).matches()) {
            return toBytes(text);
        }
        // A colon makes InetAddress read an IPv6 literal (never a name to resolve); no zone, no brackets.
        if (text.indexOf(':') >= 0 && IPV6.matcher(text).matches()) {
            return toBytes(text);
        }
        return null;
    }

    private static byte[] toBytes(String literal) {
        try {
            return InetAddress.getByName(literal).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** The network's address bytes (a copy). */
    @Override
    public byte[] network() {
        return network.clone();
    }

    /**
     * The block {@code text} names (surrounding blanks ignored), for configuration read at start.
     *
     * @throws IllegalArgumentException {@code not an address block: <text>}
     */
    public static Cidr of(String text) {
        return parse(text == null ? null : text.strip())
                .orElseThrow(() -> new IllegalArgumentException("not an address block: " + text));
    }

    /**
     * Whether {@code address} (4 or 16 bytes, IPv4-mapped IPv6 as IPv4) lies in this block. Allocates nothing: it
     * runs on every request of a merchant with an allowlist, and for every trusted-proxy check.
     */
    public boolean contains(byte[] address) {
        if (address == null || address.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (address[full] & mask) == (network[full] & mask);
    }

    /** Whether any of {@code blocks} holds {@code address}. */
    public static boolean anyContains(List<Cidr> blocks, byte[] address) {
        for (Cidr block : blocks) {
            if (block.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every address of {@code other} lies in this block (a client known only by its IPv6 /64 is inside a
     * list only when a whole block of the list holds its /64).
     */
    public boolean containsBlock(Cidr other) {
        return other.network.length == network.length && other.prefix >= prefix && contains(other.network);
    }

    private static byte[] masked(byte[] address, int prefix) {
        byte[] out = address.clone();
        for (int bit = prefix; bit < out.length * 8; bit++) {
            out[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr other && prefix == other.prefix && Arrays.equals(network, other.network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefix;
    }

    /** {@code 203.0.113.0/24}, {@code 2001:db8::/32} (RFC 5952's text for IPv6). */
    @Override
    public String toString() {
        return text(network) + "/" + prefix;
    }

    /** An address's canonical text: dotted IPv4, or RFC 5952's IPv6 (lowercase, the longest zero run as ::). */
    public static String text(byte[] address) {
        if (address.length == 4) {
            return (address[0] & 0xff) + "." + (address[1] & 0xff) + "." + (address[2] & 0xff) + "."
                    + (address[3] & 0xff);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((address[2 * i] & 0xff) << 8) | (address[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!out.isEmpty() && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out.toString();
    }
}
