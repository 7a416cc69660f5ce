package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code deploy/local/run} itself, as a shell script. */
class RunScriptTest {

    @Test
    void helpAnswersWithoutAJdkOrABuild() throws IOException, InterruptedException {
        ProcessBuilder run = new ProcessBuilder("bash", Path.of("run").toAbsolutePath().toString(), "--help")
                .redirectErrorStream(true);
        // No java on the PATH and a JAVA_HOME that is no JDK: selecting one, or building, would fail.
        run.environment().put("PATH", "/usr/bin:/bin");
        run.environment().put("JAVA_HOME", "/nonexistent");
        Process process = run.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "run --help did not end");
        assertEquals(0, process.exitValue(), output);
        assertEquals(Options.USAGE, output.stripTrailing());
    }

    @Test
    void theAotTrainingRunsOnThePortsOfTheStackItTrainsFor(@TempDir Path tree) throws Exception {
        assertEquals("--port-offset 150", trainingArguments(tree, "--port-offset", "150", "--keep-data"));
        assertEquals("--port-offset 0", trainingArguments(tree, "--keep-data"));
    }

    @Test
    void aPortOffsetThatIsNoNumberIsRefusedBeforeAnyTraining(@TempDir Path tree) throws Exception {
        copyRunWithAFakeTraining(tree);
        Process run = new ProcessBuilder("bash", tree.resolve("deploy/local/run").toString(), "--port-offset", "1e3")
                .redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, run.exitValue(), output);
        assertTrue(output.contains("--port-offset is a number"), output);
        assertFalse(Files.exists(tree.resolve("train-args")), "no training started");
    }

    /**
     * Runs a copy of {@code run} in a tree with built jars but no AOT caches, whose {@code train} records its arguments
     * and fails (so nothing else starts), and returns those arguments.
     */
    private static String trainingArguments(Path tree, String... args) throws Exception {
        copyRunWithAFakeTraining(tree);
        Files.deleteIfExists(tree.resolve("train-args"));
        List<String> command = new ArrayList<>(List.of("bash", tree.resolve("deploy/local/run").toString()));
        command.addAll(List.of(args));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(run.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(1, run.exitValue(), output);
        assertTrue(output.contains("the AOT training failed"), output);
        return Files.readString(tree.resolve("train-args")).strip();
    }

    @Test
    void withNativeOnlyTheServicesWithoutANativeExecutableNeedTheirAotCaches(@TempDir Path tree) throws Exception {
        copyRunWithAFakeTraining(tree);
        for (String service : List.of("payment-service", "binding-service", "notification-service", "merchant-service")) {
            nativeExecutable(tree, service);
        }
        assertEquals("--port-offset 0", trainingArguments(tree, "--native"), "ledger-service has no executable: trained");

        Files.deleteIfExists(tree.resolve("train-args"));
        nativeExecutable(tree, "ledger-service");
        Process run = new ProcessBuilder("bash", tree.resolve("deploy/local/run").toString(), "--native")
                .redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS), output);
        assertFalse(Files.exists(tree.resolve("train-args")), "every service runs native: no training; " + output);
        assertFalse(output.contains("AOT cache"), output);
    }

    private static void nativeExecutable(Path tree, String service) throws IOException {
        Path runner = tree.resolve(service + "/target/" + service + "-0.1.0-SNAPSHOT-runner");
        Files.createDirectories(runner.getParent());
        Files.writeString(runner, "");
        Files.setPosixFilePermissions(runner, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void copyRunWithAFakeTraining(Path tree) throws IOException {
        Path local = Files.createDirectories(tree.resolve("deploy/local"));
        Files.copy(Path.of("run"), local.resolve("run"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(Path.of("jdk.sh"), local.resolve("jdk.sh"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(local.resolve("train"), "#!/usr/bin/env bash\necho \"$@\" > \"$(dirname \"$0\")/../../train-args\"\n"
                + "exit 1\n");
        Files.setPosixFilePermissions(local.resolve("train"), PosixFilePermissions.fromString("rwxr-xr-x"));
        for (String jar : List.of("payment-service/target/quarkus-app/quarkus-run.jar",
                "binding-service/target/quarkus-app/quarkus-run.jar",
                "notification-service/target/quarkus-app/quarkus-run.jar",
                "merchant-service/target/quarkus-app/quarkus-run.jar",
                "ledger-service/target/quarkus-app/quarkus-run.jar", "deploy/local/target/local-stack.jar")) {
            Files.createDirectories(tree.resolve(jar).getParent());
            Files.writeString(tree.resolve(jar), "");
        }
    }

    @Test
    void theUsageNamesTheDefaultJvmOptionsAndEveryPortOption() {
        assertTrue(Options.USAGE.contains(AotCache.DEFAULT_JVM_OPTIONS), Options.USAGE);
        assertTrue(Options.USAGE.contains(LocalStack.DEFAULT_NATIVE_OPTIONS), Options.USAGE);
        assertTrue(Options.USAGE.contains("--kafka-port PORT"));
        assertTrue(Options.USAGE.contains("on 15432+N, Kafka on 19092+N"), Options.USAGE);
    }
}
