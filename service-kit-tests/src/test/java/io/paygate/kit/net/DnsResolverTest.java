package io.paygate.kit.net;

import io.paygate.kit.config.GatewayConfig;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the resolver answers without blocking: address literals, and a name a lookup answered moments ago. */
class DnsResolverTest {

    private final DnsResolver dns = new DnsResolver(config());

    @Test
    void anAddressLiteralIsAnsweredAtOnce() throws Exception {
        assertEquals(InetAddress.getByName("127.0.0.1"), dns.cached("127.0.0.1").orElseThrow().get(0));
        assertEquals(InetAddress.getByName("::1"), dns.cached("::1").orElseThrow().get(0));
    }

    @Test
    void aNameIsAnsweredAtOnceOnlyAfterALookupAnsweredIt() throws Exception {
        assertTrue(dns.cached("localhost").isEmpty(), "never looked up: the caller must resolve it");
        var resolved = dns.resolve("localhost");
        assertEquals(resolved, dns.cached("localhost").orElseThrow());
    }

    /** A GatewayConfig with the one value the resolver reads. */
    private static GatewayConfig config() {
        GatewayConfig.Callbacks callbacks = (GatewayConfig.Callbacks) Proxy.newProxyInstance(
                DnsResolverTest.class.getClassLoader(), new Class<?>[] {GatewayConfig.Callbacks.class},
                (proxy, method, args) -> method.getName().equals("resolveTimeout") ? Duration.ofSeconds(2) : null);
        return (GatewayConfig) Proxy.newProxyInstance(DnsResolverTest.class.getClassLoader(),
                new Class<?>[] {GatewayConfig.class},
                (proxy, method, args) -> method.getName().equals("callbacks") ? callbacks : null);
    }
}
