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
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Which merchant callback URLs the gateway calls (docs/contract.md §6, "Callback URL rules"): absolute {@code https} URLs
 * of at most 2048 characters without user info; plain {@code http} and loopback only where
 * {@code gateway.callbacks.allow-local=true} (the local stack). Hosts that are, or resolve to, private, link-local,
 * CGNAT, reserved, multicast or unspecified addresses are always refused; an IPv6 address that carries an IPv4 one
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is judged by what it carries ({@link AddressBlock}). Ports: the
 * allowed ones ({@link #DEFAULT_PORTS} unless configured), or any port on a loopback host where local is allowed,
 * except the gateway's own (its API and management ports, of every service and replica): a callback to those would
 * let a merchant read the gateway's own endpoints, {@code /q/metrics} say, back through the notification log.
 * Services check at registration or initiation with {@link #check(String)}, which refuses a host name that does not
 * resolve, and again at delivery, after their own DNS resolution, with {@link #checkResolved(int, List)} (so a name
 * that later resolves elsewhere is still caught, and the checked address is the one connected to).
 */
public final class CallbackUrlPolicy {

    public static final int MAX_LENGTH = 2048;

    /** The ports a callback URL may use unless {@code gateway.callbacks.allowed-ports} lists others. */
    public static final Set<Integer> DEFAULT_PORTS = Set.of(443, 8443);

    /** Resolves a host name to its addresses (a seam for tests; the default asks the system resolver). */
    @FunctionalInterface
    public interface HostResolver {
        List<InetAddress> resolve(String host) throws UnknownHostException;
    }

    private final boolean allowLocal;
    private final Set<Integer> allowedPorts;
    private final HostResolver resolver;
    private final IntPredicate gatewayPort;

    /** The default ports and the system resolver, unbounded: for tools; services pass a {@link BoundedResolver}. */
    public CallbackUrlPolicy(boolean allowLocal) {
        this(allowLocal, DEFAULT_PORTS, host -> Arrays.asList(InetAddress.getAllByName(host)));
    }

    public CallbackUrlPolicy(boolean allowLocal, HostResolver resolver) {
        this(allowLocal, DEFAULT_PORTS, resolver);
    }

    public CallbackUrlPolicy(boolean allowLocal, Set<Integer> allowedPorts, HostResolver resolver) {
        this(allowLocal, allowedPorts, resolver, port -> false);
    }

    /**
     * @param gatewayPort whether a port is one of the gateway's own on a loopback host (asked at every check, so it
     *                    may learn ports bound after start); such a port is refused on a loopback host
     */
    public CallbackUrlPolicy(boolean allowLocal, Set<Integer> allowedPorts, HostResolver resolver,
                             IntPredicate gatewayPort) {
        for (int port : allowedPorts) {
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("Not a TCP port: " + port);
            }
        }
        this.allowLocal = allowLocal;
        this.allowedPorts = Set.copyOf(allowedPorts);
        this.resolver = resolver;
        this.gatewayPort = gatewayPort;
    }

    /**
     * Whether {@code url} may be registered or used as a callback: its form, then every address its host resolves to
     * and its port. A host name that does not resolve (in the resolver's time) is refused.
     *
     * @return empty when acceptable, otherwise a short reason (safe to show the merchant)
     */
    public Optional<String> check(String url) {
        Optional<String> refused = checkStructure(url);
        if (refused.isPresent()) {
            return refused;
        }
        URI uri = URI.create(url);
        String host = bare(uri.getHost());
        List<InetAddress> addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return Optional.of("host does not resolve");
        }
        return checkResolved(portOf(uri), addresses);
    }

    /**
     * The rules that depend on the URL's text alone (scheme, length, user info, host present, port in range), without
     * resolving anything; {@link #checkResolved(int, List)} judges the host's addresses and the port.
     */
    public Optional<String> checkStructure(String url) {
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
        if (uri.getPort() > 65_535) {
            return Optional.of("not a valid port");
        }
        return Optional.empty();
    }

    /** The URL's port: the explicit one, else the scheme's (443 for {@code https}, 80 for {@code http}). */
    public static int portOf(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return uri.getScheme().toLowerCase(Locale.ROOT).equals("https") ? 443 : 80;
    }

    /**
     * Whether the gateway may connect to {@code port} of a host that resolved to {@code addresses}: every address must
     * be acceptable (one refused address refuses the host), and the port one of the allowed ports, or any port when
     * local is allowed and every address is a loopback one; never one of the gateway's own ports on a loopback host.
     */
    public Optional<String> checkResolved(int port, List<InetAddress> addresses) {
        if (addresses.isEmpty()) {
            return Optional.of("host does not resolve");
        }
        for (InetAddress address : addresses) {
            Optional<String> refused = checkAddress(address);
            if (refused.isPresent()) {
                return refused;
            }
        }
        boolean loopback = addresses.stream().anyMatch(a -> AddressBlock.isLoopback(a.getAddress()));
        if (loopback && gatewayPort.test(port)) {
            return Optional.of("port " + port + " is the gateway's own");
        }
        if (allowedPorts.contains(port)) {
            return Optional.empty();
        }
        if (allowLocal && addresses.stream().allMatch(a -> AddressBlock.isLoopback(a.getAddress()))) {
            return Optional.empty();
        }
        return Optional.of("port " + port + " is not allowed");
    }

    /** Whether the gateway may connect to {@code address}; empty when it may, otherwise the reason. */
    public Optional<String> checkAddress(InetAddress address) {
        if (!(address instanceof Inet4Address) && !(address instanceof Inet6Address)) {
            return Optional.of("unknown address family");
        }
        return AddressBlock.judge(address.getAddress(), allowLocal);
    }

    private static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
