package io.paygate.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the local stack does with each service's JDK AOT cache ({@code <service>/target/quarkus-app/app.aot}, JEP 483,
 * 514, 515: classes loaded and linked, and method profiles, from a training run). The cache is only valid for the JDK
 * build that wrote it and for the jars it was trained with, so it is used with {@code -XX:AOTMode=on}: a cache the JVM
 * cannot use stops the service at start, loudly, instead of letting it run cold.
 */
public enum AotCache {
    /** No cache: the services start cold (the tests' stacks, {@code deploy/local/run --no-aot-cache}). */
    OFF,
    /** {@code -XX:AOTCache=app.aot -XX:AOTMode=on}; a missing or stale cache is a preflight problem. */
    USE,
    /** {@code -XX:AOTCacheOutput=app.aot}: a training run ({@link AotTraining}); the cache is written at exit. */
    TRAIN;

    /**
     * The services' JVM options unless {@code PAYGATE_SERVICE_JAVA_OPTS} says otherwise, for the training run and every
     * run after it alike (a cache is trained with the flags it is used with). Chosen from bench/README.md's
     * figures. The young generation is held at 16 MiB (a third of the heap by default): eden is touched whole before
     * the first collection, so its size is resident memory, while the live heap is ~25 MiB.
     */
    public static final String DEFAULT_JVM_OPTIONS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xmx128m -Xmn16m";

    /** At exit, a training JVM starts a child JVM that assembles the cache: 10–30 s on two busy cores. */
    static final Duration TRAINING_STOP_GRACE = Duration.ofSeconds(180);

    /** Where a service's cache is: beside its {@code quarkus-run.jar}. */
    static Path file(ServiceSpec spec, Path repoRoot) {
        return spec.jar(repoRoot).resolveSibling("app.aot");
    }

    /** The JVM options for one process of the service (only replica 0 trains: one cache per service). */
    List<String> jvmOptions(ServiceSpec spec, Path repoRoot) {
        Path cache = file(spec, repoRoot);
        return switch (this) {
            case OFF -> List.of();
            case USE -> List.of("-XX:AOTCache=" + cache, "-XX:AOTMode=on");
            case TRAIN -> spec.replica() == 0 ? List.of("-XX:AOTCacheOutput=" + cache) : List.of();
        };
    }

    /** Why the cache cannot be used: missing, or older than the service's jar (rebuilt since it was trained). */
    Optional<String> problem(ServiceSpec spec, Path repoRoot) {
        if (this != USE) {
            return Optional.empty();
        }
        Path cache = file(spec, repoRoot);
        String fix = ": deploy/local/train makes it (or run with --no-aot-cache)";
        if (!Files.isRegularFile(cache)) {
            return Optional.of(cache + " is missing" + fix);
        }
        try {
            if (Files.getLastModifiedTime(cache).compareTo(Files.getLastModifiedTime(spec.jar(repoRoot))) < 0) {
                return Optional.of(cache + " is older than " + spec.jar(repoRoot).getFileName() + fix);
            }
        } catch (IOException e) {
            return Optional.of(cache + " cannot be read (" + e.getMessage() + ")" + fix);
        }
        return Optional.empty();
    }
}
