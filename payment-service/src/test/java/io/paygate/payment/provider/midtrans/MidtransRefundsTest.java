package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static io.paygate.payment.provider.midtrans.MidtransMethods.initiate;
import static io.paygate.payment.provider.midtrans.MidtransMethods.pageCode;
import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Refunds through Midtrans (docs/contract.md §3a): cards by {@code /refund} with the refund's {@code refund_key}, QRIS and
 * wallets by the direct refund; Midtrans's refusals fail the refund; a refund whose answer is lost is decided by
 * Midtrans's refund notification (its status's {@code refunds} list); a virtual account never reaches Midtrans.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransRefundsTest extends MidtransTestBase {

    @Test
    void aCardIsRefundedInTwoPartsEachUnderItsOwnRefundKey() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
        String ref = MidtransDb.reference(code);

        Refunds.refund(MID, orderId, "mt-card-1", "50000.00").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED")).body("refundedAmount", equalTo(50000.0f));
        Refunds.refund(MID, orderId, "mt-card-2", "100000.00").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED"));
        assertEquals("REFUNDED", MidtransCustomer.statusOf(MID, orderId));

        List<String> keys = MidtransDb.db().values("SELECT provider_reference FROM refund WHERE order_id = ? "
                + "AND merchant_id = ? ORDER BY created_at", orderId, MID.id());
        assertEquals(keys, SIM.refundKeys(ref), "Midtrans refunded each refund_key once");
        List<JsonNode> sent = SIM.requests().stream().filter(r -> r.path().equals("/v2/" + ref + "/refund"))
                .map(r -> Json.tree(r.body())).toList();
        assertEquals(2, sent.size(), "cards go to /refund");
        assertEquals(keys.getFirst(), sent.getFirst().path("refund_key").asText());
        assertEquals(50000, sent.getFirst().path("amount").asLong());
        assertEquals(List.of(PaymentStatus.CAPTURED, PaymentStatus.PARTIALLY_REFUNDED, PaymentStatus.REFUNDED),
                PaymentEvents.awaitRecords(MID.id(), code, 3, Duration.ofSeconds(20)).stream()
                        .map(r -> EventEnvelope.fromJson(r.value()).dataAs(PaymentStatusChanged.class).status())
                        .toList(), "Midtrans's own refund notifications add nothing");
    }

    @Test
    void aQrisIsRefundedThroughTheDirectRefund() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "QRIS"));
        SIM.payQr(MidtransMethods.scanQr(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        String ref = MidtransDb.reference(code);

        Refunds.refund(MID, orderId, "mt-qris-1", "150000.00").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED"));
        assertEquals("REFUNDED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals(1, MidtransMethods.requests("POST", "/v2/" + ref + "/refund/online/direct"));
        assertEquals(0, MidtransMethods.requests("POST", "/v2/" + ref + "/refund"));
        assertEquals("refund", SIM.status(ref).orElseThrow());
    }

    /**
     * Midtrans refunds, notifies, and answers only after the read timeout: the refund is PENDING to the gateway until
     * Midtrans's {@code partial_refund} notification makes it ask, and the status's {@code refunds} list names its
     * refund_key. Reconciliation never had to ask.
     */
    @Test
    void aRefundWhoseAnswerIsLateIsDecidedByMidtranssRefundNotification() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "GOPAY"));
        SIM.payWallet(MidtransDb.reference(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");

        SIM.delayNextRefund(Duration.ofMillis(2500)); // past the 1.5 s read timeout
        Refunds.refund(MID, orderId, "mt-gopay-1", "40000.00").then().statusCode(200);
        await().atMost(Duration.ofSeconds(10)).until(() -> "SUCCEEDED".equals(Refunds.get(MID, "mt-gopay-1").then()
                .extract().path("status")));
        assertEquals("PARTIALLY_REFUNDED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals("0", MidtransDb.db().value("SELECT inquiries FROM refund WHERE refund_id = ? AND merchant_id = ?",
                "mt-gopay-1", MID.id()), "decided by the notification, not by reconciliation");
        assertEquals(1, SIM.refundKeys(MidtransDb.reference(code)).size());
    }

    @Test
    void aRefundMidtransRefusesIsFailedAndTheMoneyStays() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        SIM.failNext(MidtransSimulator.Endpoint.REFUND, 412);
        Refunds.refund(MID, orderId, "mt-refused-1", "10000.00").then().statusCode(200)
                .body("status", equalTo("FAILED")).body("refundedAmount", equalTo(0.0f));
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
        assertTrue(SIM.refundKeys(MidtransDb.reference(code)).isEmpty());
    }

    @Test
    void aShopeePayRefundOfAPartIsRefusedBeforeMidtransIsAskedAndAVirtualAccountNeverReachesIt() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "SHOPEEPAY"));
        String ref = MidtransDb.reference(code);
        SIM.payWallet(ref);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        Refunds.refund(MID, orderId, "mt-shopee-1", "1000.00").then().statusCode(200)
                .body("status", equalTo("FAILED"))
                .body("statusDesc", equalTo("ShopeePay refunds only the whole payment"));
        assertEquals(0, MidtransMethods.requests("POST", "/v2/" + ref + "/refund/online/direct"));

        String vaOrder = Requests.orderId();
        JsonNode va = initiate(vaOrder, "VA_BCA");
        SIM.payVa(va.path("paymentCode").asText(), new BigDecimal("150000"));
        MidtransCustomer.awaitStatus(MID, vaOrder, "CAPTURED");
        Refunds.refund(MID, vaOrder, "mt-va-1", "1000.00").then().statusCode(409)
                .body("responseCode", equalTo("4090900"));
        assertEquals(0, SIM.requests().stream().filter(r -> r.path().contains(
                MidtransDb.reference(pageCode(va)) + "/refund")).count());
    }
}
