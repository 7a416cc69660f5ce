package io.paygate.notification.delivery;

import io.paygate.kit.net.DnsResolver;
import io.paygate.model.net.CallbackUrlPolicy;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The delivery-time half of the callback URL rules (docs/contract.md §6): the URL must still pass the policy, and the host is
 * resolved here, every address checked (IPv4 carried in IPv6 forms included), the port rule applied, and a checked
 * address returned to connect to. Any refused address refuses the attempt (a name with one public and one private
 * answer is not used). Blocking (DNS, bounded by {@code gateway.callbacks.resolve-timeout}).
 */
@ApplicationScoped
public class CallbackAddresses {

    /** How many URLs' structure is kept; the map is emptied when it is full. */
    private static final int PARSED_URLS = 4_096;

    private final CallbackUrlPolicy policy;
    private final DnsResolver dns;
    private final Map<String, Parsed> parsed = new ConcurrentHashMap<>();

    CallbackAddresses(CallbackUrlPolicy policy, DnsResolver dns) {
        this.policy = policy;
        this.dns = dns;
    }

    /** @throws RefusedTarget with a reason fit for the attempt log */
    public CallbackTarget resolve(String url) throws RefusedTarget {
        Parsed target = parse(url);
        if (target.refused() != null) {
            throw new RefusedTarget("callback URL refused: " + target.refused());
        }
        String bare = target.host();
        List<InetAddress> addresses;
        try {
            Optional<List<InetAddress>> known = dns.cached(bare);
            addresses = known.isPresent() ? known.get() : dns.resolve(bare);
        } catch (UnknownHostException e) {
            throw new RefusedTarget("host " + bare + " does not resolve");
        }
        if (addresses.isEmpty()) {
            throw new RefusedTarget("host " + bare + " does not resolve");
        }
        for (InetAddress address : addresses) {
            Optional<String> reason = policy.checkAddress(address);
            if (reason.isPresent()) {
                String shown = address.getHostAddress();
                throw new RefusedTarget("address " + shown + (shown.equals(bare) ? "" : " of " + bare)
                        + " refused: " + reason.get());
            }
        }
        Optional<String> port = policy.checkResolved(target.port(), addresses);
        if (port.isPresent()) {
            throw new RefusedTarget("callback URL refused: " + port.get());
        }
        return new CallbackTarget(bare, target.port(), target.ssl(), target.pathAndQuery(),
                withoutName(addresses.get(0)));
    }

    /**
     * Whether {@link #resolve} would answer without blocking: the URL is refused by its text alone, or its host is an
     * address literal or a name resolved within the JDK's cache time.
     */
    public boolean resolvesAtOnce(String url) {
        Parsed target = parse(url);
        return target.refused() != null || dns.cached(target.host()).isPresent();
    }

    /**
     * The URL's structure check and parts: they depend on the text alone, so they are kept (a merchant sends every
     * notification to the same few URLs); the addresses are resolved and checked on every attempt.
     */
    private Parsed parse(String url) {
        Parsed known = parsed.get(url);
        if (known != null) {
            return known;
        }
        Parsed fresh = parseNow(url);
        if (parsed.size() >= PARSED_URLS) {
            parsed.clear();
        }
        parsed.put(url, fresh);
        return fresh;
    }

    private Parsed parseNow(String url) {
        Optional<String> refused = policy.checkStructure(url);
        if (refused.isPresent()) {
            return new Parsed(refused.get(), null, 0, false, null);
        }
        URI uri = URI.create(url);
        boolean ssl = uri.getScheme().toLowerCase(Locale.ROOT).equals("https");
        String host = uri.getHost();
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        int port = CallbackUrlPolicy.portOf(uri);
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        return new Parsed(null, bare, port, ssl, path);
    }

    /** A URL's structure: {@code refused} (the reason) or its parts. */
    private record Parsed(String refused, String host, int port, boolean ssl, String pathAndQuery) {
    }

    /** The same address without its host name, so nothing downstream can resolve the name again. */
    private static InetAddress withoutName(InetAddress address) {
        try {
            return InetAddress.getByAddress(address.getAddress());
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The attempt may not go to this URL now; the message says why (no secret, safe for the merchant). */
    public static final class RefusedTarget extends Exception {
        public RefusedTarget(String message) {
            super(message, null, false, false);
        }
    }
}
