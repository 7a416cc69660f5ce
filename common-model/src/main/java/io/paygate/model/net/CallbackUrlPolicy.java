package io.paygate.model.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which merchant callback URLs the gateway calls (CONTRACT §6, "Callback URL rules"): absolute {@code https} URLs
 * of at most 2048 characters without user info; plain {@code http} and loopback only where
 * {@code gateway.callbacks.allow-local=true} (the local stack). Hosts that are, or resolve to, private, link-local,
 * CGNAT, reserved, multicast or unspecified addresses, including IPv4-mapped and NAT64 forms of them, are always
 * refused. Services check at registration or initiation with {@link #check(String)} and again at delivery, after
 * their own DNS resolution, with {@link #checkAddress(InetAddress)} (so a name that later resolves elsewhere is
 * still caught, and the checked address is the one connected to).
 */
public final class CallbackUrlPolicy {

    public static final int MAX_LENGTH = 2048;

    /** Resolves a host name to its addresses (a seam for tests; the default asks the system resolver). */
    @FunctionalInterface
    public interface HostResolver {
        List<InetAddress> resolve(String host) throws UnknownHostException;
    }

    private static final List<AddressBlock> LOOPBACK = List.of(
            AddressBlock.of("127.0.0.0/8", "loopback"),
            AddressBlock.of("::1/128", "loopback"));

    private static final List<AddressBlock> REFUSED = List.of(
            AddressBlock.of("0.0.0.0/8", "unspecified"),
            AddressBlock.of("10.0.0.0/8", "private"),
            AddressBlock.of("100.64.0.0/10", "CGNAT"),
            AddressBlock.of("169.254.0.0/16", "link-local"),
            AddressBlock.of("172.16.0.0/12", "private"),
            AddressBlock.of("192.0.0.0/24", "reserved"),
            AddressBlock.of("192.0.2.0/24", "reserved"),
            AddressBlock.of("192.88.99.0/24", "reserved"),
            AddressBlock.of("192.168.0.0/16", "private"),
            AddressBlock.of("198.18.0.0/15", "reserved"),
            AddressBlock.of("198.51.100.0/24", "reserved"),
            AddressBlock.of("203.0.113.0/24", "reserved"),
            AddressBlock.of("224.0.0.0/4", "multicast"),
            AddressBlock.of("240.0.0.0/4", "reserved"),
            AddressBlock.of("::/128", "unspecified"),
            AddressBlock.of("100::/64", "reserved"),
            AddressBlock.of("2001::/23", "reserved"),
            AddressBlock.of("2001:db8::/32", "reserved"),
            AddressBlock.of("fc00::/7", "private"),
            AddressBlock.of("fe80::/10", "link-local"),
            AddressBlock.of("fec0::/10", "private"),
            AddressBlock.of("ff00::/8", "multicast"));

    /** IPv6 forms that carry an IPv4 address in their last four bytes. */
    private static final List<AddressBlock> EMBEDS_IPV4 = List.of(
            AddressBlock.of("::ffff:0:0/96", "IPv4-mapped"),
            AddressBlock.of("::/96", "IPv4-compatible"),
            AddressBlock.of("64:ff9b::/96", "NAT64"),
            AddressBlock.of("64:ff9b:1::/48", "NAT64"));

    private final boolean allowLocal;
    private final HostResolver resolver;

    public CallbackUrlPolicy(boolean allowLocal) {
        this(allowLocal, host -> Arrays.asList(InetAddress.getAllByName(host)));
    }

    public CallbackUrlPolicy(boolean allowLocal, HostResolver resolver) {
        this.allowLocal = allowLocal;
        this.resolver = resolver;
    }

    /**
     * Whether {@code url} may be registered or used as a callback.
     *
     * @return empty when acceptable, otherwise a short reason (safe to show the merchant)
     */
    public Optional<String> check(String url) {
        if (url == null || url.isBlank()) {
            return Optional.of("missing URL");
        }
        if (url.length() > MAX_LENGTH) {
            return Optional.of("longer than " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("not a valid URL");
        }
        if (!uri.isAbsolute() || uri.isOpaque()) {
            return Optional.of("not an absolute URL");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowLocal && scheme.equals("http"))) {
            return Optional.of(allowLocal ? "scheme must be https or http" : "scheme must be https");
        }
        if (uri.getRawUserInfo() != null) {
            return Optional.of("user info is not allowed");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            return Optional.of("missing host");
        }
        return checkHost(host);
    }

    /**
     * Whether the host's addresses are acceptable: every address it resolves to must be. A name that does not
     * resolve (yet) is accepted here; delivery will fail its attempts until it does.
     */
    public Optional<String> checkHost(String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
        for (InetAddress address : addresses) {
            Optional<String> refused = checkAddress(address);
            if (refused.isPresent()) {
                return refused;
            }
        }
        return Optional.empty();
    }

    /** Whether the gateway may connect to {@code address}; empty when it may, otherwise the reason. */
    public Optional<String> checkAddress(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (!(address instanceof Inet4Address) && !(address instanceof Inet6Address)) {
            return Optional.of("unknown address family");
        }
        for (AddressBlock block : LOOPBACK) {
            if (block.contains(bytes)) {
                return allowLocal ? Optional.empty() : Optional.of("loopback address");
            }
        }
        if (address.isAnyLocalAddress()) {
            return Optional.of("unspecified address");
        }
        if (address instanceof Inet6Address) {
            for (AddressBlock block : EMBEDS_IPV4) {
                if (block.contains(bytes)) {
                    return checkEmbeddedIpv4(bytes, block);
                }
            }
        }
        for (AddressBlock block : REFUSED) {
            if (block.contains(bytes)) {
                return Optional.of(block.description() + " address");
            }
        }
        return Optional.empty();
    }

    private Optional<String> checkEmbeddedIpv4(byte[] ipv6, AddressBlock block) {
        try {
            InetAddress v4 = InetAddress.getByAddress(Arrays.copyOfRange(ipv6, 12, 16));
            return checkAddress(v4).map(reason -> reason + " (" + block.description() + ")");
        } catch (UnknownHostException impossible) {
            return Optional.of("invalid address");
        }
    }
}
