package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: the local stack's API and management ports listened on every interface, sandbox and published ops token
 * included, and a callback could name the stack's own ports. Now every port listens on 127.0.0.1 unless
 * {@code --listen} says otherwise, and every process knows the whole stack's ports (docs/contract.md §6, §8).
 */
class LoopbackOnlyTest {

    static final List<ServiceSpec> PROCESSES = ServiceSpec.all(0, 3);
    static final List<ServiceSpec> FIRSTS = ServiceSpec.all(0);

    static ServiceConfig config(String listen) {
        return new ServiceConfig(db -> "jdbc:postgresql://127.0.0.1:15432/" + db, "127.0.0.1:39092", "internal",
                "event-key", "provider-key", List.of(), listen, ServiceSpec.ports(PROCESSES));
    }

    @Test
    void theStackListensOnLoopbackUnlessToldOtherwise() {
        assertEquals("127.0.0.1", Options.parse(new String[0]).listen());
        assertEquals("127.0.0.1", Options.forTests(Path.of("."), 0, List.of()).listen());
        assertEquals("0.0.0.0", Options.parse(new String[] {"--listen", "0.0.0.0", "--replicas", "2"}).listen());
        assertEquals("192.168.1.20", Options.parse(new String[] {"--listen", "192.168.1.20"}).listen());
        assertEquals("::", Options.parse(new String[] {"--listen", "::"}).listen());
        assertEquals("::1", Options.parse(new String[] {"--listen", "::1"}).listen());
    }

    @Test
    void theListenAddressSurvivesTheOtherOptions() {
        Options options = Options.forTests(Path.of("/repo"), 300, List.of("a=b")).withListen("0.0.0.0").withReplicas(2)
                .withKafkaSecurity(LocalStack.KafkaSecurity.SASL_SSL).withServiceJvmOptions(List.of("-Xmx64m"))
                .withAotCache(AotCache.OFF);

        assertEquals("0.0.0.0", options.listen());
        assertEquals(2, options.replicas());
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "example.com", "256.0.0.1", "1.2.3", "", "0.0.0.0:8081", "fe80::1%eth0", ":::"})
    void refusesAListenAddressThatIsNotAnIpAddress(String value) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[] {"--listen", value}));
        assertEquals("--listen is an IP address (127.0.0.1, 0.0.0.0, ::1, an interface's address), not " + value,
                refused.getMessage());
        assertEquals("--listen needs a value",
                assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--listen"}))
                        .getMessage());
    }

    @Test
    void everyProcessListensOnTheAddressItIsGiven() {
        for (ServiceSpec process : PROCESSES) {
            List<String> lines = config("127.0.0.1").lines(process, FIRSTS);
            assertTrue(lines.contains("quarkus.http.host=127.0.0.1"), process.id() + ": " + lines);
            assertTrue(lines.contains("quarkus.management.host=127.0.0.1"), process.id() + ": " + lines);

            List<String> open = config("0.0.0.0").lines(process, FIRSTS);
            assertTrue(open.contains("quarkus.http.host=0.0.0.0"), process.id());
            assertTrue(open.contains("quarkus.management.host=0.0.0.0"), process.id());
        }
        List<String> defaults = new ServiceConfig(db -> db, "k", "i", "e", "p", List.of()).lines(PROCESSES.get(0), FIRSTS);
        assertTrue(defaults.contains("quarkus.http.host=127.0.0.1"), defaults.toString());
        assertTrue(defaults.contains("quarkus.management.host=127.0.0.1"), defaults.toString());
    }

    @Test
    void everyProcessKnowsEveryApiAndManagementPortOfTheStack() {
        List<Integer> expected = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            for (int port : new int[] {8081, 8082, 8083, 8084, 8085}) {
                expected.add(port + 10 * k);
                expected.add(port + 10 * k + 1000);
            }
        }
        String line = "gateway.callbacks.gateway-ports=" + String.join(",",
                expected.stream().map(String::valueOf).toList());
        for (ServiceSpec process : PROCESSES) {
            assertTrue(config("127.0.0.1").lines(process, FIRSTS).contains(line), process.id());
        }
        assertEquals(30, ServiceSpec.ports(PROCESSES).size());
    }

    /** Issue 43: a callback could name the stack's PostgreSQL and Kafka ports; every port of the stack is listed. */
    @Test
    void theDatabaseAndEveryBrokerPortAreAmongThePortsNoCallbackMayName() {
        int offset = 300;
        List<ServiceSpec> processes = ServiceSpec.all(offset, 2);
        List<Integer> kafka = List.of(Options.KAFKA_PORT + offset, 40123, 40124);
        List<Integer> ports = LocalStack.stackPorts(processes, Options.POSTGRES_PORT + offset, kafka);
        ServiceConfig config = new ServiceConfig(db -> db, "127.0.0.1:" + (Options.KAFKA_PORT + offset), "internal",
                "event-key", "provider-key", List.of(), "127.0.0.1", ports);

        String line = config.lines(processes.get(0), ServiceSpec.all(offset)).stream()
                .filter(l -> l.startsWith("gateway.callbacks.gateway-ports=")).findFirst().orElseThrow();
        List<String> listed = List.of(line.substring(line.indexOf('=') + 1).split(","));
        for (int port : List.of(15732, 19392, 40123, 40124, 8381, 9381, 8391, 9391, 8383, 9393)) {
            assertTrue(listed.contains(String.valueOf(port)), port + " in " + line);
        }
        assertEquals(ServiceSpec.ports(processes).size() + 1 + kafka.size(), listed.size(), line);
    }

    @Test
    void theUsageExplainsListen() {
        assertTrue(Options.USAGE.contains("[--listen ADDRESS]"), Options.USAGE);
        assertTrue(Options.USAGE.contains("--listen ADDRESS the address every service's API and management ports"
                + " listen on (default 127.0.0.1"), Options.USAGE);
    }
}
