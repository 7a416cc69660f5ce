package io.paygate.kit.net;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.net.BoundedResolver;
import jakarta.inject.Singleton;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.Security;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Host name to addresses, for the callback URL checks (docs/contract.md §6) at initiation, at registration and at delivery
 * (a seam: tests replace this bean so that names resolve without a DNS server, or to a private address). The system
 * resolver within {@code gateway.callbacks.resolve-timeout}, at most {@value #LOOKUPS} names at once; a name that has
 * not answered in time does not resolve. Repeated names are answered from the JDK's cache
 * ({@code networkaddress.cache.ttl}, 30 s), so the initiation's hot path pays only a thread hand-over. Blocking: call
 * it off the event loop; {@link #cached} answers without blocking what a lookup answered within that same time.
 */
@Singleton
public class DnsResolver {

    static final int LOOKUPS = 16;
    /** Names kept by {@link #cached}; emptied when full. */
    private static final int CACHED_NAMES = 4_096;

    private final BoundedResolver resolver;
    private final long ttlNanos;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    public DnsResolver(GatewayConfig config) {
        this.resolver = BoundedResolver.system(config.callbacks().resolveTimeout(), LOOKUPS);
        this.ttlNanos = positiveCacheTtl().toNanos();
    }

    public List<InetAddress> resolve(String host) throws UnknownHostException {
        List<InetAddress> addresses = resolver.resolve(host);
        if (ttlNanos > 0 && !BoundedResolver.isLiteralAddress(host)) {
            if (answers.size() >= CACHED_NAMES) {
                answers.clear();
            }
            answers.put(host, new Answer(addresses, System.nanoTime() + ttlNanos));
        }
        return addresses;
    }

    /**
     * {@link #cached} when it has the answer, else {@link #resolve}: a repeated name is answered on the caller's thread,
     * without handing the lookup to a resolver thread and waiting for it. Blocking, like {@link #resolve}.
     */
    public List<InetAddress> resolveOrCached(String host) throws UnknownHostException {
        Optional<List<InetAddress>> known = cached(host);
        return known.isPresent() ? known.get() : resolve(host);
    }

    /**
     * The addresses {@link #resolve} would answer now, when that needs no lookup: an address literal, or a name a
     * lookup answered less than the JDK's positive cache time ago (the answer the JDK itself would give). Never blocks.
     */
    public Optional<List<InetAddress>> cached(String host) {
        if (BoundedResolver.isLiteralAddress(host)) {
            try {
                return Optional.of(resolver.resolve(host));
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        Answer answer = answers.get(host);
        if (answer == null || System.nanoTime() - answer.expiresNanos() > 0) {
            return Optional.empty();
        }
        return Optional.of(answer.addresses());
    }

    /** {@code networkaddress.cache.ttl} (seconds; default 30, "forever" taken as 30). */
    private static Duration positiveCacheTtl() {
        String ttl = Security.getProperty("networkaddress.cache.ttl");
        try {
            long seconds = ttl == null ? 30 : Long.parseLong(ttl.trim());
            return Duration.ofSeconds(seconds < 0 ? 30 : seconds);
        } catch (NumberFormatException e) {
            return Duration.ofSeconds(30);
        }
    }

    private record Answer(List<InetAddress> addresses, long expiresNanos) {
    }
}
