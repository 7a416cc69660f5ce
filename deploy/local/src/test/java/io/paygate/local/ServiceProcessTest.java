package io.paygate.local;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One replica's life as the fault tests drive it (a real child process, {@link FakeService}, on real ports): ready on
 * its management port, stopped gracefully (SIGTERM runs its shutdown hook) or killed (SIGKILL runs nothing), and
 * started again on the same ports with the same configuration.
 */
class ServiceProcessTest {

    private static final Duration READY = Duration.ofSeconds(30);

    @TempDir
    Path runDir;
    ServiceProcess replica;

    @BeforeEach
    void startFakeReplica() throws IOException {
        replica = new ServiceProcess(new ServiceSpec("payment-service", freeApiPort(), "payment", 1), runDir);
        String java = ProcessHandle.current().info().command().orElse("java");
        replica.start(List.of(java, "-cp", System.getProperty("java.class.path"), FakeService.class.getName()),
                List.of("quarkus.management.port=" + replica.spec().managementPort()));
    }

    @AfterEach
    void killFakeReplica() throws InterruptedException {
        replica.kill();
    }

    @Test
    void aStoppedReplicaShutsDownGracefullyAndStartsAgainOnTheSamePorts() throws Exception {
        assertTrue(replica.awaitReady(READY), "ready on " + replica.spec().managementUrl());

        assertTrue(replica.stop(Duration.ofSeconds(10)), "ended by itself within the grace period");
        assertFalse(replica.isAlive());
        assertEquals(1, count(FakeService.GRACEFUL, 1), "SIGTERM ran the shutdown hook");

        replica.restart();
        assertTrue(replica.awaitReady(READY), "ready again on " + replica.spec().managementUrl());
        assertEquals(2, count(FakeService.STARTED, 2), "the same log goes on");
        assertTrue(Files.readString(replica.workDir().resolve("config/application.properties"))
                .contains("quarkus.management.port=" + replica.spec().managementPort()));
    }

    @Test
    void aReplicaRestartedWithMoreEnvironmentKeepsItFromThenOn() throws Exception {
        assertTrue(replica.awaitReady(READY));
        replica.stop(Duration.ofSeconds(10));
        replica.addEnvironment(java.util.Map.of(FakeService.MARK, "5s"));
        replica.restart();
        assertTrue(replica.awaitReady(READY));
        assertEquals(1, count(FakeService.MARK + "=5s", 1), "the second start got the variable");
        replica.stop(Duration.ofSeconds(10));
        replica.restart();
        assertTrue(replica.awaitReady(READY));
        assertEquals(2, count(FakeService.MARK + "=5s", 2), "and the third one too");
    }

    @Test
    void aKilledReplicaGetsNoGracefulShutdownAndStartsAgain() throws Exception {
        assertTrue(replica.awaitReady(READY));

        replica.kill();
        assertFalse(replica.isAlive());
        assertFalse(replica.awaitReady(Duration.ofSeconds(1)), "a dead process is not ready");

        replica.restart();
        assertTrue(replica.awaitReady(READY));
        replica.stop(Duration.ofSeconds(10));
        assertEquals(1, count(FakeService.GRACEFUL, 1), "only the stop after the restart ran the hook, not the kill");
    }

    @Test
    void aRunningReplicaIsNotStartedTwice() throws Exception {
        assertTrue(replica.awaitReady(READY));

        IllegalStateException refused = assertThrows(IllegalStateException.class, replica::restart);
        assertEquals("payment-service-1 is still running", refused.getMessage());
        assertTrue(replica.stop(Duration.ofSeconds(10)));
        assertTrue(replica.stop(Duration.ofSeconds(10)), "stopping a stopped replica is a no-op");
    }

    @Test
    void aReplicaThatWasNeverStartedCannotBeRestarted() {
        ServiceProcess never = new ServiceProcess(new ServiceSpec("binding-service", 8082, "binding"), runDir);

        IllegalStateException refused = assertThrows(IllegalStateException.class, never::restart);
        assertEquals("binding-service was never started", refused.getMessage());
        assertFalse(never.isAlive());
    }

    @Test
    void aReplicaWhosePortIsHeldAMomentIsStartedAgainUntilItIsReady() throws Exception {
        assertTrue(replica.awaitReady(READY));
        replica.kill();
        ServerSocket holder = hold(replica.spec().managementPort());
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(1_500);
                holder.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        assertTrue(replica.restartUntilReady(READY, 10, Duration.ofMillis(300)), "ready once the port was free");
        assertTrue(Files.readString(replica.log()).contains("BindException"), "a launch found the port taken");
        assertEquals(2, count(FakeService.STARTED, 2), "started once at first, once after the port was free");
    }

    @Test
    void aReplicaWhosePortStaysTakenIsGivenUpAfterItsLaunches() throws Exception {
        assertTrue(replica.awaitReady(READY));
        replica.kill();
        try (ServerSocket holder = hold(replica.spec().managementPort())) {
            assertFalse(replica.restartUntilReady(READY, 2, Duration.ofMillis(100)));
            assertFalse(replica.isAlive());
        }
    }

    @Test
    void aClosedReplicaIsNeverStartedAgain() throws Exception {
        assertTrue(replica.awaitReady(READY));

        assertTrue(replica.close(Duration.ofSeconds(10)));
        IllegalStateException refused = assertThrows(IllegalStateException.class, replica::restart);
        assertEquals("the stack is stopped; payment-service-1 stays down", refused.getMessage());
        assertFalse(replica.isAlive());
    }

    private static ServerSocket hold(int port) throws IOException {
        ServerSocket holder = new ServerSocket();
        holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return holder;
    }

    /** How often {@code line} is in the log, once it is there {@code atLeast} times or 5 s have passed. */
    private long count(String line, int atLeast) throws IOException, InterruptedException {
        long n = 0;
        for (int i = 0; i < 50 && n < atLeast; i++) { // the child may print just after it answers ready
            n = Files.readAllLines(replica.log(), StandardCharsets.UTF_8).stream().filter(line::equals).count();
            if (n < atLeast) {
                Thread.sleep(100);
            }
        }
        return n;
    }

    /** An API port whose management port (+1000) is free now. */
    private static int freeApiPort() throws IOException {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int management = probe.getLocalPort();
            if (management <= 1000) {
                throw new IllegalStateException("unexpected port " + management);
            }
            return management - 1000;
        }
    }
}
