package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void theUsageNamesTheDefaultJvmOptionsAndEveryPortOption() {
        assertTrue(Options.USAGE.contains(AotCache.DEFAULT_JVM_OPTIONS), Options.USAGE);
        assertTrue(Options.USAGE.contains("--kafka-port PORT"));
        assertTrue(Options.USAGE.contains("on 15432+N, Kafka on 19092+N"), Options.USAGE);
    }
}
