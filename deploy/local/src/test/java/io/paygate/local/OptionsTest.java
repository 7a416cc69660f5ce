package io.paygate.local;

import io.paygate.local.LocalStack.KafkaSecurity;
import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code deploy/local/run}'s options about replicas, and what the launcher checks before it starts them. */
class OptionsTest {

    @Test
    void runsOneProcessPerServiceUnlessToldOtherwise() {
        assertEquals(1, Options.parse(new String[0]).replicas());
        assertEquals(1, Options.forTests(Path.of("."), 0, List.of()).replicas());
    }

    @Test
    void runsTheServicesOnTheJvmUnlessToldNative() {
        assertFalse(Options.parse(new String[0]).nativeExecutables());
        Options options = Options.parse(new String[] {"--native", "--replicas", "2"});
        assertTrue(options.nativeExecutables());
        assertEquals(2, options.replicas());
        assertFalse(options.withNativeExecutables(false).nativeExecutables());
        assertEquals(options, options.withNativeExecutables(false).withNativeExecutables(true));
    }

    @Test
    void serviceOptionsAreSplitOnBlanksAsTheShellWould() {
        assertEquals(List.of("-Xmx128m", "-Xmn16m"), LocalStack.words("  -Xmx128m \t -Xmn16m \n"));
        assertTrue(LocalStack.words("   ").isEmpty());
        assertEquals(LocalStack.words(LocalStack.DEFAULT_NATIVE_OPTIONS), List.of("-Xmx128m", "-Xmn16m"));
    }

    @Test
    void aServiceRunsFromTheNewestExecutableRunnerInItsTarget(@TempDir Path repo) throws IOException {
        ServiceSpec binding = ServiceSpec.ALL.get(1);
        Path target = Files.createDirectories(repo.resolve("binding-service/target"));
        assertTrue(binding.nativeExecutable(repo).isEmpty(), "nothing built");

        Files.createDirectories(target.resolve("binding-service-0.1.0-SNAPSHOT-native-image-source-jar"));
        Files.writeString(target.resolve("binding-service-0.1.0-SNAPSHOT-runner.jar"), "");
        Path notExecutable = Files.writeString(target.resolve("binding-service-0.1.0-SNAPSHOT-runner"), "");
        assertTrue(binding.nativeExecutable(repo).isEmpty(), "the sources, a jar and a file that cannot run are no executable");

        Files.setPosixFilePermissions(notExecutable, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path older = Files.writeString(target.resolve("binding-service-0.0.9-runner"), "");
        Files.setPosixFilePermissions(older, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setLastModifiedTime(older, FileTime.fromMillis(0));
        assertEquals(Optional.of(notExecutable), binding.nativeExecutable(repo));
        assertTrue(ServiceSpec.ALL.getFirst().nativeExecutable(repo).isEmpty(), "payment-service's is its own");
    }

    @Test
    void readsReplicasBesideAPortOffset() {
        Options options = Options.parse(new String[] {"--port-offset", "100", "--replicas", "3", "--keep-data"});

        assertEquals(3, options.replicas());
        assertEquals(100, options.portOffset());
        assertTrue(options.keepData());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "10", "-2", "two", "", "1.5"})
    void refusesAReplicaCountThatIsNotOneToNine(String value) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {"--replicas", value}));
        assertEquals("--replicas is a number of processes per service from 1 to 9, not " + value, refused.getMessage());
    }

    @Test
    void refusesReplicasWithoutAValue() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {"--replicas"}));
        assertEquals("--replicas needs a value", refused.getMessage());
    }

    @Test
    void withReplicasKeepsEveryOtherOption() {
        Options options = Options.forTests(Path.of("/repo"), 30_000, List.of("a=b"))
                .withKafkaSecurity(KafkaSecurity.SASL_SSL).withReplicas(2);

        assertEquals(2, options.replicas());
        assertEquals(KafkaSecurity.SASL_SSL, options.kafkaSecurity());
        assertEquals(30_000, options.portOffset());
        assertEquals(List.of("a=b"), options.extraConfig());
        assertThrows(IllegalArgumentException.class, () -> options.withReplicas(0));
        assertThrows(IllegalArgumentException.class, () -> options.withReplicas(10));
    }

    @Test
    void withServiceJvmOptionsReplacesOnlyTheJvmOptions() {
        Options options = Options.forTests(Path.of("/repo"), 300, List.of("a=b")).withReplicas(3)
                .withServiceJvmOptions(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"));

        assertEquals(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1"), options.serviceJvmOptions());
        assertEquals(3, options.replicas());
        assertEquals(300, options.portOffset());
        assertEquals(List.of("a=b"), options.extraConfig());
        assertEquals(options, options.withServiceJvmOptions(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1")));
    }

    @Test
    void thePortOffsetMovesPostgresAndKafkaToo() {
        Options plain = Options.parse(new String[0]);
        Options moved = Options.parse(new String[] {"--port-offset", "500"});

        assertEquals(15432, plain.postgresPort());
        assertEquals(19092, plain.kafkaPort());
        assertEquals(15932, moved.postgresPort());
        assertEquals(19592, moved.kafkaPort());
        assertEquals(500, moved.portOffset());
    }

    @Test
    void anExplicitPostgresOrKafkaPortWinsOverTheOffset() {
        Options options = Options.parse(new String[] {"--pg-port", "25432", "--port-offset", "500", "--kafka-port", "0"});

        assertEquals(25432, options.postgresPort());
        assertEquals(0, options.kafkaPort());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--pg-port", "--kafka-port", "--port-offset"})
    void refusesAPortThatIsNotOne(String option) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {option, "x"}));
        assertEquals(option + " is a number from 0 to 65535, not x", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {option, "70000"}));
    }

    @Test
    void aTakenKafkaPortStopsTheStartBeforeAnythingRuns(@TempDir Path emptyRepo) throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();
            Options options = Options.parse(new String[] {"--port-offset", "37000", "--kafka-port", String.valueOf(port)});

            assertTrue(LocalStack.preflight(options).contains("port " + port + " is in use (is another stack running?)"),
                    LocalStack.preflight(options).toString());
        }
    }

    @Test
    void theUsageExplainsReplicas() {
        assertTrue(Options.USAGE.contains("--replicas N"));
        assertTrue(Options.USAGE.contains("port + 10*k"));
    }

    @Test
    void aTakenPortOfALaterReplicaStopsTheStartBeforeAnythingRuns(@TempDir Path emptyRepo) throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();
            // The offset that puts the management port of notification-service's replica 1 (9093) on the taken port.
            int offset = port - 9093;
            Options twoReplicas = Options.forTests(emptyRepo, offset, List.of()).withReplicas(2);

            assertTrue(LocalStack.preflight(twoReplicas).contains("port " + port + " is in use (is another stack running?)"),
                    LocalStack.preflight(twoReplicas).toString());
            assertFalse(LocalStack.preflight(twoReplicas.withReplicas(1)).stream().anyMatch(p -> p.contains("port " + port + " ")));
            assertTrue(LocalStack.preflight(twoReplicas).stream().anyMatch(p -> p.contains("quarkus-run.jar is missing")));
        }
    }
}
