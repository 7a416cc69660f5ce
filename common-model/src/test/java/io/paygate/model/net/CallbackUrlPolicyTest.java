package io.paygate.model.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CallbackUrlPolicyTest {

    /** Names resolve from this table only: no test depends on real DNS. */
    static final Map<String, List<String>> DNS = Map.of(
            "merchant.example.com", List.of("93.184.216.34"),
            "sneaky.example.com", List.of("93.184.216.34", "10.1.2.3"),
            "metadata.example.com", List.of("169.254.169.254"),
            "v6.example.com", List.of("2606:2800:220:1:248:1893:25c8:1946"),
            "localhost", List.of("127.0.0.1", "::1"));

    static InetAddress literal(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    static List<InetAddress> resolve(String host) throws UnknownHostException {
        if (DNS.containsKey(host)) {
            return DNS.get(host).stream().map(CallbackUrlPolicyTest::literal).toList();
        }
        if (host.matches("[0-9.]+|.*:.*")) {
            return List.of(literal(host));
        }
        throw new UnknownHostException(host);
    }

    final CallbackUrlPolicy production = new CallbackUrlPolicy(false, CallbackUrlPolicyTest::resolve);
    final CallbackUrlPolicy local = new CallbackUrlPolicy(true, CallbackUrlPolicyTest::resolve);

    @ParameterizedTest
    @ValueSource(strings = {
            "https://merchant.example.com/callbacks/payment",
            "https://merchant.example.com:8443/cb?x=1",
            "https://93.184.216.34/cb",
            "https://[2606:2800:220:1:248:1893:25c8:1946]/cb",
            "https://v6.example.com/cb"})
    void acceptsPublicHttpsUrls(String url) {
        assertEquals(Optional.empty(), production.check(url));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "https://10.0.0.1/cb", "https://172.16.5.4/cb", "https://192.168.1.1/cb", "https://100.64.0.1/cb",
            "https://169.254.169.254/latest/meta-data", "https://0.0.0.0/cb", "https://224.0.0.1/cb",
            "https://240.0.0.1/cb", "https://198.18.0.1/cb", "https://[fc00::1]/cb", "https://[fd12:3456::1]/cb",
            "https://[fe80::1]/cb", "https://[::ffff:10.0.0.1]/cb", "https://[::ffff:169.254.169.254]/cb",
            "https://[64:ff9b::a00:1]/cb", "https://[::10.0.0.1]/cb", "https://[::]/cb", "https://[ff02::1]/cb",
            "https://metadata.example.com/cb", "https://sneaky.example.com/cb"})
    void refusesPrivateLinkLocalCgnatAndReservedAddressesEvenWhenLocalIsAllowed(String url) {
        assertTrue(production.check(url).isPresent(), url);
        assertTrue(local.check(url).isPresent(), url + " must be refused on the local stack too");
    }

    @Test
    void loopbackAndHttpOnlyWhereLocalIsAllowed() {
        assertEquals(Optional.of("scheme must be https"), production.check("http://merchant.example.com/cb"));
        assertEquals(Optional.of("loopback address"), production.check("https://127.0.0.1/cb"));
        assertEquals(Optional.of("loopback address"), production.check("https://localhost/cb"));
        assertEquals(Optional.of("loopback address"), production.check("https://[::1]/cb"));
        assertEquals(Optional.empty(), local.check("http://127.0.0.1:9000/cb"));
        assertEquals(Optional.empty(), local.check("http://localhost:9000/cb"));
        assertEquals(Optional.of("scheme must be https or http"), local.check("ftp://merchant.example.com/cb"));
    }

    @Test
    void refusesMalformedUrls() {
        assertEquals(Optional.of("missing URL"), production.check(" "));
        assertEquals(Optional.of("not an absolute URL"), production.check("/callbacks"));
        assertEquals(Optional.of("not a valid URL"), production.check("https://exa mple.com/"));
        assertEquals(Optional.of("user info is not allowed"), production.check("https://user:pw@merchant.example.com/"));
        assertEquals(Optional.of("missing host"), production.check("https:///cb"));
        assertEquals(Optional.of("longer than 2048 characters"),
                production.check("https://merchant.example.com/" + "a".repeat(2048)));
    }

    @Test
    void namesTheRangeOfARefusedDeliveryAddress() {
        assertEquals(Optional.of("link-local address"), production.checkAddress(literal("169.254.169.254")));
        assertEquals(Optional.of("private address (NAT64)"), production.checkAddress(literal("64:ff9b::a00:1")));
        assertEquals(Optional.of("CGNAT address"), production.checkAddress(literal("100.127.255.255")));
        assertEquals(Optional.empty(), production.checkAddress(literal("100.128.0.1")));
        assertEquals(Optional.empty(), production.checkAddress(literal("172.32.0.1")));
    }

    /** The findings: 6to4 forms of 127.0.0.1, 10.0.0.1 and the metadata address were accepted. */
    @ParameterizedTest
    @ValueSource(strings = {
            "https://[2002:7f00:1::]/", "https://[2002:a00:1::]/", "https://[2002:a9fe:a9fe::]/",
            "https://[2002:c0a8:101::1]/cb", "https://[::ffff:10.0.0.1]/cb", "https://[::a9fe:a9fe]/cb",
            "https://[64:ff9b::a9fe:a9fe]/cb", "https://[64:ff9b::7f00:1]/cb",
            "https://[64:ff9b:1::808:808]/cb", "https://[64:ff9b:1:ffff::1]/cb",
            "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/cb", "https://[2001:0:a00:1::f7f7:f7f7]/cb",
            "https://[2001:0:a9fe:a9fe:8000:63bf:f7f7:f7f7]/cb"})
    void refusesIpv6FormsThatCarryARefusedIpv4Address(String url) {
        assertTrue(production.check(url).isPresent(), url);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "https://[2002:0808:0808::1]/cb", "https://[2002:808:808:1:2:3:4:5]:8443/cb", "https://[64:ff9b::808:808]/cb",
            "https://[::8.8.8.8]/cb", "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/cb"})
    void acceptsIpv6FormsThatCarryPublicIpv4Addresses(String url) {
        assertEquals(Optional.empty(), production.check(url), url);
    }

    @Test
    void namesTheFormAndTheRangeOfACarriedAddress() {
        assertEquals(Optional.of("loopback address (6to4)"), production.checkAddress(literal("2002:7f00:1::")));
        assertEquals(Optional.of("private address (6to4)"), production.checkAddress(literal("2002:a00:1::")));
        assertEquals(Optional.of("link-local address (6to4)"), production.checkAddress(literal("2002:a9fe:a9fe::")));
        assertEquals(Optional.of("link-local address (NAT64)"), production.checkAddress(literal("64:ff9b::a9fe:a9fe")));
        assertEquals(Optional.of("private address (IPv4-compatible)"), production.checkAddress(literal("::10.0.0.1")));
        assertEquals(Optional.of("local-use NAT64 address"), production.checkAddress(literal("64:ff9b:1::808:808")));
        // Teredo: server 65.54.227.120 (public), client 127.0.0.1 stored inverted (80ff:fffe).
        assertEquals(Optional.of("loopback address (Teredo client)"),
                production.checkAddress(literal("2001:0:4136:e378:8000:63bf:80ff:fffe")));
        assertEquals(Optional.of("private address (Teredo server)"),
                production.checkAddress(literal("2001:0:a00:1::f7f7:f7f7")));
        assertEquals(Optional.empty(), production.checkAddress(literal("2001:0:4136:e378:8000:63bf:f7f7:f7f7")));
        // :: and ::1 are judged as themselves, not as IPv4-compatible 0.0.0.0 and 0.0.0.1.
        assertEquals(Optional.of("unspecified address"), production.checkAddress(literal("::")));
        assertEquals(Optional.of("loopback address"), production.checkAddress(literal("::1")));
        assertEquals(Optional.empty(), local.checkAddress(literal("::1")));
    }

    /** Java turns ::ffff:a.b.c.d into an Inet4Address itself; the bytes of the IPv6 form are judged the same. */
    @Test
    void judgesTheIpv4MappedFormByItsBytes() {
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        mapped[12] = 10;
        mapped[15] = 1;
        assertEquals(Optional.of("private address (IPv4-mapped)"), AddressBlock.judge(mapped, false));
        mapped[12] = 8;
        mapped[13] = 8;
        mapped[14] = 8;
        mapped[15] = 8;
        assertEquals(Optional.empty(), AddressBlock.judge(mapped, false));
    }

    @Test
    void refusesIpv6AddressesOutsideGlobalUnicast() {
        assertEquals(Optional.of("reserved address"), production.checkAddress(literal("::ffff:0:808:808")));
        assertEquals(Optional.of("reserved address"), production.checkAddress(literal("4000::1")));
        assertEquals(Optional.of("reserved address"), production.checkAddress(literal("3fff::1")));
        assertEquals(Optional.empty(), production.checkAddress(literal("2a00:1450:4001:81b::200e")));
    }

    @Test
    void onlyTheAllowedPortsUnlessTheHostIsLoopbackAndLocalIsAllowed() {
        assertEquals(Optional.of("port 22 is not allowed"), production.check("https://merchant.example.com:22/cb"));
        assertEquals(Optional.of("port 6379 is not allowed"), production.check("https://93.184.216.34:6379/cb"));
        assertEquals(Optional.of("port 80 is not allowed"), production.check("https://merchant.example.com:80/cb"));
        assertEquals(Optional.empty(), production.check("https://merchant.example.com:443/cb"));
        assertEquals(Optional.empty(), production.check("https://merchant.example.com:8443/cb"));
        assertEquals(Optional.empty(), production.check("https://merchant.example.com/cb"));

        CallbackUrlPolicy configured = new CallbackUrlPolicy(false, Set.of(443, 9443), CallbackUrlPolicyTest::resolve);
        assertEquals(Optional.empty(), configured.check("https://merchant.example.com:9443/cb"));
        assertEquals(Optional.empty(), configured.check("https://merchant.example.com/cb"));
        assertEquals(Optional.of("port 8443 is not allowed"), configured.check("https://merchant.example.com:8443/cb"));

        assertEquals(Optional.empty(), local.check("http://127.0.0.1:6379/cb"));
        assertEquals(Optional.empty(), local.check("http://localhost:22/cb"));
        assertEquals(Optional.empty(), local.check("https://[::1]:9000/cb"));
        assertEquals(Optional.empty(), local.check("http://[2002:7f00:1::]:9000/cb"));
        assertEquals(Optional.of("link-local address (6to4)"), local.check("https://[2002:a9fe:a9fe::]/cb"));
        assertEquals(Optional.of("port 22 is not allowed"), local.check("https://merchant.example.com:22/cb"));
        assertEquals(Optional.of("port 80 is not allowed"), local.check("http://merchant.example.com/cb"));
        assertEquals(Optional.of("loopback address"), production.check("https://localhost:22/cb"));
    }

    /** Issue 31: with allow-local, a callback to the gateway's own management port read /q/metrics back. */
    @Test
    void neverTheGatewaysOwnPortsOnALoopbackHost() {
        Set<Integer> own = Set.of(8081, 9081, 8443);
        CallbackUrlPolicy stack = new CallbackUrlPolicy(true, CallbackUrlPolicy.DEFAULT_PORTS,
                CallbackUrlPolicyTest::resolve, own::contains);
        for (String url : List.of("http://127.0.0.1:9081/q/metrics", "http://localhost:8081/pg/payments",
                "http://[::1]:9081/q/metrics", "http://[::ffff:127.0.0.1]:9081/q/metrics",
                "http://[2002:7f00:1::]:8081/cb", "http://127.1.2.3:9081/q/metrics", "https://127.0.0.1:8443/cb")) {
            int port = java.net.URI.create(url).getPort();
            assertEquals(Optional.of("port " + port + " is the gateway's own"), stack.check(url), url);
        }
        assertEquals(Optional.of("port 9081 is the gateway's own"),
                stack.checkResolved(9081, List.of(literal("127.0.0.1"))));
        assertEquals(Optional.empty(), stack.check("http://127.0.0.1:9082/cb"), "any other loopback port");
        assertEquals(Optional.empty(), stack.check("https://merchant.example.com:8443/cb"), "not on loopback");
        assertEquals(Optional.empty(), local.check("http://127.0.0.1:9081/cb"), "no ports named, none refused");
    }

    @Test
    void checksThePortOfAResolvedHostAtDelivery() {
        List<InetAddress> loopback = List.of(literal("127.0.0.1"));
        List<InetAddress> mixed = List.of(literal("127.0.0.1"), literal("93.184.216.34"));
        assertEquals(Optional.empty(), local.checkResolved(6379, loopback));
        assertEquals(Optional.of("port 6379 is not allowed"), local.checkResolved(6379, mixed));
        assertEquals(Optional.empty(), local.checkResolved(8443, mixed));
        assertEquals(Optional.of("loopback address"), production.checkResolved(443, mixed));
        assertEquals(Optional.of("host does not resolve"), production.checkResolved(443, List.of()));
    }

    @Test
    void refusesHostNamesThatDoNotResolve() {
        assertEquals(Optional.of("host does not resolve"), production.check("https://not-yet-live.example.net/cb"));
        assertEquals(Optional.of("host does not resolve"), local.check("http://not-yet-live.example.net:9000/cb"));
        CallbackUrlPolicy empty = new CallbackUrlPolicy(false, host -> List.of());
        assertEquals(Optional.of("host does not resolve"), empty.check("https://merchant.example.com/cb"));
    }

    @Test
    void judgesEveryAddressANameResolvesTo() {
        assertEquals(Optional.of("private address"), production.check("https://sneaky.example.com/cb"));
        assertEquals(Optional.empty(), production.check("https://v6.example.com:8443/cb"));
    }

    @Test
    void refusesPortsOutsideTheTcpRangeInConfiguration() {
        assertThrows(IllegalArgumentException.class,
                () -> new CallbackUrlPolicy(false, Set.of(443, 70_000), CallbackUrlPolicyTest::resolve));
    }
}
