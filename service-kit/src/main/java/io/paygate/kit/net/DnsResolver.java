package io.paygate.kit.net;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.net.BoundedResolver;
import jakarta.inject.Singleton;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Host name to addresses, for the callback URL checks (CONTRACT §6) at initiation, at registration and at delivery
 * (a seam: tests replace this bean so that names resolve without a DNS server, or to a private address). The system
 * resolver within {@code gateway.callbacks.resolve-timeout}, at most {@value #LOOKUPS} names at once; a name that has
 * not answered in time does not resolve. Repeated names are answered from the JDK's cache
 * ({@code networkaddress.cache.ttl}, 30 s), so the initiation's hot path pays only a thread hand-over. Blocking: call
 * it off the event loop.
 */
@Singleton
public class DnsResolver {

    static final int LOOKUPS = 16;

    private final BoundedResolver resolver;

    public DnsResolver(GatewayConfig config) {
        this.resolver = BoundedResolver.system(config.callbacks().resolveTimeout(), LOOKUPS);
    }

    public List<InetAddress> resolve(String host) throws UnknownHostException {
        return resolver.resolve(host);
    }
}
