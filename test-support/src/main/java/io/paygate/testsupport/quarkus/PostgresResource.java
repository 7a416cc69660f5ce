package io.paygate.testsupport.quarkus;

import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Quarkus test resource: a real PostgreSQL for the service under test. One server per test JVM
 * (started on first use, stopped when the JVM exits); each resource start gets its own database,
 * named by the init argument {@code database} (default {@code paygate}).
 *
 * <pre>{@code @WithTestResource(PostgresResource.class)}</pre>
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedPostgresServer server;
    private String database = "paygate";

    /** The JVM-wide server, started on first use. */
    public static synchronized EmbeddedPostgresServer server() {
        if (server == null) {
            server = EmbeddedPostgresServer.start();
            EmbeddedPostgresServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-postgres-stop"));
        }
        return server;
    }

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
    }

    @Override
    public Map<String, String> start() {
        String url = server().createDatabase(database);
        return Map.of(
                "quarkus.datasource.jdbc.url", url,
                "quarkus.datasource.username", EmbeddedPostgresServer.USER,
                "quarkus.datasource.password", EmbeddedPostgresServer.PASSWORD);
    }

    @Override
    public void stop() {
        // The server outlives one Quarkus application: other test classes in this JVM reuse it.
    }
}
