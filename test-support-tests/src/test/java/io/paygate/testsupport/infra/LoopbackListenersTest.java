package io.paygate.testsupport.infra;

import io.paygate.testsupport.net.Listeners;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: the local stack listens on loopback only (docs/contract.md §8), its embedded Kafka broker and PostgreSQL
 * included. Kafka's test kit binds its broker and controller listeners on every interface by itself; the broker must
 * come up with all of them on 127.0.0.1 and still work.
 */
@EnabledOnOs(OS.LINUX) // reads this JVM's sockets from /proc
class LoopbackListenersTest {

    @Test
    void everyListenerOfTheBrokerIsOnLoopback() throws Exception {
        for (boolean secured : new boolean[] {false, true}) {
            List<String> before = Listeners.listeningSocketsOfThisJvm();
            try (EmbeddedKafkaBroker broker = secured ? EmbeddedKafkaBroker.startSecured(null)
                    : EmbeddedKafkaBroker.start(null, 0)) {
                broker.createTopics("loopback-" + secured);
                List<String> listening = Listeners.listeningSocketsOfThisJvm();
                listening.removeAll(before);
                assertTrue(listening.size() >= 3, "the proxy, the broker's and the controller's listeners: " + listening);
                for (String socket : listening) {
                    assertTrue(Listeners.isLoopback(socket), (secured ? "secured" : "plaintext")
                            + " broker listens beyond loopback on " + socket + " (all: " + listening + ")");
                }
                // the local stack keeps callbacks away from every one of them (docs/contract.md §6, §8)
                Set<Integer> ports = new TreeSet<>();
                listening.forEach(socket -> ports.add(Integer.parseInt(socket.substring(socket.indexOf(':') + 1), 16)));
                assertEquals(ports, new TreeSet<>(broker.ports()), (secured ? "secured" : "plaintext")
                        + ": every port the broker listens on, and no other");
            }
        }
    }

    @Test
    void postgresAnswersOnLoopbackOnly() throws Exception {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start()) {
            assertTrue(Listeners.accepts(InetAddress.getLoopbackAddress(), postgres.port()));
            Optional<InetAddress> outside = Listeners.nonLoopbackAddress();
            if (outside.isPresent()) {
                assertFalse(Listeners.accepts(outside.get(), postgres.port()), "PostgreSQL answers on " + outside.get());
            }
        }
    }

    @Test
    void readsProcAddressesAsLoopbackOrNot() {
        assertTrue(Listeners.isLoopback("0100007F:1F90"));
        assertTrue(Listeners.isLoopback("0100007F:1F90".replace("0100007F", "0302017F")));
        assertTrue(Listeners.isLoopback("00000000000000000000000001000000:1F90"));
        assertTrue(Listeners.isLoopback("0000000000000000FFFF00000100007F:1F90"));
        assertFalse(Listeners.isLoopback("00000000:1F90"));
        assertFalse(Listeners.isLoopback("00000000000000000000000000000000:1F90"));
        assertFalse(Listeners.isLoopback("020200C0:1F90"));
    }
}
