package io.paygate.merchant.registry;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.merchant.seeding.ConfigSeeds;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10: changes of one merchant are applied one after the other under its row lock, so two operators
 * racing end in the last committed state, in the database and on merchant-config alike, with versions that only
 * increase; and several seeders starting at once create a configured merchant once.
 */
@QuarkusTest
@MerchantTestResources
class RegistryConcurrencyTest {

    private static final int ROUNDS = 12;

    @Inject
    AgroalDataSource dataSource;
    @Inject
    ConfigSeeds seeds;

    @Test
    void operatorsRacingToSuspendAndReactivateEndInTheLastCommittedState() throws Exception {
        String id = Operator.newId();
        Operator.create(id);
        Registry registry = new Registry(dataSource);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                CyclicBarrier start = new CyclicBarrier(3);
                Future<Integer> suspend = pool.submit(() -> {
                    start.await();
                    return Operator.ops().body("{\"reason\":\"race\"}").post("/admin/merchants/" + id + "/suspend")
                            .then().extract().statusCode();
                });
                Future<Integer> reactivate = pool.submit(() -> {
                    start.await();
                    return Operator.alice().post("/admin/merchants/" + id + "/reactivate").then().extract()
                            .statusCode();
                });
                // A third operator's change that always applies, racing both: without the row lock two changes read
                // the same version and the later commit overwrites the other's members.
                Future<Integer> rotate = pool.submit(() -> {
                    start.await();
                    return Operator.ops().body("{}").post("/admin/merchants/" + id + "/client-secret/rotate").then()
                            .extract().statusCode();
                });
                for (int status : List.of(suspend.get(), reactivate.get())) {
                    assertTrue(status == 200 || status == 409, "each is applied or refused whole: " + status);
                }
                assertEquals(200, rotate.get());
            }
        } finally {
            pool.shutdownNow();
        }
        long version = registry.version(id);
        List<String> actions = registry.strings("SELECT action FROM merchant_audit WHERE merchant_id = ? ORDER BY id",
                id);
        assertEquals(version, actions.size(), "one audit entry per version");
        String lastStatusChange = actions.stream().filter(a -> a.equals("suspend") || a.equals("reactivate"))
                .reduce((first, second) -> second).orElse("create");
        String status = registry.strings("SELECT status FROM merchant WHERE id = ?", id).get(0);
        assertEquals("suspend".equals(lastStatusChange) ? "SUSPENDED" : "ACTIVE", status,
                "the last committed change wins");

        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.MERCHANT_CONFIG, id, (int) version, Duration.ofSeconds(30));
        List<Long> sequences = events.stream().map(EventEnvelope::sequence).toList();
        List<Long> expected = new ArrayList<>();
        for (long v = 1; v <= version; v++) {
            expected.add(v);
        }
        assertEquals(expected, sequences, "every version published once, in order");
        MerchantState last = Json.fromTree(events.get(events.size() - 1).data(), MerchantState.class);
        assertEquals(MerchantStatus.valueOf(status), last.status(), "the topic ends where the database ends");
    }

    @Test
    void seedersStartingAtOnceCreateAConfiguredMerchantOnceAndNeverOverwriteIt() throws Exception {
        String id = "seed-" + Operator.newId();
        GatewayConfig.MerchantConfig config = new SeedConfig("Seeded Store", "seeded-client-secret");
        Registry registry = new Registry(dataSource);
        int seeders = 4;
        CyclicBarrier start = new CyclicBarrier(seeders);
        ExecutorService pool = Executors.newFixedThreadPool(seeders);
        List<Future<Boolean>> results = new ArrayList<>();
        try {
            for (int i = 0; i < seeders; i++) {
                Callable<Boolean> seeder = () -> {
                    start.await();
                    return seeds.seed(id, config);
                };
                results.add(pool.submit(seeder));
            }
            int created = 0;
            for (Future<Boolean> result : results) {
                created += result.get() ? 1 : 0;
            }
            assertEquals(1, created, "one seeder created it, the others found it");
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, registry.version(id));
        assertEquals(List.of("seed system:seed"), registry.strings(
                "SELECT action || ' ' || actor FROM merchant_audit WHERE merchant_id = ?", id));
        assertEquals(1, registry.count("outbox_event WHERE msg_key = '" + id + "'"));

        Operator.ops().body("{\"reason\":\"x\"}").post("/admin/merchants/" + id + "/suspend").then().statusCode(200);
        assertEquals(false, seeds.seed(id, new SeedConfig("Renamed In Config", "another-secret")));
        Operator.ops().get("/admin/merchants/" + id).then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("SUSPENDED"))
                .body("name", org.hamcrest.Matchers.equalTo("Seeded Store"));
        assertEquals(2, registry.version(id), "a seed never overwrites what the registry has");
    }

    /** A configured merchant as {@code gateway.merchants.<id>.*} would give it. */
    private record SeedConfig(String name, String clientSecret) implements GatewayConfig.MerchantConfig {

        @Override
        public Optional<String> notificationSecret() {
            return Optional.empty();
        }

        @Override
        public String currency() {
            return "IDR";
        }

        @Override
        public String provider() {
            return "sandbox";
        }

        @Override
        public Optional<GatewayConfig.Midtrans> midtrans() {
            return Optional.empty();
        }

        @Override
        public Optional<GatewayConfig.Snap> snap() {
            return Optional.empty();
        }

        @Override
        public Optional<List<String>> methods() {
            return Optional.empty();
        }

        @Override
        public Optional<List<String>> ipAllowlist() {
            return Optional.empty();
        }

        @Override
        public Optional<GatewayConfig.MerchantRateLimit> rateLimit() {
            return Optional.empty();
        }

        @Override
        public Optional<String> fees() {
            return Optional.empty();
        }

        @Override
        public Optional<Integer> settlementDelayDays() {
            return Optional.empty();
        }
    }
}
