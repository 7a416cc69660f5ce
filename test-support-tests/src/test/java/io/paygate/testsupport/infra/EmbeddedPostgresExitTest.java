package io.paygate.testsupport.infra;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * At JVM exit the embedded PostgreSQL is stopped by its owner alone, in the owner's order (the local stack: after every
 * service), never by a hook of the library's own running beside it.
 */
class EmbeddedPostgresExitTest {

    @Test
    void theServerAnswersUntilItsOwnerStopsItAtExit(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("result");
        Path output = dir.resolve("output");
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
                PostgresAtExit.class.getName(), result.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(output).contains("READY") && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(Files.readString(output).contains("READY"), "the child did not start its server:\n"
                    + Files.readString(output));

            child.toHandle().destroy(); // SIGTERM, as Ctrl-C reaches the launcher
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        } finally {
            child.destroyForcibly();
        }
        assertEquals("UP", Files.readString(result));
    }
}
