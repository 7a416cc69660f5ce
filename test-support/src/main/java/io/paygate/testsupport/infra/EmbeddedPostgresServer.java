package io.paygate.testsupport.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A real PostgreSQL server (zonky's embedded binaries) running as a child process of this JVM.
 * Used by the Quarkus test resource and by the local stack launcher; one server, one database per
 * service or per test class.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";
    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
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
        try {
            // A throw-away cluster need not survive a crash; a kept one must (zonky's defaults turn
            // synchronous_commit off, which would lose recently committed payments on a crash). Benchmarks ask for a
            // durable throw-away one with -Dpaygate.pg.durable=true, to measure what production pays for commits.
            boolean durable = dataDir != null || Boolean.getBoolean("paygate.pg.durable");
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", durable ? "on" : "off")
                    .setServerConfig("synchronous_commit", durable ? "on" : "off")
                    .setServerConfig("timezone", "UTC");
            String profile = System.getProperty("paygate.pg.profile");
            if (profile != null && !profile.isBlank()) {
                // Benchmarks only (bench/README.md): statement statistics, and the plans of statements over 8 ms
                // with their actual rows and buffers, written to log files in the given directory.
                builder.setServerConfig("shared_preload_libraries", "pg_stat_statements,auto_explain")
                        .setServerConfig("auto_explain.log_min_duration", "8ms")
                        .setServerConfig("auto_explain.log_analyze", "on")
                        .setServerConfig("auto_explain.log_buffers", "on")
                        .setServerConfig("logging_collector", "on")
                        .setServerConfig("log_directory", profile);
            }
            if (port > 0) {
                builder.setPort(port);
            }
            if (dataDir != null) {
                builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
            }
            return new EmbeddedPostgresServer(builder.start());
        } catch (IOException e) {
            throw new IllegalStateException("Could not start embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    public int port() {
        return postgres.getPort();
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
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
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

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new IllegalStateException("Could not stop embedded PostgreSQL: " + e.getMessage(), e);
        }
    }
}
