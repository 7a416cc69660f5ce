package io.paygate.testsupport.quarkus;

import io.paygate.testsupport.infra.EmbeddedMailServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Quarkus test resource: a real SMTP server for the service under test, and Quarkus Mailer pointed at it with its
 * mock off ({@code quarkus.mailer.mock=false}: the mail really leaves over SMTP). One server per test JVM, started on
 * first use and stopped when the JVM exits; tests read what it received through {@link #server()} (each test its own
 * recipient addresses, since the server outlives one test class).
 *
 * <pre>{@code @WithTestResource(MailResource.class)}</pre>
 */
public class MailResource implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedMailServer server;

    /** The JVM-wide server, started on first use. */
    public static synchronized EmbeddedMailServer server() {
        if (server == null) {
            server = EmbeddedMailServer.start();
            EmbeddedMailServer started = server;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-mail-stop"));
        }
        return server;
    }

    @Override
    public Map<String, String> start() {
        return Map.of(
                "quarkus.mailer.mock", "false",
                "quarkus.mailer.host", server().host(),
                "quarkus.mailer.port", String.valueOf(server().port()),
                "quarkus.mailer.start-tls", "DISABLED");
    }

    @Override
    public void stop() {
        // The server outlives one Quarkus application: other test classes in this JVM reuse it.
    }
}
