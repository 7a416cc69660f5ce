package io.paygate.local;

import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.interfaces.RSAKey;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9 on the local stack: the SNAP keys published beside the launcher are the ones the services are
 * configured with (each merchant's signing key in notification-service only), and the run's token key is the same in
 * every process.
 */
class SnapKeysTest {

    static final Path PUBLISHED = Path.of("snap");

    @Test
    void thePublishedKeysAreTheOnesTheStackIsConfiguredWith() throws IOException {
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(PUBLISHED)) {
            list.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".pem")).forEach(files::add);
        }
        Set<String> expected = new TreeSet<>();
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            expected.addAll(List.of(m.id() + "-private.pem", m.id() + "-public.pem",
                    "gateway-" + m.id() + "-private.pem", "gateway-" + m.id() + "-public.pem"));
        }
        expected.addAll(List.of("gateway-demo-previous-private.pem", "gateway-demo-previous-public.pem"));
        assertEquals(expected, files, "each sandbox merchant's key pair and the gateway's signing key pair of its SNAP "
                + "notifications, and demo's previous one (a rotation); no key shared by all");
        for (String name : files) {
            assertEquals(SandboxSnap.resource(name), Files.readString(PUBLISHED.resolve(name)), name);
        }
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            for (String pair : List.of(m.id(), "gateway-" + m.id())) {
                String privateHalf = Files.readString(PUBLISHED.resolve(pair + "-private.pem"));
                assertEquals(SnapKeys.publicKey(Files.readString(PUBLISHED.resolve(pair + "-public.pem"))),
                        SnapKeys.publicOf(SnapKeys.privateKey(privateHalf)), pair + "'s two halves belong together");
            }
        }
        Set<BigInteger> signingKeys = new HashSet<>();
        for (String name : files) {
            if (name.startsWith("gateway-") && name.endsWith("-private.pem")) {
                PrivateKey key = SnapKeys.privateKey(Files.readString(PUBLISHED.resolve(name)));
                assertTrue(SnapKeys.bits(key) >= SnapKeys.MIN_SIGNING_BITS, name);
                assertTrue(signingKeys.add(((RSAKey) key).getModulus()), name + " is unique");
            }
        }
        assertTrue(Files.readString(PUBLISHED.resolve("README.md")).contains("sandbox only"));
    }

    @Test
    void everyProcessGetsTheMerchantsSnapKeysAndTheRunsTokenKeyAndOnlyTheSignerAndTheRegistryTheSigningKeys()
            throws IOException {
        List<ServiceSpec> processes = ServiceSpec.all(0, 2);
        ServiceConfig config = new ServiceConfig(db -> db, "k", "i", "e", "p", List.of(), ServiceConfig.LOOPBACK,
                List.of());
        String demoPublic = Base64.getEncoder().encodeToString(
                SnapKeys.publicKey(Files.readString(PUBLISHED.resolve("demo-public.pem"))).getEncoded());
        Set<String> tokenKeys = new TreeSet<>();
        for (ServiceSpec process : processes) {
            List<String> lines = config.lines(process, ServiceSpec.all(0));
            assertTrue(lines.contains("gateway.merchants.demo.snap.client-key=demo"), process.id());
            assertTrue(lines.contains("gateway.merchants.demo.snap.public-key=" + demoPublic), process.id());
            // notification-service signs SNAP notifications; merchant-service seeds the registry with the keys (§10)
            boolean signs = process.name().equals("notification-service") || process.name().equals("merchant-service");
            for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
                assertEquals(signs, lines.stream().anyMatch(l -> l.startsWith("gateway.merchants." + m.id()
                        + ".snap.signing-key=")), process.id() + " " + m.id());
            }
            assertEquals(signs, lines.stream().anyMatch(l -> l.startsWith(
                    "gateway.merchants.demo.snap.previous-signing-key=")), process.id());
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("gateway.snap.signing-key")), process.id());
            lines.stream().filter(l -> l.startsWith("gateway.snap.token-key=")).forEach(tokenKeys::add);
        }
        assertEquals(1, tokenKeys.size(), "one token key for the whole run: " + tokenKeys.size());
        assertNotEquals(tokenKeys, Set.of("gateway.snap.token-key=" + new ServiceConfig(db -> db, "k", "i", "e", "p",
                List.of(), ServiceConfig.LOOPBACK, List.of()).snapTokenKey()), "another run, another key");
        assertTrue(tokenKeys.iterator().next().length() >= "gateway.snap.token-key=".length() + 32);
    }
}
