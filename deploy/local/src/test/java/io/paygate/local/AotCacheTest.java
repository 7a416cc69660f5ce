package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the launcher uses, trains or leaves alone the services' AOT caches, and what it refuses to start with. */
class AotCacheTest {

    private static final ServiceSpec PAYMENT = ServiceSpec.ALL.getFirst();

    @Test
    void theRunUsesTheCachesAndFailsLoudlyTheTestsStartWithoutThem() {
        assertEquals(AotCache.USE, Options.parse(new String[0]).aotCache());
        assertEquals(AotCache.OFF, Options.parse(new String[] {"--no-aot-cache"}).aotCache());
        assertEquals(AotCache.OFF, Options.forTests(Path.of("."), 0, List.of()).aotCache());
        assertTrue(Options.USAGE.contains("--no-aot-cache"));
    }

    @Test
    void eachServiceGetsItsOwnCacheBesideItsJar() {
        Path repo = Path.of("/repo");
        String cache = "/repo/payment-service/target/quarkus-app/app.aot";
        assertEquals(List.of("-XX:AOTCache=" + cache, "-XX:AOTMode=on"), AotCache.USE.jvmOptions(PAYMENT, repo));
        assertEquals(List.of("-XX:AOTCacheOutput=" + cache), AotCache.TRAIN.jvmOptions(PAYMENT, repo));
        assertEquals(List.of(), AotCache.TRAIN.jvmOptions(PAYMENT.replica(1), repo), "one training process per cache");
        assertEquals(List.of("-XX:AOTCache=" + cache, "-XX:AOTMode=on"), AotCache.USE.jvmOptions(PAYMENT.replica(2), repo));
        assertEquals(List.of(), AotCache.OFF.jvmOptions(PAYMENT, repo));
    }

    @Test
    void aMissingOrStaleCacheStopsTheStartAndSaysHowToMakeIt(@TempDir Path repo) throws IOException {
        Path jar = Files.createDirectories(PAYMENT.jar(repo).getParent()).resolve("quarkus-run.jar");
        Files.writeString(jar, "jar");
        Path cache = AotCache.file(PAYMENT, repo);

        assertEquals(cache + " is missing: deploy/local/train makes it (or run with --no-aot-cache)",
                AotCache.USE.problem(PAYMENT, repo).orElseThrow());

        Files.writeString(cache, "cache");
        Files.setLastModifiedTime(cache, FileTime.from(Instant.now().minusSeconds(60)));
        assertEquals(cache + " is older than quarkus-run.jar: deploy/local/train makes it (or run with --no-aot-cache)",
                AotCache.USE.problem(PAYMENT, repo).orElseThrow());

        Files.setLastModifiedTime(cache, FileTime.from(Instant.now().plusSeconds(1)));
        assertTrue(AotCache.USE.problem(PAYMENT, repo).isEmpty());
        Files.delete(cache);
        assertTrue(AotCache.OFF.problem(PAYMENT, repo).isEmpty());
        assertTrue(AotCache.TRAIN.problem(PAYMENT, repo).isEmpty());
        assertTrue(LocalStack.preflight(Options.forTests(repo, 0, List.of()).withAotCache(AotCache.USE)).stream()
                .anyMatch(p -> p.equals(cache + " is missing: deploy/local/train makes it (or run with --no-aot-cache)")));
    }
}
