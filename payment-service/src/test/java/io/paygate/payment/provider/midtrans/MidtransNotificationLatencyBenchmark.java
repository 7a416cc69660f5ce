package io.paygate.payment.provider.midtrans;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a Midtrans notification costs now that it is decided by a status inquiry (issue 22), measured, never asserted:
 * run with {@code ./mvnw -B -ntp verify -pl payment-service -am -Dtest=MidtransNotificationLatencyBenchmark
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipITs} ({@code -Dbench.midtrans.payments=300}). Against test-support's
 * simulator over loopback HTTP, on the tests' PostgreSQL and Kafka, one notification at a time, each timed from the
 * simulator's POST to the 200 it reads (the simulator's JDK HTTP client included):
 * <ul>
 *     <li><b>deciding</b>: the capture notification of a payment waiting at 3-D Secure: parse, find, signature,
 *     {@code GET /v2/{order_id}/status}, the row lock, the transition and its outbox event, the commit;</li>
 *     <li><b>late copy</b>: the same notification again once the payment is CAPTURED: no inquiry, no write (what a
 *     notification cost before, minus the transaction);</li>
 *     <li><b>inquiry alone</b>: the status call through payment-service's Midtrans client (reconciliation's path).</li>
 * </ul>
 * The first tenth of each series is warm-up and not counted.
 */
@QuarkusTest
@TestProfile(MidtransNotificationLatencyBenchmark.NoReconciliation.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransNotificationLatencyBenchmark extends MidtransTestBase {

    static final int PAYMENTS = Integer.getInteger("bench.midtrans.payments", 300);

    /** Reconciliation would decide the prepared payments before their notifications come: not within the run. */
    public static class NoReconciliation extends MidtransSetup.Profile {
        @Override
        public java.util.Map<String, String> getConfigOverrides() {
            java.util.Map<String, String> config = new java.util.HashMap<>(super.getConfigOverrides());
            config.put("gateway.payment.provider-timeout", "1h");
            return config;
        }
    }

    @Inject
    MidtransPaymentChannel channel;

    @Test
    void notificationLatencyWithTheStatusInquiry() throws Exception {
        SIM.notifications(MidtransSimulator.Notifications.NEVER);
        List<String> refs = new ArrayList<>();
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < PAYMENTS; i++) {
            String orderId = Requests.orderId();
            String code = MidtransCustomer.newPayment(MID, orderId);
            PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
            MidtransCustomer.passThreeDs(code, "112233"); // Midtrans captured it and tells nobody
            refs.add(MidtransDb.reference(code));
            orders.add(orderId);
        }
        long[] deciding = new long[PAYMENTS];
        long[] late = new long[PAYMENTS];
        long[] inquiry = new long[PAYMENTS];
        for (String orderId : orders) {
            assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId), "nothing decided them yet");
        }
        String loadBefore = loadAverage();
        for (int i = 0; i < PAYMENTS; i++) {
            String notification = SIM.notificationJson(refs.get(i));
            long start = System.nanoTime();
            assertEquals(200, SIM.postRaw(notification));
            deciding[i] = System.nanoTime() - start;
            start = System.nanoTime();
            assertEquals(200, SIM.postRaw(notification));
            late[i] = System.nanoTime() - start;
            start = System.nanoTime();
            channel.inquire(MID.id(), refs.get(i));
            inquiry[i] = System.nanoTime() - start;
        }
        for (String orderId : orders) {
            assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId), "each deciding notification decided");
        }
        System.out.printf("load average before / after: %s / %s%n", loadBefore, loadAverage());
        System.out.printf("Midtrans notification latency, %d payments, sequential, ms (p50 / p90 / p99 / max):%n",
                PAYMENTS);
        System.out.println("  deciding (with the status inquiry): " + percentiles(deciding));
        System.out.println("  late copy (no inquiry, no write):   " + percentiles(late));
        System.out.println("  status inquiry alone:               " + percentiles(inquiry));
    }

    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    static String percentiles(long[] nanos) {
        long[] counted = Arrays.copyOfRange(nanos, nanos.length / 10, nanos.length);
        Arrays.sort(counted);
        return "%.2f / %.2f / %.2f / %.2f".formatted(at(counted, 0.50), at(counted, 0.90), at(counted, 0.99),
                counted[counted.length - 1] / 1e6);
    }

    static double at(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }
}
