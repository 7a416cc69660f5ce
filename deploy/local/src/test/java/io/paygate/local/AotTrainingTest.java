package io.paygate.local;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where {@code deploy/local/train} puts its stack: two trainings on one machine, started at the same moment, never on
 * the same ports (each claims its place in another process's sight before it looks at the ports).
 */
class AotTrainingTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    @TempDir
    Path claims;
    private final List<Process> holders = new ArrayList<>();
    private final List<Integer> claimed = new ArrayList<>();

    @AfterEach
    void releaseEverything() throws Exception {
        for (Process holder : holders) {
            holder.getOutputStream().close(); // the holder exits at the end of its input
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
        }
        for (int offset : claimed) {
            AotTraining.release(offset);
        }
    }

    @Test
    void anotherTrainingsClaimOnTheDefaultPlaceMovesThisOneToTheNext() throws Exception {
        holdInAnotherProcess(AotTraining.DEFAULT_OFFSET);

        int offset = place(null).portOffset();

        assertTrue(offset > AotTraining.DEFAULT_OFFSET && (offset - AotTraining.DEFAULT_OFFSET) % AotTraining.STEP == 0,
                "the next free place, not the claimed one: " + offset);
        assertFalse(AotTraining.claim(claims, offset), "this process holds the place it took until it exits");
    }

    @Test
    void aPlaceWhosePortIsTakenIsPassedOverAndItsClaimGivenUp() throws Exception {
        int offset;
        try (ServerSocket taken = new ServerSocket()) {
            try {
                taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 8081 + AotTraining.DEFAULT_OFFSET));
            } catch (IOException e) {
                // another process holds it: taken either way
            }
            offset = place(null).portOffset();
        }

        assertNotEquals(AotTraining.DEFAULT_OFFSET, offset);
        assertTrue(AotTraining.claim(claims, AotTraining.DEFAULT_OFFSET), "the passed-over place was released");
        claimed.add(AotTraining.DEFAULT_OFFSET);
    }

    /**
     * The kernel hands out free ports from 32768 up (Linux's ephemeral range); a training whose PostgreSQL was given
     * one of them once took the port its payment-service was about to bind. Every port of every place the training
     * picks by itself, its PostgreSQL's and Kafka's included, is fixed, checked and below that range.
     */
    @Test
    void everyPortOfEveryPlaceIsChosenAndBelowTheEphemeralRange() {
        for (int place = 0; place < AotTraining.PLACES; place++) {
            int offset = AotTraining.DEFAULT_OFFSET + place * AotTraining.STEP;
            LocalStack.Options options = AotTraining.at(ROOT, offset);
            List<Integer> ports = new ArrayList<>(List.of(options.postgresPort(), options.kafkaPort()));
            for (ServiceSpec spec : ServiceSpec.all(offset, options.replicas())) {
                ports.add(spec.port());
                ports.add(spec.managementPort());
            }
            for (int port : ports) {
                assertTrue(port > 1024 && port < 32_768, "place " + offset + " has port " + port);
            }
            assertEquals(ports.size(), ports.stream().distinct().count(), "place " + offset + " uses a port twice: " + ports);
        }
        assertEquals(8088 + 4_700, AotTraining.at(ROOT, 4_700).postgresPort());
        assertEquals(8089 + 4_700, AotTraining.at(ROOT, 4_700).kafkaPort());
    }

    @Test
    void anExplicitOffsetIsTheTrainingsPlaceAsItIs() throws Exception {
        assertEquals(4_700, place(4_700).portOffset());
    }

    @Test
    void anExplicitOffsetAnotherTrainingHoldsIsRefusedWithTheReason() throws Exception {
        holdInAnotherProcess(4_800);

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> place(4_800));
        assertEquals("another deploy/local/train is training on the ports of --port-offset 4800", refused.getMessage());
    }

    private LocalStack.Options place(Integer offset) throws IOException {
        LocalStack.Options options = AotTraining.place(ROOT, offset, claims);
        claimed.add(options.portOffset());
        return options;
    }

    /** Starts a JVM that claims {@code offset} as a training does and keeps it until its input ends. */
    private void holdInAnotherProcess(int offset) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ClaimHolder.class.getName(),
                claims.toString(), String.valueOf(offset)).redirectErrorStream(true).start();
        holders.add(holder);
        String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertEquals("claimed " + offset, line);
    }

    /** The other training: claims an offset, says so, and holds it until its standard input ends. */
    public static final class ClaimHolder {

        public static void main(String[] args) throws IOException {
            int offset = Integer.parseInt(args[1]);
            if (!AotTraining.claim(Path.of(args[0]), offset)) {
                System.out.println("not claimed " + offset);
                System.exit(1);
            }
            System.out.println("claimed " + offset);
            System.out.flush();
            while (System.in.read() != -1) {
                // hold the claim
            }
        }
    }
}
