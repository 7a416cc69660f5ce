package io.paygate.local;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A stand-in for a service's jar in {@link ServiceProcessTest}: reads {@code config/application.properties} from its
 * working directory as Quarkus does, answers {@code /q/health/ready} on {@code quarkus.management.port}, and says in
 * its output when it starts and when a graceful shutdown (SIGTERM) runs its shutdown hook, which SIGKILL never does.
 */
public final class FakeService {

    static final String STARTED = "fake service started";
    static final String GRACEFUL = "fake service stopping gracefully";
    /** Printed at start with its value when the environment has it (a replica started with a setting of its own). */
    static final String MARK = "PAYGATE_FAKE_MARK";

    private FakeService() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Properties config = new Properties();
        try (InputStream in = Files.newInputStream(Path.of("config/application.properties"))) {
            config.load(in);
        }
        int port = Integer.parseInt(config.getProperty("quarkus.management.port"));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.createContext("/q/health/ready", exchange -> {
            byte[] up = "{\"status\":\"UP\"}".getBytes();
            exchange.sendResponseHeaders(200, up.length);
            exchange.getResponseBody().write(up);
            exchange.close();
        });
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println(GRACEFUL);
            System.out.flush();
            server.stop(0);
        }));
        System.out.println(STARTED);
        if (System.getenv(MARK) != null) {
            System.out.println(MARK + "=" + System.getenv(MARK));
        }
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
