package io.paygate.testsupport.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * A JVM that owns an embedded PostgreSQL and stops it in its own exit hook, after a pause that stands for services
 * still stopping: writes whether the server still answered during that pause to the file named by {@code args[0]}.
 */
public final class PostgresAtExit {

    private PostgresAtExit() {
    }

    public static void main(String[] args) throws Exception {
        Path result = Path.of(args[0]);
        EmbeddedPostgresServer server = EmbeddedPostgresServer.start();
        String url = server.createDatabase("at_exit");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            String answer;
            try {
                Thread.sleep(3000); // the services stopping; anyone else's exit hook runs meanwhile
                try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.USER,
                        EmbeddedPostgresServer.PASSWORD);
                     Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
                    answer = rs.next() ? "UP" : "NO ROW";
                }
            } catch (Exception e) {
                answer = "DOWN " + e.getMessage();
            }
            try {
                Files.writeString(result, answer);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            server.close();
        }, "owner-stop"));
        System.out.println("READY");
        System.out.flush();
        Thread.currentThread().join();
    }
}
