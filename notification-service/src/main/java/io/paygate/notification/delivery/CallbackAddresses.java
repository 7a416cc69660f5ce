package io.paygate.notification.delivery;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.net.CallbackUrlPolicy;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The delivery-time half of the callback URL rules (CONTRACT §6): the URL must still pass the policy, and the host is
 * resolved here, every address checked, and a checked address returned to connect to. Any refused address refuses the
 * attempt (a name with one public and one private answer is not used). Blocking (DNS).
 */
@ApplicationScoped
public class CallbackAddresses {

    private final CallbackUrlPolicy policy;
    /** The same rules without resolving (scheme, user info, host present): resolution happens once, below. */
    private final CallbackUrlPolicy structure;
    private final DnsResolver dns;

    CallbackAddresses(CallbackUrlPolicy policy, GatewayConfig config, DnsResolver dns) {
        this.policy = policy;
        this.structure = new CallbackUrlPolicy(config.callbacks().allowLocal(), host -> List.of());
        this.dns = dns;
    }

    /** @throws RefusedTarget with a reason fit for the attempt log */
    public CallbackTarget resolve(String url) throws RefusedTarget {
        Optional<String> refused = structure.check(url);
        if (refused.isPresent()) {
            throw new RefusedTarget("callback URL refused: " + refused.get());
        }
        URI uri = URI.create(url);
        boolean ssl = uri.getScheme().toLowerCase(Locale.ROOT).equals("https");
        String host = uri.getHost();
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetAddress> addresses;
        try {
            addresses = dns.resolve(bare);
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
        int port = uri.getPort() != -1 ? uri.getPort() : ssl ? 443 : 80;
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        return new CallbackTarget(bare, port, ssl, path, withoutName(addresses.get(0)));
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
