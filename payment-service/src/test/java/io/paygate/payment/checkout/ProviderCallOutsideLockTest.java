package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §2: the provider call never runs inside the database transaction that holds the payment's row, and the
 * PENDING → PROCESSING transition keeps a double submit from charging twice. The sandbox provider is made slow for
 * real: the test holds a lock on its book ({@code sandbox_charge}), so its charge waits in PostgreSQL.
 */
@QuarkusTest
@PaymentTestResources
class ProviderCallOutsideLockTest {

    @Inject
    AgroalDataSource dataSource;
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
    void whileTheProviderCallIsBlockedThePaymentRowIsFreeAndAlreadyProcessing() throws Exception {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Response> paying;
        try (Connection provider = dataSource.getConnection()) {
            provider.setAutoCommit(false);
            try (Statement s = provider.createStatement()) {
                s.execute("LOCK TABLE sandbox_charge IN SHARE MODE"); // reads pass, the provider's insert waits
            }
            paying = pool.submit(() -> PaymentApi.payByCard(code, "4111111111111111"));
            await().atMost(Duration.ofSeconds(20)).until(() -> db.count("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into sandbox_charge%'""") == 1);

            // the provider call is in progress: the payment row can be locked at once, and PROCESSING is committed
            try (Connection other = dataSource.getConnection()) {
                other.setAutoCommit(false);
                try (PreparedStatement lock = other.prepareStatement(
                        "SELECT status FROM payment WHERE payment_code = ? FOR UPDATE NOWAIT")) {
                    lock.setString(1, code);
                    try (ResultSet rs = lock.executeQuery()) {
                        rs.next();
                        assertEquals("PROCESSING", rs.getString(1));
                    }
                }
                other.rollback();
            }
            provider.rollback(); // the provider goes on
        }
        assertEquals(303, paying.get(20, TimeUnit.SECONDS).statusCode());
        pool.shutdown();
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1, Duration.ofSeconds(30)).size());
    }

    @Test
    void twoTabsSubmittingTheCardAtOnceChargeItOnce() throws Exception {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Response>> tabs = pool.invokeAll(List.of(
                () -> {
                    together.await();
                    return PaymentApi.payByCard(code, "4111111111111111");
                },
                () -> {
                    together.await();
                    return PaymentApi.payByCard(code, "5555555555554444");
                }));
        pool.shutdown();
        for (Future<Response> tab : tabs) {
            assertEquals(303, tab.get().statusCode());
        }
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(1, db.chargesOf(code));
        assertEquals(1, PaymentEvents.awaitRecords(SandboxMerchants.DEMO.id(), code, 1, Duration.ofSeconds(30)).size());
    }
}
