package io.paygate.local;

import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9 on the local stack: the SNAP keys published beside the launcher are the ones every service is
 * configured with, and the run's token key is the same in every process.
 */
class SnapKeysTest {

    static final Path PUBLISHED = Path.of("snap");

    @Test
    void thePublishedKeysAreTheOnesTheStackIsConfiguredWith() throws IOException {
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(PUBLISHED)) {
            list.map(p -> p.getFileName().toString()).filter(name -> name.endsWith(".pem")).forEach(files::add);
        }
        assertEquals(Set.of("demo-private.pem", "demo-public.pem", "demo2-private.pem", "demo2-public.pem",
                "gateway-private.pem", "gateway-public.pem", "gateway-previous-private.pem",
                "gateway-previous-public.pem"), files);
        for (String name : files) {
            assertEquals(SandboxSnap.resource(name), Files.readString(PUBLISHED.resolve(name)), name);
        }
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            assertEquals(SnapKeys.publicKey(Files.readString(PUBLISHED.resolve(m.id() + "-public.pem"))),
                    SnapKeys.publicOf(SnapKeys.privateKey(Files.readString(PUBLISHED.resolve(m.id() + "-private.pem")))),
                    m.id() + "'s two halves belong together");
        }
        assertTrue(Files.readString(PUBLISHED.resolve("README.md")).contains("sandbox only"));
    }

    @Test
    void everyProcessGetsTheMerchantsSnapKeysTheGatewaysSigningKeysAndTheRunsTokenKey() throws IOException {
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
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("gateway.snap.signing-key=")), process.id());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("gateway.snap.previous-signing-key=")), process.id());
            lines.stream().filter(l -> l.startsWith("gateway.snap.token-key=")).forEach(tokenKeys::add);
        }
        assertEquals(1, tokenKeys.size(), "one token key for the whole run: " + tokenKeys.size());
        assertNotEquals(tokenKeys, Set.of("gateway.snap.token-key=" + new ServiceConfig(db -> db, "k", "i", "e", "p",
                List.of(), ServiceConfig.LOOPBACK, List.of()).snapTokenKey()), "another run, another key");
        assertTrue(tokenKeys.iterator().next().length() >= "gateway.snap.token-key=".length() + 32);
    }
}
