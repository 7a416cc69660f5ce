package io.paygate.payment.provider;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.payment.sandbox.SandboxPaymentChannel;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reconciliation (docs/contract.md §2) with a sandbox provider whose callbacks are lost
 * ({@code gateway.payment.sandbox.callbacks-enabled=false}): payments are decided only by asking the provider, after
 * a provider timeout shortened to 2 s, over the real database and broker.
 */
@QuarkusTest
@TestProfile(ReconciliationTest.LostCallbacks.class)
@PaymentTestResources
class ReconciliationTest {

    static final Duration TIMEOUT = Duration.ofSeconds(2);
    static final byte[] PROVIDER_SECRET = "test-provider-secret".getBytes(StandardCharsets.UTF_8);

    public static class LostCallbacks implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.payment.sandbox.callbacks-enabled", "false",
                    "gateway.payment.provider-timeout", "2s",
                    "gateway.payment.reconcile-interval", "500ms");
        }
    }

    @Inject
    AgroalDataSource dataSource;
    @Inject
    Reconciliation reconciliation;
    @Inject
    SandboxPaymentChannel channel;
    @Inject
    MeterRegistry metrics;
    Db db;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    @Test
    void aPaymentWhoseCallbackNeverComesIsCapturedAfterTheTimeoutWithOneEvent() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));

        PaymentApi.awaitStatus(orderId, "CAPTURED");
        EventEnvelope event = PaymentEvents.awaitOne(SandboxMerchants.DEMO.id(), code);
        PaymentStatusChanged changed = event.dataAs(PaymentStatusChanged.class);
        assertEquals("CAPTURED", changed.status().name());
        assertEquals("VISA", changed.card().info().brand());
        // decided by the inquiry, not a callback: the provider never sent one, and not before the timeout
        assertEquals("DECIDED", db.value("SELECT state FROM sandbox_charge WHERE payment_code = ?", code));
        assertEquals("0", db.value("SELECT attempts FROM sandbox_charge WHERE payment_code = ?", code));
        assertEquals("1", db.value("SELECT inquiries FROM payment WHERE payment_code = ?", code));
        assertEquals(1, db.count("""
                SELECT count(*) FROM payment WHERE payment_code = ? AND last_inquiry_at IS NOT NULL
                AND updated_at >= submitted_at + interval '2 seconds'""", code));
    }

    @Test
    void aDeclineWhoseCallbackNeverComesIsFailedWithTheProvidersReason() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000000002").then().statusCode(303);

        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("result.payment.statusDesc",
                equalTo("Card declined"));
        assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1, Duration.ofSeconds(30)).size());
    }

    @Test
    void aChargeTheProviderNeverSawIsFailedAsNotDecided() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        // as after a crash between committing the submission and calling the provider
        db.update("""
                UPDATE payment SET status = 'PROCESSING', method = 'CARD', card_mask = '411111******1111',
                    channel = 'sandbox', provider_reference = 'CHGNEVERSENTTOTHEPROVIDER', submitted_at = now(),
                    next_inquiry_at = now() + interval '2 seconds'
                WHERE payment_code = ?""", code);
        assertEquals(ChargeStatus.State.UNKNOWN, channel.inquire(SandboxMerchants.DEMO.id(), "CHGNEVERSENTTOTHEPROVIDER").state());

        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("result.payment.statusDesc",
                equalTo("Not decided by the provider"));
        EventEnvelope event = PaymentEvents.awaitOne(SandboxMerchants.DEMO.id(), code);
        assertEquals("Not decided by the provider",
                event.dataAs(PaymentStatusChanged.class).statusDesc());
        assertEquals(0, db.chargesOf(code));
    }

    @Test
    void aProviderCallThatFailsLeavesThePaymentProcessingUntilReconciliationFailsIt() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        // a real failure inside the provider's own transaction, for this payment only
        try (Db.Undo outage = db.sandboxOutageWhen("NEW.payment_code = '" + code + "'")) {
            PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303); // the page shows processing
        }
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
        assertEquals(0, db.chargesOf(code));

        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("result.payment.statusDesc",
                equalTo("Not decided by the provider"));
        assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1, Duration.ofSeconds(30)).size());
    }

    @Test
    void aChargeStillWaitingFor3dsIsAskedAgainLaterAndDecidedOnceTheCustomerAnswers() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        String reference = db.value("SELECT provider_reference FROM payment WHERE payment_code = ?", code);
        assertEquals(ChargeStatus.State.PENDING, channel.inquire(SandboxMerchants.DEMO.id(), reference).state());

        await().atMost(Duration.ofSeconds(20)).until(() -> db.count(
                "SELECT inquiries FROM payment WHERE payment_code = ?", code) >= 2);
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
        assertEquals(1, db.count("""
                SELECT count(*) FROM payment WHERE payment_code = ? AND awaiting_otp AND last_inquiry_at IS NOT NULL
                AND next_inquiry_at > last_inquiry_at""", code));

        PaymentApi.answerOtp(code, "123456").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1, Duration.ofSeconds(30)).size());
    }

    @Test
    void aCallbackRacingReconciliationEndsInOneStateAndOneEvent() throws Exception {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String code = PaymentApi.newPayment(Requests.orderId());
            PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
            codes.add(code);
        }
        db.update("UPDATE payment SET next_inquiry_at = now() WHERE payment_code = ANY (?)",
                (Object) codes.toArray(String[]::new));
        ExecutorService pool = Executors.newFixedThreadPool(codes.size() + 1);
        CyclicBarrier together = new CyclicBarrier(codes.size() + 1);
        List<Callable<Integer>> racers = new ArrayList<>();
        for (String code : codes) {
            String reference = db.value("SELECT provider_reference FROM payment WHERE payment_code = ?", code);
            racers.add(() -> {
                together.await();
                return callback(code, reference, "CAPTURED");
            });
        }
        racers.add(() -> {
            together.await();
            return reconciliation.reconcileDue().size();
        });
        List<Future<Integer>> results = pool.invokeAll(racers);
        pool.shutdown();
        for (int i = 0; i < codes.size(); i++) {
            assertEquals(200, results.get(i).get()); // whether first or second, the provider's callback is acknowledged
        }
        results.get(codes.size()).get();
        for (String code : codes) {
            assertEquals("CAPTURED", db.statusOf(code));
            assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1,
                    Duration.ofSeconds(30)).size());
            assertEquals("1", db.value("SELECT sequence FROM payment WHERE payment_code = ?", code));
        }
    }

    @Test
    void twoReconcilersNeverInquireTheSamePaymentAtOnce() throws Exception {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String code = PaymentApi.newPayment(Requests.orderId());
            PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
            codes.add(code);
        }
        double supersededBefore = superseded();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<List<PaymentInquiries.Claimed>>> rounds;
        try (Connection provider = dataSource.getConnection()) {
            provider.setAutoCommit(false);
            try (Statement s = provider.createStatement()) {
                s.execute("LOCK TABLE sandbox_charge IN ACCESS EXCLUSIVE MODE"); // every inquiry waits
            }
            db.update("UPDATE payment SET next_inquiry_at = now() WHERE payment_code = ANY (?)",
                    (Object) codes.toArray(String[]::new));
            CyclicBarrier together = new CyclicBarrier(2);
            Callable<List<PaymentInquiries.Claimed>> round = () -> {
                together.await();
                return reconciliation.reconcileDue();
            };
            rounds = List.of(pool.submit(round), pool.submit(round));
            // both rounds (and the scheduled job) have claimed what they could while the first inquiry hangs
            await().atMost(Duration.ofSeconds(20)).until(() -> db.count("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query ILIKE '%from sandbox_charge%'""") >= 1);
            Thread.sleep(1000);
            provider.rollback();
        }
        Set<String> claimedByRounds = new HashSet<>();
        for (Future<List<PaymentInquiries.Claimed>> r : rounds) {
            for (PaymentInquiries.Claimed c : r.get(30, TimeUnit.SECONDS)) {
                assertTrue(claimedByRounds.add(c.paymentCode()), c.paymentCode() + " was claimed twice");
            }
        }
        pool.shutdown();
        for (String code : codes) {
            await().atMost(Duration.ofSeconds(10)).until(() -> "CAPTURED".equals(db.statusOf(code)));
            assertEquals("1", db.value("SELECT inquiries FROM payment WHERE payment_code = ?", code));
            assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1,
                    Duration.ofSeconds(30)).size());
        }
        assertEquals(supersededBefore, superseded());
    }

    private double superseded() {
        return metrics.find("paygate.payments.reconciliations").tag("outcome", "superseded").counters().stream()
                .mapToDouble(io.micrometer.core.instrument.Counter::count).sum();
    }

    private static int callback(String code, String reference, String status) {
        byte[] raw = ("{\"reference\":\"" + reference + "\",\"paymentCode\":\"" + code + "\",\"status\":\"" + status
                + "\",\"statusDesc\":null}").getBytes(StandardCharsets.UTF_8);
        long timestamp = Instant.now().getEpochSecond();
        return given().contentType("application/json")
                .header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(PROVIDER_SECRET, timestamp, raw))
                .body(raw).post("/pg/provider/sandbox/callback").statusCode();
    }
}
