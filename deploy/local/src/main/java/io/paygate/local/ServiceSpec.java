package io.paygate.local;

import java.nio.file.Path;
import java.util.List;

/** One service of the local stack: its module, port and database (CONTRACT §0). */
public record ServiceSpec(String name, int port, String database) {

    /** The three services on their contract ports (8081–8083). */
    static final List<ServiceSpec> ALL = all(0);

    /** The three services with their ports moved by {@code offset} (a second stack beside a running one). */
    static List<ServiceSpec> all(int offset) {
        return List.of(
                new ServiceSpec("payment-service", 8081 + offset, "payment"),
                new ServiceSpec("binding-service", 8082 + offset, "binding"),
                new ServiceSpec("notification-service", 8083 + offset, "notification"));
    }

    /** The service's runnable jar, built by {@code ./mvnw package}. */
    Path jar(Path repoRoot) {
        return repoRoot.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }
}
