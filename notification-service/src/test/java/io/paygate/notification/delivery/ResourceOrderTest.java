package io.paygate.notification.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.status.BindingStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: two dispatchers on one database (two replicas) never have two attempts in flight for one resource, and
 * the merchant ends on the latest state of each. Each binding becomes ACTIVE and then UNBOUND while the ACTIVE
 * notification is on the wire; the merchant answers a binding's first request slowly and later ones at once, so an
 * UNBOUND sent while its ACTIVE is in flight would finish first and the ACTIVE would land last (5 of 100 merchants
 * were left on ACTIVE in the issue). The merchant records when each request started and ended.
 */
@QuarkusTest
@NotificationTestResources
class ResourceOrderTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration SLOW = Duration.ofMillis(1500);
    private static final int BINDINGS = 30;

    @Inject
    AgroalDataSource dataSource;
    @Inject
    Dispatcher dispatcher;
    @Inject
    DeliveryQueue queue;
    @Inject
    Deliverer deliverer;
    @Inject
    RetrySchedule schedule;
    @Inject
    NotificationConfig config;

    @AfterEach
    void restart() {
        dispatcher.start();
    }

    @Test
    void twoReplicasNeverHaveTwoAttemptsOfOneResourceInFlightAndTheMerchantEndsOnTheLatestState() throws Exception {
        try (TimedMerchant merchant = TimedMerchant.start()) {
            MerchantApi.registerCallbacks(DEMO, null, merchant.url());
            AttemptRecorder otherRecorder = new AttemptRecorder(queue);
            Dispatcher other = new Dispatcher(queue, otherRecorder, deliverer, schedule,
                    DispatcherResilienceTest.DeliveryOverrides.of(config, Map.of("batchSize", 4)));
            List<String> bindings = new ArrayList<>();
            try {
                other.start();
                for (int i = 0; i < BINDINGS; i++) {
                    String binding = Events.id("BND");
                    bindings.add(binding);
                    Events.send(Events.binding(DEMO.id(), 2, binding, BindingStatus.ACTIVE));
                }
                // Every ACTIVE is on the wire (the merchant holds each for 1.5 s) when its UNBOUND arrives.
                await().atMost(WAIT).until(() -> merchant.started(bindings) >= BINDINGS / 2);
                for (String binding : bindings) {
                    Events.send(Events.binding(DEMO.id(), 3, binding, BindingStatus.UNBOUND));
                }
                NotificationDb db = new NotificationDb(dataSource);
                await().atMost(WAIT).until(() -> bindings.stream().allMatch(b -> db.byResource(DEMO.id(), b).stream()
                        .allMatch(row -> row.leaseToken() == null && !"PENDING".equals(row.status()))));
            } finally {
                other.stop();
                otherRecorder.close();
            }
            List<String> overlaps = new ArrayList<>();
            List<String> notLatest = new ArrayList<>();
            for (String binding : bindings) {
                List<TimedMerchant.Request> requests = merchant.requests(binding);
                for (int i = 1; i < requests.size(); i++) {
                    if (requests.get(i).startNanos() < requests.get(i - 1).endNanos()) {
                        overlaps.add(binding + " " + requests);
                    }
                }
                String last = requests.stream().max(Comparator.comparingLong(TimedMerchant.Request::endNanos))
                        .map(TimedMerchant.Request::status).orElse("none");
                if (!"UNBOUND".equals(last)) {
                    notLatest.add(binding + " ended on " + last);
                }
            }
            assertEquals(List.of(), overlaps, "two attempts of one binding were in flight at once");
            assertEquals(List.of(), notLatest, "the merchant must end on the latest state");
            assertTrue(merchant.total() >= BINDINGS, "every binding reached the merchant");
        }
    }

    /**
     * A merchant (JDK HTTP server, a virtual thread per request) that answers a binding's first request after
     * {@link #SLOW} and later ones at once, and keeps when each request started and ended, per binding id.
     */
    record TimedMerchant(HttpServer server, Map<String, List<Request>> byBinding) implements AutoCloseable {

        record Request(String status, long startNanos, long endNanos) {
        }

        private static final ObjectMapper JSON = new ObjectMapper();

        static TimedMerchant start() throws Exception {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            TimedMerchant merchant = new TimedMerchant(server, new ConcurrentHashMap<>());
            server.createContext("/", exchange -> {
                long start = System.nanoTime();
                JsonNode binding = JSON.readTree(exchange.getRequestBody().readAllBytes()).path("binding");
                List<Request> mine = merchant.byBinding.computeIfAbsent(binding.path("id").asText(),
                        id -> new CopyOnWriteArrayList<>());
                boolean first;
                synchronized (mine) {
                    first = mine.isEmpty();
                    mine.add(new Request(binding.path("status").asText(), start, Long.MAX_VALUE)); // in flight
                }
                int index = mine.size() - 1;
                try {
                    if (first) {
                        Thread.sleep(SLOW.toMillis());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                // The end is stamped before the reply can leave: stamped after it, the gateway could already have
                // read the reply and started the binding's next attempt (an "overlap" of a few ms that never was).
                synchronized (mine) {
                    Request r = mine.get(index);
                    mine.set(index, new Request(r.status(), r.startNanos(), System.nanoTime()));
                }
                byte[] body = MerchantSink.Reply.SUCCESS_BODY.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return merchant;
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/bindings";
        }

        long started(List<String> bindings) {
            return bindings.stream().filter(byBinding::containsKey).count();
        }

        int total() {
            return byBinding.values().stream().mapToInt(List::size).sum();
        }

        /** The binding's requests in the order they started. */
        List<Request> requests(String binding) {
            return byBinding.getOrDefault(binding, List.of()).stream()
                    .sorted(Comparator.comparingLong(Request::startNanos)).toList();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
