package io.paygate.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One process of a service in the local stack: its module, port, database and which replica it is (docs/contract.md §0,
 * §8). Replica 0 is on the service's port; replica k on that port + {@value #REPLICA_PORT_STEP}·k.
 */
public record ServiceSpec(String name, int port, String database, int replica) {

    /** Replica k of a service listens on the first one's port + this·k (8091–8095, 8101–8105, …). */
    static final int REPLICA_PORT_STEP = 10;
    /**
     * At most this many processes per service: replica 9 would take 8171–8175 and a tenth 8181–8185, the ports of a
     * stack started beside this one with {@code --port-offset 100}.
     */
    static final int MAX_REPLICAS = 9;

    /** The first (or only) process of a service. */
    public ServiceSpec(String name, int port, String database) {
        this(name, port, database, 0);
    }

    /** The five services on their contract ports (8081–8085). */
    static final List<ServiceSpec> ALL = all(0);

    /** The five services with their ports moved by {@code offset} (a second stack beside a running one). */
    static List<ServiceSpec> all(int offset) {
        return List.of(
                new ServiceSpec("payment-service", 8081 + offset, "payment"),
                new ServiceSpec("binding-service", 8082 + offset, "binding"),
                new ServiceSpec("notification-service", 8083 + offset, "notification"),
                new ServiceSpec("merchant-service", 8084 + offset, "merchant"),
                new ServiceSpec("ledger-service", 8085 + offset, "ledger"));
    }

    /**
     * Every process of a stack with {@code replicas} processes per service, replica 0 of each service first, then
     * replica 1 of each, and so on.
     */
    static List<ServiceSpec> all(int offset, int replicas) {
        checkReplicas(replicas);
        List<ServiceSpec> all = new ArrayList<>();
        for (int k = 0; k < replicas; k++) {
            for (ServiceSpec first : all(offset)) {
                all.add(first.replica(k));
            }
        }
        return List.copyOf(all);
    }

    /** Every API and management port of {@code processes}, in their order. */
    static List<Integer> ports(List<ServiceSpec> processes) {
        List<Integer> ports = new ArrayList<>();
        for (ServiceSpec process : processes) {
            ports.add(process.port());
            ports.add(process.managementPort());
        }
        return List.copyOf(ports);
    }

    /** @throws IllegalArgumentException unless 1 ≤ {@code replicas} ≤ {@value #MAX_REPLICAS} */
    static int checkReplicas(int replicas) {
        if (replicas < 1 || replicas > MAX_REPLICAS) {
            throw new IllegalArgumentException("--replicas is a number of processes per service from 1 to "
                    + MAX_REPLICAS + ", not " + replicas);
        }
        return replicas;
    }

    /** Replica {@code k} of this (first) process: the same service and database, its port + 10·k. */
    ServiceSpec replica(int k) {
        if (replica != 0) {
            throw new IllegalStateException("replicas are counted from the first process, not from " + id());
        }
        if (k < 0 || k >= MAX_REPLICAS) {
            throw new IllegalArgumentException("no replica " + k + " (0 to " + (MAX_REPLICAS - 1) + ")");
        }
        return new ServiceSpec(name, port + REPLICA_PORT_STEP * k, database, k);
    }

    /**
     * The process's name in the run directory and the banner: the service's name for replica 0
     * ({@code logs/payment-service.log}), the name and the replica's number for the others
     * ({@code logs/payment-service-1.log}).
     */
    String id() {
        return replica == 0 ? name : name + "-" + replica;
    }

    /** The service's runnable jar, built by {@code ./mvnw package}. */
    Path jar(Path repoRoot) {
        return repoRoot.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
    }

    /**
     * The service's native executable, when one was built ({@code ./mvnw package -Dquarkus.native.enabled=true}
     * writes {@code <service>/target/<service>-<version>-runner}): the newest executable file there whose name ends in
     * {@code -runner}.
     */
    Optional<Path> nativeExecutable(Path repoRoot) {
        Path target = repoRoot.resolve(name).resolve("target");
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().startsWith(name + "-")
                            && f.getFileName().toString().endsWith("-runner")
                            && Files.isRegularFile(f) && Files.isExecutable(f))
                    .max(Comparator.comparing(ServiceSpec::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Health and metrics (the Quarkus management interface): the process's port + 1000 (9081–9085, 9091–9095…). */
    public int managementPort() {
        return port + 1000;
    }

    public String managementUrl() {
        return "http://localhost:" + managementPort();
    }
}
