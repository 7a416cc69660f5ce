package io.paygate.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code deploy/local/train}: writes every service's AOT cache from a training run. The three services start from
 * their built {@code quarkus-app} on an embedded PostgreSQL and Kafka (the local stack, {@link AotCache#TRAIN}) with
 * the JVM options they run with, {@link TrainingWorkload} drives them through their real paths, and they are
 * stopped with SIGTERM: each JVM writes its cache at exit. With {@code --check}, the stack is then started once
 * with the new caches and {@code -XX:AOTMode=on}, which fails unless every cache is usable.
 */
public final class AotTraining {

    static final String USAGE = """
            usage: deploy/local/train [--port-offset N] [--rounds N] [--check]
              --port-offset N  the training stack's services on 8081+N… (default 33000: 41081-41083, 42081-42083)
              --rounds N       payments of each kind the workload makes (default 6)
              --check          then start the stack once with the new caches (-XX:AOTMode=on) and stop it
            Environment: PAYGATE_SERVICE_JAVA_OPTS, the services' JVM options (the caches are trained with them).""";

    private AotTraining() {
    }

    /**
     * The options, or the same with the next offsets (+100 each) when a port of the stack is taken: its ports are in the
     * kernel's ephemeral range, where any client may hold one for a while.
     */
    static LocalStack.Options freePorts(LocalStack.Options options) {
        LocalStack.Options tried = options;
        for (int attempt = 0; attempt < 10; attempt++) {
            if (LocalStack.preflight(tried).stream().noneMatch(p -> p.startsWith("port "))) {
                return tried;
            }
            tried = LocalStack.Options.forTests(options.repoRoot(), tried.portOffset() + 100, options.extraConfig());
        }
        return options; // launch() says which port is taken
    }

    public static void main(String[] args) throws Exception {
        int offset = 33_000;
        int rounds = 6;
        boolean check = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port-offset" -> offset = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--check" -> check = true;
                default -> {
                    System.err.println(USAGE);
                    System.exit(2);
                }
            }
        }
        Path root = Path.of(System.getProperty("paygate.home", ".")).toAbsolutePath().normalize();
        LocalStack.Options options = freePorts(LocalStack.Options.forTests(root, offset, TrainingWorkload.CONFIG));
        long t0 = System.nanoTime();
        FileTime startedAt = FileTime.fromMillis(System.currentTimeMillis() - 1000);
        System.out.println("AOT training with " + String.join(" ", options.serviceJvmOptions()) + " ("
                + Runtime.version() + ")");
        LocalStack stack = LocalStack.launch(options.withAotCache(AotCache.TRAIN));
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
