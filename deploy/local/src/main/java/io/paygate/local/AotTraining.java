package io.paygate.local;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code deploy/local/train}: writes every service's AOT cache from a training run. The five services start from
 * their built {@code quarkus-app} on an embedded PostgreSQL and Kafka (the local stack, {@link AotCache#TRAIN}) with
 * the JVM options they run with, {@link TrainingWorkload} drives them through their real paths, and they are
 * stopped with SIGTERM: each JVM writes its cache at exit. With {@code --check}, the stack is then started once
 * with the new caches and {@code -XX:AOTMode=on}, which fails unless every cache is usable.
 */
public final class AotTraining {

    /**
     * Where a training started on its own puts its stack: 30081-30083 and 31081-31083, its PostgreSQL on 30088 and its
     * Kafka on 30089, beside a stack on 8081-8083. Every place is below the kernel's ephemeral range (32768-60999 on
     * Linux), where a port is anybody's: a training there once lost its payment-service port to its own PostgreSQL,
     * which had been given that port as a free one after the place was checked.
     */
    static final int DEFAULT_OFFSET = 22_000;
    /**
     * The training's PostgreSQL and Kafka sit at these ports plus its offset (its SMTP server and reader at 8086 and
     * 8087 plus it): in its place, never a replica's (8081 + 10·k …).
     */
    static final int POSTGRES_PORT = 8088;
    static final int KAFKA_PORT = 8089;
    /** How far apart two trainings on one machine sit, and how many places a training tries. */
    static final int STEP = 100;
    static final int PLACES = 10;

    static final String USAGE = """
            usage: deploy/local/train [--port-offset N] [--rounds N] [--check]
              --port-offset N  the training stack's services on 8081+N…, its PostgreSQL on 8088+N and Kafka on 8089+N,
                               exactly there (deploy/local/run passes its own); default: 30081-30083 and 31081-31083
                               (N = 22000), or the next place (N + 100, …) that is free and that no other training on
                               this machine has claimed
              --rounds N       payments of each kind the workload makes (default 6)
              --check          then start the stack once with the new caches (-XX:AOTMode=on) and stop it
            Environment: PAYGATE_SERVICE_JAVA_OPTS, the services' JVM options (the caches are trained with them).""";

    /** The offsets this process has claimed, each by a lock on its file: a training's ports are its own until it exits. */
    private static final Map<Integer, FileChannel> CLAIMS = new HashMap<>();

    private AotTraining() {
    }

    /**
     * The training stack's options. An explicit {@code portOffset} is used as it is, once this process has claimed it
     * (two trainings on one offset would take each other's ports); without one, the first of {@link #PLACES} offsets
     * from {@link #DEFAULT_OFFSET}, {@link #STEP} apart, that no other training has claimed and whose ports are free
     * (services, PostgreSQL and Kafka alike: none is left to the kernel to choose, so none can land on another's). A claim is a lock on a file in
     * {@code claims} held until this process exits, so two trainings started at the same moment never pick one place
     * (a port check alone would pass for both: the services bind their ports only seconds later).
     *
     * @throws IllegalStateException when the explicit offset is claimed by another training, or no place is left
     */
    static LocalStack.Options place(Path root, Integer portOffset, Path claims) throws IOException {
        if (portOffset != null) {
            if (!claim(claims, portOffset)) {
                throw new IllegalStateException("another deploy/local/train is training on the ports of --port-offset "
                        + portOffset);
            }
            return at(root, portOffset);
        }
        for (int place = 0; place < PLACES; place++) {
            int offset = DEFAULT_OFFSET + place * STEP;
            LocalStack.Options options = at(root, offset);
            if (claim(claims, offset)) {
                if (LocalStack.preflight(options).stream().noneMatch(p -> p.startsWith("port "))) {
                    return options;
                }
                release(offset);
            }
        }
        throw new IllegalStateException("no free place for the training stack: port offsets " + DEFAULT_OFFSET + " to "
                + (DEFAULT_OFFSET + (PLACES - 1) * STEP) + " are taken or claimed by other trainings (--port-offset N "
                + "picks one)");
    }

    /** The training stack at {@code offset}: its services, PostgreSQL and Kafka all on ports of that place. */
    static LocalStack.Options at(Path root, int offset) {
        return LocalStack.Options.forTests(root, offset, TrainingWorkload.CONFIG)
                .withBackingPorts(POSTGRES_PORT + offset, KAFKA_PORT + offset)
                .withMailPorts(LocalStack.Options.SMTP_PORT + offset, LocalStack.Options.MAIL_READER_PORT + offset);
    }

    /** Claims {@code offset} for this process: false when another process (or this one) holds it. */
    static synchronized boolean claim(Path claims, int offset) throws IOException {
        if (CLAIMS.containsKey(offset)) {
            return false;
        }
        Files.createDirectories(claims);
        FileChannel channel;
        try {
            channel = FileChannel.open(claims.resolve("paygate-aot-training-" + offset + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (AccessDeniedException e) {
            return false; // another user's training made it
        }
        try {
            if (channel.tryLock() != null) {
                CLAIMS.put(offset, channel);
                return true;
            }
        } catch (OverlappingFileLockException e) {
            // held in this process through another channel
        }
        channel.close();
        return false;
    }

    /** Gives up this process's claim on {@code offset}, if it holds one (closing the file releases its lock). */
    static synchronized void release(int offset) throws IOException {
        FileChannel channel = CLAIMS.remove(offset);
        if (channel != null) {
            channel.close();
        }
    }

    public static void main(String[] args) throws Exception {
        Integer offset = null;
        int rounds = 6;
        boolean check = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--port-offset" -> offset = Integer.parseInt(args[++i]);
                    case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                    case "--check" -> check = true;
                    case "-h", "--help" -> {
                        System.out.println(USAGE);
                        System.exit(0);
                    }
                    default -> throw new IllegalArgumentException(args[i]);
                }
            }
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path root = Path.of(System.getProperty("paygate.home", ".")).toAbsolutePath().normalize();
        LocalStack.Options options;
        try {
            options = place(root, offset, Path.of(System.getProperty("java.io.tmpdir")));
        } catch (IllegalStateException e) {
            System.err.println("deploy/local/train: " + e.getMessage());
            System.exit(1);
            return;
        }
        long t0 = System.nanoTime();
        FileTime startedAt = FileTime.fromMillis(System.currentTimeMillis() - 1000);
        System.out.println("AOT training with " + String.join(" ", options.serviceJvmOptions()) + " ("
                + Runtime.version() + ")");
        LocalStack stack;
        try {
            stack = LocalStack.launch(options.withAotCache(AotCache.TRAIN));
        } catch (IllegalStateException e) {
            System.err.println("deploy/local/train: " + e.getMessage());
            System.exit(1);
            return;
        }
        try {
            new TrainingWorkload(stack, rounds).run();
        } finally {
            stack.stop(); // SIGTERM: the caches are written now
        }
        List<String> missing = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            Path cache = AotCache.file(spec, root);
            if (!Files.isRegularFile(cache) || Files.getLastModifiedTime(cache).compareTo(startedAt) < 0) {
                missing.add(spec.name());
            } else {
                System.out.printf("  %-21s %s (%d MiB)%n", spec.name(), cache, Files.size(cache) >> 20);
            }
        }
        if (!missing.isEmpty()) {
            System.err.println("no new AOT cache for " + missing + "; see the training logs above");
            System.exit(1);
        }
        System.out.printf("trained in %.0f s%n", (System.nanoTime() - t0) / 1e9);
        if (check) {
            long t1 = System.nanoTime();
            LocalStack.launch(options.withAotCache(AotCache.USE)).stop();
            System.out.printf("the caches load (-XX:AOTMode=on): stack up and down in %.0f s%n", (System.nanoTime() - t1) / 1e9);
        }
        System.exit(0);
    }
}
