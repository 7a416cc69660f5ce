package io.paygate.payment.credential;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.StoredCardCharge;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §1b: two customers who store one card number at one merchant hold one provider token (the sandbox
 * vault keeps a card once per merchant), and deleting one customer's card never touches the other's; the provider
 * forgets the token when the last card holding it is deleted, also when both are deleted at once.
 */
@QuarkusTest
@PaymentTestResources
class SharedProviderTokenTest {

    private static final String RECURRING = """
            {"subscribe":"Y","type":"PURCHASE","amount":"99000.00","intervalUnit":"monthly","id":"%s"}""";

    @Inject
    AgroalDataSource dataSource;

    @Inject
    PaymentChannels channels;

    private static String customer() {
        return "CUST-" + UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void deletingOneCustomersCardLeavesAnotherCustomersCardOfTheSameNumberChargeableUntilItIsDeletedToo() {
        String number = StoredCardApi.freshNumber();
        String first = customer();
        String firstToken = StoredCardApi.store(SandboxMerchants.DEMO, first, number);
        String second = customer();
        String recurringId = "SUB." + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String secondToken = subscribeByCard(second, recurringId, number);
        String providerToken = providerToken(firstToken);
        assertEquals(providerToken, providerToken(secondToken), "one card number, one provider token");

        StoredCardApi.delete(SandboxMerchants.DEMO, firstToken).then().statusCode(200)
                .body("responseCode", equalTo("2000000"));
        StoredCardApi.list(SandboxMerchants.DEMO, first).then().statusCode(200).body("cards", hasSize(0));
        StoredCardApi.list(SandboxMerchants.DEMO, second).then().statusCode(200).body("cards", hasSize(1));
        String oneClick = Requests.orderId();
        StoredCardApi.pay(SandboxMerchants.DEMO, StoredCardApi.oneClick(oneClick, second, secondToken)).then()
                .statusCode(200).body("responseCode", equalTo("2000000"));
        PaymentApi.awaitStatus(oneClick, "CAPTURED");
        subscription(recurringId).then().body("recurring.status", equalTo("ACTIVE"));
        PaymentApi.as(SandboxMerchants.DEMO).post("/pg/sandbox/subscriptions/" + recurringId + "/due").then()
                .statusCode(200);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> {
            Response cycle = PaymentApi.status(SandboxMerchants.DEMO, recurringId + "-2");
            return cycle.statusCode() == 200 && "CAPTURED".equals(cycle.path("result.payment.status"));
        });
        subscription(recurringId).then().body("recurring.status", equalTo("ACTIVE"))
                .body("recurring.cyclesCharged", equalTo(2));
        assertEquals(0, forgotten(providerToken));

        StoredCardApi.delete(SandboxMerchants.DEMO, secondToken).then().statusCode(200);
        subscription(recurringId).then().body("recurring.status", equalTo("PAUSED"));
        assertEquals(1, forgotten(providerToken));
        ChargeRefused refused = assertThrows(ChargeRefused.class, () -> channels.byName(PaymentChannel.SANDBOX)
                .orElseThrow().chargeStoredCard(new StoredCardCharge("demo", "shared-" + UUID.randomUUID(),
                        "PC-SHARED", new BigDecimal("1000.00"), "IDR", providerToken,
                        StoredCardCharge.Initiator.MERCHANT, null)));
        assertEquals("Card token not valid", refused.getMessage());
    }

    @Test
    void twoCardsSharingATokenDeletedAtOnceLeaveTheTokenForgotten() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 3; round++) {
                String number = StoredCardApi.freshNumber();
                String a = StoredCardApi.store(SandboxMerchants.DEMO, customer(), number);
                String b = StoredCardApi.store(SandboxMerchants.DEMO, customer(), number);
                assertNotEquals(a, b);
                String providerToken = providerToken(a);
                assertEquals(providerToken, providerToken(b));

                CyclicBarrier start = new CyclicBarrier(2);
                List<Future<Integer>> deletes = List.of(a, b).stream().map(tokenId -> pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    return StoredCardApi.delete(SandboxMerchants.DEMO, tokenId).statusCode();
                })).toList();
                for (Future<Integer> delete : deletes) {
                    assertEquals(200, delete.get(30, TimeUnit.SECONDS));
                }
                assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM stored_card WHERE provider_token = ? "
                        + "AND deleted_at IS NULL", providerToken));
                assertEquals(1, forgotten(providerToken), "the last delete made the provider forget the token");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Customer {@code customerId} subscribes paying the first payment by {@code number}; its stored card's tokenId. */
    private static String subscribeByCard(String customerId, String recurringId, String number) {
        String orderId = Requests.orderId();
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", customerId);
        Requests.with(body, "recurring", Requests.json(RECURRING.formatted(recurringId)));
        String code = PaymentApi.initiate(body).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, number).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> "ACTIVE".equals(
                subscription(recurringId).then().statusCode(200).extract().path("recurring.status")));
        List<String> tokens = StoredCardApi.list(SandboxMerchants.DEMO, customerId).then().statusCode(200)
                .extract().path("cards.tokenId");
        assertEquals(1, tokens.size(), "the subscription's card is stored by subscribing");
        return tokens.get(0);
    }

    private static Response subscription(String recurringId) {
        return PaymentApi.as(SandboxMerchants.DEMO).get("/pg/payment/card/recurring/" + recurringId);
    }

    private String providerToken(String tokenId) {
        return new Db(dataSource).value("SELECT provider_token FROM stored_card WHERE token_id = ?", tokenId);
    }

    private int forgotten(String providerToken) {
        return new Db(dataSource).count(
                "SELECT count(*) FROM sandbox_card WHERE token = ? AND forgotten_at IS NOT NULL", providerToken);
    }
}
