package io.paygate.testsupport.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server (zonky's embedded binaries) running as a child process of this JVM.
 * Used by the Quarkus test resource and by the local stack launcher; one server, one database per
 * service or per test class. Outage tests {@link #stop()} it (a fast shutdown: clients are disconnected, new
 * connections refused) and {@link #restart()} it on the same port with the same data.
 * <p>
 * zonky's own shutdown hook is off: it would stop the server at JVM exit in parallel with the owner's hook, while the
 * services that use it are still stopping. Whoever starts a server stops it ({@link #close()}), in its own order.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";
    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

    private final int port;
    private final Path dataDir;
    private final boolean durable;
    /** Removed on close: a directory this class created for a throw-away server. */
    private final boolean temporary;
    /** Null while stopped. */
    private EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDir, boolean durable, boolean temporary) {
        this.postgres = postgres;
        this.port = postgres.getPort();
        this.dataDir = dataDir;
        this.durable = durable;
        this.temporary = temporary;
    }

    /** Starts a throw-away server on a free port with its data in a fresh temporary directory. */
    public static EmbeddedPostgresServer start() {
        return start(0, null);
    }

    /**
     * Starts a server.
     *
     * @param port    TCP port on 127.0.0.1, or 0 for a free one
     * @param dataDir where the cluster lives; {@code null} for a temporary directory removed on close.
     *                An existing cluster in {@code dataDir} is reused, so data survives restarts.
     */
    public static EmbeddedPostgresServer start(int port, Path dataDir) {
        // A throw-away cluster need not survive a crash; a kept one must (zonky's defaults turn
        // synchronous_commit off, which would lose recently committed payments on a crash). Benchmarks ask for a
        // durable throw-away one with -Dpaygate.pg.durable=true, to measure what production pays for commits.
        boolean durable = dataDir != null || Boolean.getBoolean("paygate.pg.durable");
        boolean temporary = dataDir == null;
        try {
            // zonky removes a temporary directory of its own on every stop; ours survives stop() and restart().
            Path dir = temporary ? Files.createTempDirectory("paygate-pg-") : dataDir;
            return new EmbeddedPostgresServer(launch(port, dir, durable), dir, durable, temporary);
        } catch (IOException e) {
            throw new IllegalStateException("Could not start embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    private static EmbeddedPostgres launch(int port, Path dataDir, boolean durable) throws IOException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "300")
                .setServerConfig("fsync", durable ? "on" : "off")
                .setServerConfig("synchronous_commit", durable ? "on" : "off")
                .setServerConfig("timezone", "UTC");
        String profile = System.getProperty("paygate.pg.profile");
        if (profile != null && !profile.isBlank()) {
            // Benchmarks only (bench/README.md): statement statistics, the plans of statements over 8 ms with their
            // actual rows and buffers, lock waits over 5 ms, every autovacuum and checkpoint, written to log files in
            // the given directory.
            builder.setServerConfig("shared_preload_libraries", "pg_stat_statements,auto_explain")
                    .setServerConfig("auto_explain.log_min_duration", "8ms")
                    .setServerConfig("auto_explain.log_analyze", "on")
                    .setServerConfig("auto_explain.log_buffers", "on")
                    .setServerConfig("logging_collector", "on")
                    .setServerConfig("log_directory", profile)
                    .setServerConfig("log_autovacuum_min_duration", "0")
                    .setServerConfig("log_lock_waits", "on")
                    .setServerConfig("deadlock_timeout", "5ms")
                    .setServerConfig("log_checkpoints", "on");
        }
        if (port > 0) {
            builder.setPort(port);
        }
        // An existing cluster in dataDir is reused (zonky runs initdb only where there is none).
        return builder.setDataDirectory(dataDir).setCleanDataDirectory(false).setRegisterShutdownHook(false).start();
    }

    /**
     * Stops the server as an outage would (pg_ctl's fast shutdown: sessions are ended, their transactions rolled
     * back, new connections refused); the data stays for {@link #restart()}. Does nothing when already stopped.
     */
    public synchronized void stop() {
        if (postgres == null) {
            return;
        }
        try {
            postgres.close();
        } catch (IOException e) {
            throw new IllegalStateException("Could not stop embedded PostgreSQL: " + e.getMessage(), e);
        } finally {
            postgres = null;
        }
    }

    /** Starts a {@link #stop() stopped} server again on the same port with the same data; does nothing if running. */
    public synchronized void restart() {
        if (postgres != null) {
            return;
        }
        try {
            postgres = launch(port, dataDir, durable);
        } catch (IOException e) {
            throw new IllegalStateException("Could not restart embedded PostgreSQL on port " + port + ": "
                    + e.getMessage(), e);
        }
    }

    /** Whether the server runs (not {@link #stop() stopped}). */
    public synchronized boolean running() {
        return postgres != null;
    }

    public int port() {
        return port;
    }

    /** JDBC URL of {@code database} on this server. */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /** Creates {@code database} unless it exists; returns its JDBC URL. */
    public String createDatabase(String database) {
        Objects.requireNonNull(database, "database");
        if (!DATABASE_NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("Not a plain database name: " + database);
        }
        EmbeddedPostgres running;
        synchronized (this) {
            running = Objects.requireNonNull(postgres, "the server is stopped");
        }
        try (Connection connection = running.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            try (ResultSet rs = statement.executeQuery(
                    "SELECT 1 FROM pg_database WHERE datname = '" + database + "'")) {
                if (!rs.next()) {
                    statement.execute("CREATE DATABASE " + database);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create database " + database + ": " + e.getMessage(), e);
        }
        return jdbcUrl(database);
    }

    /** Stops the server; a throw-away one's data is removed. */
    @Override
    public synchronized void close() {
        stop();
        if (temporary) {
            try (Stream<Path> paths = Files.walk(dataDir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new IllegalStateException("Could not remove " + dataDir + ": " + e.getMessage(), e);
            }
        }
    }
}
