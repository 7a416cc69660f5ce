package io.paygate.e2e;

import io.paygate.local.LocalStack;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
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
 * notification-service is killed with SIGKILL while it delivers (issue 8) and started again: every notification
 * still reaches the merchant, and each under exactly one {@code webhook-id}. A request the merchant had received
 * when the process died, but whose answer was never recorded, is sent again after its lease runs out, with the
 * same {@code webhook-id} and body, so the merchant can tell it is the same notification.
 */
class NotificationCrashIT {

    private static final int PAYMENTS = 40;
    private static final Duration MERCHANT_TAKES = Duration.ofMillis(500);

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aKilledNotificationServiceLosesNothingAndKeepsEveryWebhookId() throws Exception {
        LocalStack stack = Stack.get();
        Shop shop = Shop.of(SandboxMerchants.DEMO);
        try (MerchantSink sink = MerchantSink.start()) {
            sink.respondWith(MerchantSink.Reply.ok().after(MERCHANT_TAKES)); // so that deliveries are in flight
            String callback = sink.url("/crash");
            Set<String> paid = ConcurrentHashMap.newKeySet();
            List<String> failures = Collections.synchronizedList(new ArrayList<>());
            List<Thread> shoppers = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                shoppers.add(Thread.ofVirtual().start(() -> {
                    while (paid.size() < PAYMENTS) {
                        try {
                            Shop.Payment payment = shop.initiate(callback);
                            Shop.payByCard(payment);
                            paid.add(payment.orderId());
                        } catch (Throwable e) {
                            failures.add(e.toString());
                            return;
                        }
                    }
                }));
            }

            sink.awaitReceived(PAYMENTS / 4, Duration.ofSeconds(90));
            Thread.sleep(3_000); // the first ones answered and recorded, newer ones in flight
            stack.kill("notification-service");
            Instant killedAt = Instant.now();
            int receivedBeforeKill = sink.received().size();
            for (Thread shopper : shoppers) {
                shopper.join(); // payments go on while notification-service is down
            }
            stack.restart("notification-service");

            assertEquals(List.of(), failures);
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
                    .until(() -> ordersNotified(sink).containsAll(paid));
            Thread.sleep(3_000); // anything sent twice would arrive within the (short) retry schedule

            List<MerchantSink.Received> received = sink.received();
            Map<String, Set<String>> idsPerOrder = new HashMap<>();
            Map<String, Set<String>> bodiesPerId = new HashMap<>();
            for (MerchantSink.Received r : received) {
                idsPerOrder.computeIfAbsent(JsonPath.from(r.body()).getString("order.id"), o -> new HashSet<>())
                        .add(r.header("webhook-id"));
                bodiesPerId.computeIfAbsent(r.header("webhook-id"), id -> new HashSet<>()).add(r.body());
            }
            assertEquals(paid, idsPerOrder.keySet(), "every payment notified, and no other");
            assertTrue(idsPerOrder.values().stream().allMatch(ids -> ids.size() == 1),
                    "one webhook-id per payment: " + idsPerOrder);
            assertTrue(bodiesPerId.values().stream().allMatch(bodies -> bodies.size() == 1),
                    "a repeated webhook-id carries the same body");

            Set<String> repeated = received.stream().collect(Collectors.groupingBy(r -> r.header("webhook-id"),
                    Collectors.counting())).entrySet().stream().filter(e -> e.getValue() > 1)
                    .map(Map.Entry::getKey).collect(Collectors.toSet());
            // Only what was in flight when the process died may arrive twice: received by the merchant within the
            // merchant's answer time (plus the time to record an answer, generously) before the kill.
            Set<String> inFlightAtKill = received.stream()
                    .filter(r -> !r.receivedAt().isBefore(killedAt.minus(MERCHANT_TAKES).minusSeconds(1))
                            && !r.receivedAt().isAfter(killedAt))
                    .map(r -> r.header("webhook-id")).collect(Collectors.toSet());
            assertTrue(receivedBeforeKill > inFlightAtKill.size(), "some deliveries were complete before the kill");
            assertTrue(inFlightAtKill.containsAll(repeated),
                    "repeated " + repeated + " but in flight at the kill were only " + inFlightAtKill);
            System.out.printf("SIGKILL: %d payments, %d notifications received before the kill, %d in flight at it, "
                    + "%d sent again after the restart under the same webhook-id, %d requests in all%n",
                    paid.size(), receivedBeforeKill, inFlightAtKill.size(), repeated.size(), received.size());
        }
    }

    private static Set<String> ordersNotified(MerchantSink sink) {
        return sink.received().stream().map(r -> JsonPath.from(r.body()).getString("order.id"))
                .collect(Collectors.toSet());
    }
}
