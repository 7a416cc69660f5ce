package io.paygate.local;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where each replica of each service listens and keeps its files (docs/contract.md §8). */
class ServiceSpecTest {

    @Test
    void replicaKOfEachServiceListensOnTheFirstOnesPortPlusTenTimesK() {
        List<ServiceSpec> processes = ServiceSpec.all(0, 3);

        assertEquals(List.of(8081, 8082, 8083, 8084, 8085, 8091, 8092, 8093, 8094, 8095, 8101, 8102, 8103, 8104, 8105),
                processes.stream().map(ServiceSpec::port).toList());
        assertEquals(List.of(0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
                processes.stream().map(ServiceSpec::replica).toList());
        assertEquals(List.of("payment-service", "binding-service", "notification-service", "merchant-service",
                "ledger-service"), processes.subList(10, 15).stream().map(ServiceSpec::name).toList());
        assertEquals(List.of("payment", "binding", "notification", "merchant", "ledger"),
                processes.subList(5, 10).stream().map(ServiceSpec::database).toList());
    }

    @Test
    void everyReplicasManagementPortIsItsOwnPortPlusAThousand() {
        List<ServiceSpec> processes = ServiceSpec.all(0, 2);

        assertEquals(List.of(9081, 9082, 9083, 9084, 9085, 9091, 9092, 9093, 9094, 9095),
                processes.stream().map(ServiceSpec::managementPort).toList());
        assertEquals("http://localhost:8092", processes.get(6).baseUrl());
        assertEquals("http://localhost:9092", processes.get(6).managementUrl());
    }

    @Test
    void replicasMoveWithThePortOffset() {
        List<ServiceSpec> processes = ServiceSpec.all(20_000, 2);

        assertEquals(List.of(28081, 28082, 28083, 28084, 28085, 28091, 28092, 28093, 28094, 28095),
                processes.stream().map(ServiceSpec::port).toList());
        assertEquals(29093, processes.get(7).managementPort());
    }

    @Test
    void oneReplicaIsTheStackAsItWasWithoutReplicas() {
        assertEquals(ServiceSpec.all(100), ServiceSpec.all(100, 1));
        assertEquals(new ServiceSpec("payment-service", 8081, "payment", 0), ServiceSpec.ALL.getFirst());
    }

    @Test
    void nineReplicasShareNoPortWithEachOtherNorWithAStackAHundredPortsAbove() {
        Set<Integer> ports = new HashSet<>();
        for (int offset : new int[] {0, 100}) {
            for (ServiceSpec process : ServiceSpec.all(offset, ServiceSpec.MAX_REPLICAS)) {
                assertTrue(ports.add(process.port()), "port " + process.port() + " twice");
                assertTrue(ports.add(process.managementPort()), "port " + process.managementPort() + " twice");
            }
        }
        assertEquals(2 * 9 * 5 * 2, ports.size());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 10, 100})
    void refusesAReplicaCountOutsideOneToNine(int replicas) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ServiceSpec.all(0, replicas));
        assertEquals("--replicas is a number of processes per service from 1 to 9, not " + replicas,
                refused.getMessage());
    }

    @Test
    void theFirstReplicaKeepsTheServicesLogAndDirectoryNameAndTheOthersAddTheirNumber(@TempDir Path run) {
        List<ServiceSpec> processes = ServiceSpec.all(0, 3);

        ServiceProcess first = new ServiceProcess(processes.get(0), run);
        ServiceProcess third = new ServiceProcess(processes.get(12), run);

        assertEquals(run.resolve("logs/payment-service.log"), first.log());
        assertEquals(run.resolve("payment-service"), first.workDir());
        assertEquals(run.resolve("logs/notification-service-2.log"), third.log());
        assertEquals(run.resolve("notification-service-2"), third.workDir());
        assertEquals("notification-service-2", processes.get(12).id());
    }

    @Test
    void replicasAreCountedFromTheFirstProcess() {
        ServiceSpec second = ServiceSpec.ALL.getFirst().replica(1);

        assertThrows(IllegalStateException.class, () -> second.replica(1));
        assertThrows(IllegalArgumentException.class, () -> ServiceSpec.ALL.getFirst().replica(9));
    }
}
