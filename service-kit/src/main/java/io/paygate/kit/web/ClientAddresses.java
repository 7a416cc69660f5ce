package io.paygate.kit.web;

import io.paygate.model.net.Cidr;

import io.netty.util.NetUtil;
import io.paygate.kit.config.GatewayConfig;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Where a request came from, as far as it can be believed: the client address the rate limits key by (docs/contract.md
 * §0), and whether it arrived over https (the pages' HSTS). The direct peer, unless the peer is a trusted proxy
 * ({@code gateway.trusted-proxies}, the Ingress controller); then the right-most {@code X-Forwarded-For} entry that
 * is not a trusted proxy, since every proxy appends the address it saw and only the entries our own proxies appended
 * can be believed, and the {@code X-Forwarded-Proto} the nearest proxy set. (Quarkus's own proxy handling is off: it
 * takes the left-most {@code X-Forwarded-For} entry, which the client writes.) Addresses are parsed as literals only (never resolved). An IPv6 client is keyed by its /64, the smallest
 * block one subscriber gets, so that hopping through its own addresses does not give it new buckets.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class ClientAddresses {

    private static final String UNKNOWN = "unknown";
    private static final String FORWARDED_FOR = "X-Forwarded-For";
    private static final String FORWARDED_PROTO = "X-Forwarded-Proto";

    private final List<Cidr> trusted;

    @Inject
    ClientAddresses(GatewayConfig config) {
        this(config.trustedProxies().orElse(List.of()));
    }

    public ClientAddresses(List<String> trustedProxies) {
        List<Cidr> parsed = new ArrayList<>();
        for (String cidr : trustedProxies) {
            if (!cidr.isBlank()) {
                try {
                    parsed.add(Cidr.of(cidr.strip()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("gateway.trusted-proxies: " + e.getMessage());
                }
            }
        }
        this.trusted = List.copyOf(parsed);
    }

    /** The client key of a request: {@link #clientOf(String, List)} of its peer and {@code X-Forwarded-For}. */
    public String clientOf(HttpServerRequest request) {
        SocketAddress peer = request.remoteAddress();
        return clientOf(peer == null ? null : peer.hostAddress(), request.headers().getAll(FORWARDED_FOR));
    }

    /**
     * The client's whole address (4 or 16 bytes; IPv4-mapped IPv6 as IPv4), chosen as {@link #clientOf(String, List)}
     * chooses it (so {@code X-Forwarded-For} counts only from a trusted proxy), or {@code null} when the peer is not an
     * address: what a merchant's address allowlist is checked against (docs/contract.md §10).
     */
    public byte[] clientAddress(HttpServerRequest request) {
        SocketAddress peer = request.remoteAddress();
        return clientAddress(peer == null ? null : peer.hostAddress(), request.headers().getAll(FORWARDED_FOR));
    }

    /**
     * Whether the request reached the gateway over https: over TLS directly, or, from a trusted proxy, with the
     * {@code X-Forwarded-Proto} that proxy set (the last entry) saying {@code https}.
     */
    public boolean arrivedOverHttps(HttpServerRequest request) {
        if (request.isSSL()) {
            return true;
        }
        SocketAddress peer = request.remoteAddress();
        byte[] address = peer == null ? null : literal(peer.hostAddress());
        String proto = request.getHeader(FORWARDED_PROTO);
        if (address == null || !isTrusted(address) || proto == null) {
            return false;
        }
        String nearest = proto.substring(proto.lastIndexOf(',') + 1).strip();
        return "https".equalsIgnoreCase(nearest);
    }

    /**
     * @param peer         the direct peer's address (may be {@code null}, e.g. a Unix socket)
     * @param forwardedFor every {@code X-Forwarded-For} header value in order (may be empty)
     * @return the client's key: an IPv4 address, an IPv6 /64 ({@code 20010db8000000ab::/64}) or {@code unknown}
     */
    public String clientOf(String peer, List<String> forwardedFor) {
        byte[] client = clientAddress(peer, forwardedFor);
        return client == null ? UNKNOWN : key(client);
    }

    /** {@link #clientAddress(HttpServerRequest)} of a peer and its {@code X-Forwarded-For} values. */
    public byte[] clientAddress(String peer, List<String> forwardedFor) {
        byte[] client = literal(peer);
        if (client == null) {
            return null;
        }
        if (isTrusted(client) && forwardedFor != null && !forwardedFor.isEmpty()) {
            List<String> hops = new ArrayList<>();
            for (String header : forwardedFor) {
                for (String hop : header.split(",")) {
                    hops.add(hop.strip());
                }
            }
            for (int i = hops.size() - 1; i >= 0; i--) {
                byte[] hop = literal(hops.get(i));
                if (hop == null) {
                    break; // not an address (a proxy we do not know wrote it): stay with the last hop we trust
                }
                client = hop;
                if (!isTrusted(hop)) {
                    break;
                }
            }
        }
        return client;
    }

    /**
     * The client key of a connection from {@code peer} when the peer is the client itself: null when it is a trusted
     * proxy (the client is then named by the headers) or not an address.
     */
    public String directClient(String peer) {
        byte[] address = literal(peer);
        return address == null || isTrusted(address) ? null : key(address);
    }

    private boolean isTrusted(byte[] address) {
        return Cidr.anyContains(trusted, address);
    }

    /** The address's bytes (4 or 16; IPv4-mapped IPv6 as IPv4), or {@code null} when it is not an IP literal. */
    static byte[] literal(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        String s = text;
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        int zone = s.indexOf('%');
        if (zone >= 0) {
            s = s.substring(0, zone);
        }
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(s);
        if (bytes != null && bytes.length == 16 && isIpv4Mapped(bytes)) {
            return Arrays.copyOfRange(bytes, 12, 16);
        }
        return bytes;
    }

    private static boolean isIpv4Mapped(byte[] v6) {
        for (int i = 0; i < 10; i++) {
            if (v6[i] != 0) {
                return false;
            }
        }
        return v6[10] == (byte) 0xff && v6[11] == (byte) 0xff;
    }

    static String key(byte[] address) {
        if (address.length == 4) {
            return (address[0] & 0xff) + "." + (address[1] & 0xff) + "." + (address[2] & 0xff) + "."
                    + (address[3] & 0xff);
        }
        return HexFormat.of().formatHex(address, 0, 8) + "::/64";
    }
}
