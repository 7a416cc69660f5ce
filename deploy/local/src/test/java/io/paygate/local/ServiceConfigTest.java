package io.paygate.local;

import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configuration each process of a stack with replicas gets (docs/contract.md §8). */
class ServiceConfigTest {

    static final String PROVIDER_SECRET = "provider-key-of-this-run";
    static final ServiceConfig CONFIG = new ServiceConfig(db -> "jdbc:postgresql://127.0.0.1:15432/" + db,
            "127.0.0.1:39092", "internal-token-of-this-run", "event-key-of-this-run", PROVIDER_SECRET,
            List.of("gateway.notification.retry.delays=1s", "gateway.payment.public-base-url=https://pay.example"));
    static final List<ServiceSpec> PROCESSES = ServiceSpec.all(0, 3);
    static final List<ServiceSpec> FIRSTS = ServiceSpec.all(0);

    @Test
    void everyReplicaGetsTheFirstOnesLinesExceptItsOwnTwoPorts() {
        for (int service = 0; service < FIRSTS.size(); service++) {
            ServiceSpec first = PROCESSES.get(service);
            ServiceSpec third = PROCESSES.get(2 * FIRSTS.size() + service);
            List<String> firstLines = CONFIG.lines(first, FIRSTS);
            List<String> thirdLines = CONFIG.lines(third, FIRSTS);

            assertEquals(withoutPorts(firstLines), withoutPorts(thirdLines), third.id());
            assertTrue(thirdLines.contains("quarkus.http.port=" + (first.port() + 20)), third.id());
            assertTrue(thirdLines.contains("quarkus.management.port=" + (first.port() + 1020)), third.id());
            assertFalse(thirdLines.contains("quarkus.http.port=" + first.port()), third.id());
        }
    }

    @Test
    void everyReplicaUsesTheSameDatabaseBrokerAndKeys() {
        List<String> lines = CONFIG.lines(PROCESSES.get(6), FIRSTS); // binding-service, replica 1

        assertTrue(lines.contains("quarkus.datasource.jdbc.url=jdbc:postgresql://127.0.0.1:15432/binding"));
        assertTrue(lines.contains("kafka.bootstrap.servers=127.0.0.1:39092"));
        assertTrue(lines.contains("gateway.internal.token=internal-token-of-this-run"));
        assertTrue(lines.contains("gateway.events.signing-key=event-key-of-this-run"));
    }

    @Test
    void linksAndTheBindingsClientNameTheFirstReplicaAsThePublicAddress() {
        List<String> payment2 = CONFIG.lines(PROCESSES.get(10), FIRSTS);
        List<String> binding1 = CONFIG.lines(PROCESSES.get(6), FIRSTS);

        assertTrue(payment2.contains("gateway.payment.public-base-url=http://localhost:8081"));
        assertTrue(payment2.contains("quarkus.rest-client.bindings.url=http://localhost:8082"));
        assertTrue(binding1.contains("gateway.binding.public-base-url=http://localhost:8082"));
        // {base_url} of the SNAP paths is payment-service's: it forwards the merchants' SNAP keys (no Ingress here)
        assertTrue(payment2.contains("gateway.payment.snap-public-keys-from=http://localhost:8083"));
        // a new payout is held first at ledger-service, which asks payment-service back (docs/contract.md §12): each
        // at the other's replica of its own number, so one replica away refuses only its partner's calls
        assertTrue(payment2.contains("quarkus.rest-client.ledger.url=http://localhost:8105"));
        assertTrue(CONFIG.lines(PROCESSES.get(0), FIRSTS)
                .contains("quarkus.rest-client.ledger.url=http://localhost:8085"));
        List<String> ledger2 = CONFIG.lines(PROCESSES.get(14), FIRSTS);
        assertTrue(ledger2.contains("gateway.ledger.payment-service-url=http://localhost:8101"), ledger2.toString());
        assertTrue(ledger2.contains("quarkus.datasource.jdbc.url=jdbc:postgresql://127.0.0.1:15432/ledger"));
    }

    /**
     * docs/contract.md §8, §12: the sandbox merchants start with 1,000,000,000.00 available, which ledger-service
     * alone is given (it posts each once); every replica of it gets the same lines.
     */
    @Test
    void ledgerServiceAloneGetsTheSandboxMerchantsOpeningBalances() {
        for (ServiceSpec process : PROCESSES) {
            List<String> balances = CONFIG.lines(process, FIRSTS).stream()
                    .filter(line -> line.startsWith("gateway.ledger.opening-balances.")).toList();
            List<String> expected = process.name().equals("ledger-service")
                    ? List.of("gateway.ledger.opening-balances.demo=1000000000.00",
                            "gateway.ledger.opening-balances.demo2=1000000000.00")
                    : List.of();
            assertEquals(expected, balances, process.id());
        }
    }

    @Test
    void everyPaymentReplicaChecksProviderCallbacksWithTheRunsOneKeyAndNoOtherServiceGetsIt() {
        for (ServiceSpec process : PROCESSES) {
            List<String> secrets = CONFIG.lines(process, FIRSTS).stream()
                    .filter(line -> line.startsWith("gateway.payment.provider-secret=")).toList();
            if (process.name().equals("payment-service")) {
                assertEquals(List.of("gateway.payment.provider-secret=" + PROVIDER_SECRET), secrets, process.id());
            } else {
                assertEquals(List.of(), secrets, process.id());
            }
        }
    }

    @Test
    void setLinesComeLastSoThatTheyWin() {
        List<String> lines = CONFIG.lines(PROCESSES.get(3), FIRSTS);

        assertEquals(List.of("gateway.notification.retry.delays=1s", "gateway.payment.public-base-url=https://pay.example"),
                lines.subList(lines.size() - 2, lines.size()));
    }

    @Test
    void keysAreFreshRandom43CharacterBase64Url() {
        String one = ServiceConfig.newKey();
        String two = ServiceConfig.newKey();

        assertEquals(43, one.length());
        assertTrue(one.matches("[A-Za-z0-9_-]{43}"), one);
        assertNotEquals(one, two);
    }

    @Test
    void itsTextNamesNoKeyOrToken() {
        String text = CONFIG.toString();

        assertFalse(text.contains(PROVIDER_SECRET));
        assertFalse(text.contains("internal-token-of-this-run"));
        assertFalse(text.contains("event-key-of-this-run"));
    }

    /** The lines but the process's own ports and the partner replica it calls (payment- and ledger-service). */
    private static Set<String> withoutPorts(List<String> lines) {
        return lines.stream()
                .filter(line -> !line.startsWith("quarkus.http.port=") && !line.startsWith("quarkus.management.port=")
                        && !line.startsWith("quarkus.rest-client.ledger.url=")
                        && !line.startsWith("gateway.ledger.payment-service-url="))
                .collect(Collectors.toSet());
    }

    /**
     * docs/contract.md §8, §10: every process holds the run's one merchant encryption key; merchant-service seeds the
     * registry with the sandbox merchants' every member (the gateway's SNAP signing keys too), demo's fees and the
     * settlement delay, which no other service is given.
     */
    @Test
    void everyProcessHoldsTheRunsEncryptionKeyAndMerchantServiceAloneTheRegistrysSeed() {
        String key = null;
        for (ServiceSpec process : PROCESSES) {
            List<String> lines = CONFIG.lines(process, FIRSTS);
            String line = lines.stream().filter(l -> l.startsWith("gateway.merchants.encryption-key=")).findFirst()
                    .orElseThrow();
            key = key == null ? line : key;
            assertEquals(key, line, process.id());
            boolean registry = process.name().equals("merchant-service");
            assertEquals(registry, lines.contains("gateway.merchants.demo.fees=" + SandboxMerchants.DEMO_FEES),
                    process.id());
            assertEquals(registry, lines.contains("gateway.merchants.demo2.settlement-delay-days=1"), process.id());
            if (registry) {
                assertTrue(lines.contains("quarkus.datasource.jdbc.url=jdbc:postgresql://127.0.0.1:15432/merchant"));
                assertTrue(lines.contains("gateway.ops.token=" + SandboxMerchants.OPS_TOKEN));
                assertTrue(lines.stream().anyMatch(l -> l.startsWith("gateway.merchants.demo.snap.signing-key=")));
            }
        }
        assertEquals(44, key.length() - "gateway.merchants.encryption-key=".length(), "base64 of 32 bytes");
    }
}
