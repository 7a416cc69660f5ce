package io.paygate.model.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
            "https://v6.example.com/cb",
            "https://not-yet-live.example.net/cb"})
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
}
