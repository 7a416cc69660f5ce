package io.paygate.local;

import java.nio.file.Path;
import java.util.List;

/** One service of the local stack: its module, port and database (CONTRACT §0). */
record ServiceSpec(String name, int port, String database) {

    static final List<ServiceSpec> ALL = List.of(
            new ServiceSpec("payment-service", 8081, "payment"),
            new ServiceSpec("binding-service", 8082, "binding"),
            new ServiceSpec("notification-service", 8083, "notification"));

    /** The service's runnable jar, built by {@code ./mvnw package}. */
    Path jar(Path repoRoot) {
        return repoRoot.resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
    }

    String baseUrl() {
        return "http://localhost:" + port;
    }
}
