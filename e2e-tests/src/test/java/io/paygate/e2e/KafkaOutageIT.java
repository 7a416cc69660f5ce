package io.paygate.e2e;

import io.paygate.local.LocalStack;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker goes away for 30 s while merchants initiate and customers pay (issue 8). Nothing a merchant or a
 * customer does may fail because of it, and once the broker is back every captured payment reaches the merchant,
 * each under one {@code webhook-id}, none twice.
 * <p>
 * "Away" is the broker's listener refusing every client connection and dropping the live ones (the in-JVM broker
 * sits behind a TCP proxy that the stack advertises), which is what the services see when a broker stops.
 */
class KafkaOutageIT {

    private static final Duration OUTAGE = Duration.ofSeconds(30);
    private static final int SHOPPERS = 3;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void paymentsMadeWhileTheBrokerIsDownAreAllNotifiedOnceItIsBack() throws Exception {
        LocalStack stack = Stack.get();
        Shop shop = Shop.of(SandboxMerchants.DEMO);
        try (MerchantSink sink = MerchantSink.start()) {
            String callback = sink.url("/kafka-outage");
            Set<String> paid = ConcurrentHashMap.newKeySet();
            List<String> failures = Collections.synchronizedList(new ArrayList<>());

            stack.kafka().disconnect();
            long outageEnds = System.nanoTime() + OUTAGE.toNanos();
            try {
                List<Thread> shoppers = new ArrayList<>();
                for (int i = 0; i < SHOPPERS; i++) {
                    shoppers.add(Thread.ofVirtual().start(() -> {
                        while (System.nanoTime() < outageEnds) {
                            try {
                                Shop.Payment payment = shop.initiate(callback);
                                Shop.payByCard(payment);
                                paid.add(payment.orderId());
                            } catch (Throwable e) {
                                failures.add(e.toString());
                            }
                        }
                    }));
                }
                for (Thread shopper : shoppers) {
                    shopper.join();
                }
                // Events travel only through Kafka, so nothing can have reached the merchant yet.
                assertEquals(0, sink.received().size(), "notifications delivered while the broker was away");
            } finally {
                stack.kafka().reconnect();
            }

            assertEquals(List.of(), failures, "requests that failed while the broker was away");
            assertTrue(paid.size() >= 10, "payments made during the outage: " + paid.size());

            long back = System.nanoTime();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
                    .until(() -> ordersNotified(sink).containsAll(paid));
            double catchUp = (System.nanoTime() - back) / 1e9;
            // Anything sent twice would arrive within the retry schedule; give it that long.
            Thread.sleep(5_000);

            List<MerchantSink.Received> received = sink.received();
            Map<String, Long> perWebhookId = received.stream()
                    .collect(Collectors.groupingBy(r -> r.header("webhook-id"), Collectors.counting()));
            Map<String, Set<String>> idsPerOrder = new HashMap<>();
            for (MerchantSink.Received r : received) {
                idsPerOrder.computeIfAbsent(JsonPath.from(r.body()).getString("order.id"), o -> new java.util.HashSet<>())
                        .add(r.header("webhook-id"));
                assertEquals("CAPTURED", JsonPath.from(r.body()).getString("result.payment.status"));
            }
            assertEquals(paid, idsPerOrder.keySet(), "one notification per payment made during the outage, no other");
            assertEquals(paid.size(), perWebhookId.size(), "distinct webhook-ids = payments");
            assertTrue(idsPerOrder.values().stream().allMatch(ids -> ids.size() == 1), "one webhook-id per payment");
            assertEquals(paid.size(), received.size(), "no webhook-id arrived twice: " + perWebhookId.entrySet()
                    .stream().filter(e -> e.getValue() > 1).toList());
            System.out.printf("kafka outage: %d payments during %d s without the broker; all %d notified %.1f s after "
                    + "it came back%n", paid.size(), OUTAGE.toSeconds(), received.size(), catchUp);
        }
    }

    private static Set<String> ordersNotified(MerchantSink sink) {
        return sink.received().stream().map(r -> JsonPath.from(r.body()).getString("order.id"))
                .collect(Collectors.toSet());
    }
}
