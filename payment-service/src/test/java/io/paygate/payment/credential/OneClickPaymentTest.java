package io.paygate.payment.credential;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.StoredCardCharge.Initiator;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §1b, {@code POST /pg/payment/card/payment}: a stored card charged as a payment of its own, 3-D
 * Secure on the hosted page when the provider asks, idempotent by {@code order.id}, every bad input answered with
 * service code 11 naming the field and nothing written; and the seam subscriptions use (merchant-initiated).
 */
@QuarkusTest
@PaymentTestResources
class OneClickPaymentTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    StoredCardCharges charges;

    private static String customer() {
        return "CUST-" + UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void aStoredCardIsChargedAsAPaymentOfItsOwnAndTheSameOrderAgainIsTheSamePayment() {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111111111111111");
        String orderId = Requests.orderId();
        ObjectNode body = StoredCardApi.oneClick(orderId, customer, tokenId);

        String code = StoredCardApi.pay(SandboxMerchants.DEMO, body).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("redirecturl", nullValue())
                .body("result.payment.amount", equalTo(150000.0f))
                .body("result.payment.status", anyOf(equalTo("PROCESSING"), equalTo("CAPTURED")))
                .extract().path("paymentCode");
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("paymentCode", equalTo(code))
                .body("card.mask", equalTo("411111******1111"));

        StoredCardApi.pay(SandboxMerchants.DEMO, body).then().statusCode(200)
                .body("paymentCode", equalTo(code))
                .body("result.payment.status", equalTo("CAPTURED"));
        Db db = new Db(dataSource);
        assertEquals(1, db.chargesOf(code), "one charge at the provider");
        Requests.with(body, "order.amount", "99.00");
        StoredCardApi.pay(SandboxMerchants.DEMO, body).then().statusCode(409)
                .body("responseCode", equalTo("4091100"));
    }

    @Test
    void theFirstOnlyTestCardPaysItsFirstPaymentAndDeclinesEveryLaterCharge() {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4000 0000 0000 0341");
        for (int i = 0; i < 2; i++) {
            String orderId = Requests.orderId();
            StoredCardApi.pay(SandboxMerchants.DEMO, StoredCardApi.oneClick(orderId, customer, tokenId)).then()
                    .statusCode(200);
            PaymentApi.awaitStatus(orderId, "FAILED");
            PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                    .body("result.payment.statusDesc", equalTo("Card declined"));
        }
    }

    @Test
    void theProviderAsksThreeDSecureOnTheHostedPageWhenTheCustomerIsThere() {
        String customer = customer();
        String orderId = Requests.orderId();
        String first = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then().statusCode(200)
                .extract().path("paymentCode");
        StoredCardApi.payByCard(first, "4000000000003220", true).then().statusCode(303);
        PaymentApi.answerOtp(first, "123456").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        String tokenId = StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                .extract().path("cards[0].tokenId");

        String again = Requests.orderId();
        String code = StoredCardApi.pay(SandboxMerchants.DEMO, StoredCardApi.oneClick(again, customer, tokenId))
                .then().statusCode(200)
                .body("result.payment.status", equalTo("PROCESSING"))
                .extract().path("paymentCode");
        StoredCardApi.pay(SandboxMerchants.DEMO, StoredCardApi.oneClick(again, customer, tokenId)).then()
                .body("redirecturl", endsWith("/pg/pay/" + code));
        PaymentApi.answerOtp(code, "123456").then().statusCode(303);
        PaymentApi.awaitStatus(again, "CAPTURED");
    }

    @Test
    void aMerchantInitiatedChargeTheProviderWouldChallengeIsDeclined() {
        String customer = customer();
        String orderId = Requests.orderId();
        String first = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then().statusCode(200)
                .extract().path("paymentCode");
        StoredCardApi.payByCard(first, "4000000000003220", true).then().statusCode(303);
        PaymentApi.answerOtp(first, "123456").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Db db = new Db(dataSource);
        UUID card = UUID.fromString(db.value("SELECT stored_card_id FROM payment WHERE payment_code = ?", first));

        String cycleOrder = Requests.orderId();
        ObjectNode cycle = Requests.minimal(cycleOrder);
        Requests.with(cycle, "customer.id", customer);
        String cycleCode = PaymentApi.initiate(cycle).then().statusCode(200).extract().path("paymentCode");
        // the sandbox decides asynchronously, as a provider does: PROCESSING until its callback says FAILED
        Optional<PaymentStatus> answered = charges.charge(cycleCode, card, Initiator.MERCHANT, cycleCode + "-1");
        assertTrue(answered.isPresent() && answered.get() != PaymentStatus.CAPTURED, answered::toString);
        PaymentApi.awaitStatus(cycleOrder, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, cycleOrder).then()
                .body("result.payment.statusDesc", equalTo("3-D Secure required"));
        assertEquals(cycleCode + "-1", db.value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                cycleCode));
        // a payment no longer PENDING is never charged again
        assertEquals(Optional.empty(), charges.charge(cycleCode, card, Initiator.MERCHANT, cycleCode + "-2"));
        assertEquals(1, db.chargesOf(cycleCode));
    }

    /** The stored-card charge runs outside the transaction that moved the payment to PROCESSING, as every charge. */
    @Test
    void whileTheProviderIsChargingTheStoredCardThePaymentRowIsFreeAndAlreadyProcessing() throws Exception {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111111111111111");
        String orderId = Requests.orderId();
        Db db = new Db(dataSource);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Response> paying;
        try (Connection provider = dataSource.getConnection()) {
            provider.setAutoCommit(false);
            try (Statement s = provider.createStatement()) {
                s.execute("LOCK TABLE sandbox_charge IN SHARE MODE"); // reads pass, the provider's insert waits
            }
            paying = pool.submit(() -> StoredCardApi.pay(SandboxMerchants.DEMO,
                    StoredCardApi.oneClick(orderId, customer, tokenId)));
            await().atMost(Duration.ofSeconds(20)).until(() -> db.count("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into sandbox_charge%'""") == 1);
            try (Connection other = dataSource.getConnection()) {
                other.setAutoCommit(false);
                try (PreparedStatement lock = other.prepareStatement(
                        "SELECT status, provider_reference FROM payment WHERE order_id = ? FOR UPDATE NOWAIT")) {
                    lock.setString(1, orderId);
                    try (ResultSet rs = lock.executeQuery()) {
                        rs.next();
                        assertEquals("PROCESSING", rs.getString(1), "committed before the provider was called");
                        assertNotNull(rs.getString(2), "and the charge's reference with it");
                    }
                }
                other.rollback();
            }
            provider.rollback();
        }
        assertEquals(200, paying.get(20, TimeUnit.SECONDS).statusCode());
        pool.shutdown();
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void theSameOneClickSentTwiceAtOnceChargesOnce() throws Exception {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111111111111111");
        String orderId = Requests.orderId();
        ObjectNode body = StoredCardApi.oneClick(orderId, customer, tokenId);
        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Response>> twins = pool.invokeAll(List.of(
                () -> {
                    together.await();
                    return StoredCardApi.pay(SandboxMerchants.DEMO, body);
                },
                () -> {
                    together.await();
                    return StoredCardApi.pay(SandboxMerchants.DEMO, body);
                }));
        pool.shutdown();
        String code = null;
        for (Future<Response> twin : twins) {
            assertEquals(200, twin.get().statusCode());
            String paid = twin.get().path("paymentCode");
            assertEquals(code == null ? paid : code, paid);
            code = paid;
        }
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(1, new Db(dataSource).chargesOf(code));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "customer.id        | <absent>  | 4001102 | Invalid Mandatory Field customer.id",
            "card               | <absent>  | 4001102 | Invalid Mandatory Field card.token",
            "card.token         | <absent>  | 4001101 | Invalid Field Format card",
            "card.token         | ''        | 4001101 | Invalid Field Format card.token",
            "card.token         | 65        | 4001101 | Invalid Field Format card.token",
            "order.amount       | 12.345    | 4001101 | Invalid Field Format order.amount",
            "order.id           | <absent>  | 4001102 | Invalid Mandatory Field order.id",
            "customer.email     | not-email | 4001101 | Invalid Field Format customer.email",
            "url.callbackUrl    | http://x  | 4001101 | Invalid Field Format url.callbackUrl",
            "sourceOfFunds.type | QRIS      | 4001101 | Invalid Field Format sourceOfFunds.type",
    })
    void badInputIsNamedWithServiceCodeElevenAndWritesNothing(String field, String value, String code,
                                                               String message) {
        String customer = customer();
        String orderId = Requests.orderId();
        ObjectNode body = StoredCardApi.oneClick(orderId, customer, "tok_ANY0000000000000000000000");
        switch (value) {
            case "<absent>" -> Requests.without(body, field);
            case "65" -> Requests.with(body, field, "t".repeat(65));
            default -> Requests.with(body, field, value);
        }
        StoredCardApi.pay(SandboxMerchants.DEMO, body).then().statusCode(400)
                .body("responseCode", equalTo(code))
                .body("responseMessage", equalTo(message));
        Db db = new Db(dataSource);
        assertEquals(0, db.count("SELECT count(*) FROM payment WHERE order_id = ? OR customer_id = ?", orderId,
                customer));
    }

    @Test
    void malformedJsonIsABadRequestOfServiceEleven() {
        PaymentApi.as(SandboxMerchants.DEMO).body("{\"order\":").post("/pg/payment/card/payment").then()
                .statusCode(400).body("responseCode", equalTo("4001100"));
        PaymentApi.as(SandboxMerchants.DEMO).body("{\"order\":{\"id\":1,\"id\":2}}").post("/pg/payment/card/payment")
                .then().statusCode(400).body("responseCode", equalTo("4001100"));
    }
}
