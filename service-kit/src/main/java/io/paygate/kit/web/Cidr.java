package io.paygate.kit.web;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * An address block, {@code 10.0.0.0/8} or {@code 2001:db8::/32}; a bare address is a block of one. IPv4-mapped IPv6
 * blocks ({@code ::ffff:10.0.0.0/104}) are the IPv4 block they map. Parsed as literals only, never resolved. Used for
 * {@code gateway.trusted-proxies} ({@link ClientAddresses}) and for merchants' address allowlists (docs/contract.md
 * §10).
 */
public record Cidr(byte[] network, int prefix) {

    public Cidr {
        Objects.requireNonNull(network, "network");
        network = network.clone();
    }

    /** The network's address bytes (a copy). */
    @Override
    public byte[] network() {
        return network.clone();
    }

    /**
     * The block {@code text} names.
     *
     * @throws IllegalArgumentException {@code not an address block: <text>}
     */
    public static Cidr parse(String text) {
        String s = text == null ? "" : text.strip();
        int slash = s.indexOf('/');
        byte[] network = ClientAddresses.literal(slash < 0 ? s : s.substring(0, slash));
        if (network == null) {
            throw new IllegalArgumentException("not an address block: " + text);
        }
        int max = network.length * 8;
        int prefix = max;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(s.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (network.length == 4 && s.substring(0, slash).contains(":") && prefix >= 96) {
                prefix -= 96; // ::ffff:10.0.0.0/104 = 10.0.0.0/8
            }
            if (prefix < 0 || prefix > max) {
                throw new IllegalArgumentException("not an address block: " + text);
            }
        }
        return new Cidr(network, prefix);
    }

    /** Whether {@code address} (4 or 16 bytes, IPv4-mapped IPv6 as IPv4: {@link ClientAddresses}) is in the block. */
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

    @Override
    public boolean equals(Object other) {
        return other instanceof Cidr that && prefix == that.prefix && Arrays.equals(network, that.network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefix;
    }

    @Override
    public String toString() {
        return (network.length == 4 ? ClientAddresses.key(network)
                : HexFormat.of().formatHex(network)) + "/" + prefix;
    }
}
