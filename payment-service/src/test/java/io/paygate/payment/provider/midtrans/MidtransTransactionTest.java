package io.paygate.payment.provider.midtrans;

import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ChargeStatus;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What Midtrans's transaction statuses mean for a paygate payment, and the notification signature. */
class MidtransTransactionTest {

    static MidtransTransaction t(String status, String fraud) {
        return MidtransTransaction.of(Json.tree("""
                {"order_id":"CHG1","status_code":"200","gross_amount":"150000.00","transaction_status":%s,
                 "fraud_status":%s,"status_message":"msg","masked_card":"481111-1114","card_type":"credit"}"""
                .formatted(status == null ? "null" : "\"" + status + "\"", fraud == null ? "null" : "\"" + fraud + "\"")));
    }

    static Optional<ChargeStatus> meaning(String status, String fraud) {
        return t(status, fraud).meaning();
    }

    @Test
    void captureWithFraudAcceptAndSettlementAreCaptured() {
        assertEquals(PaymentStatus.CAPTURED, meaning("capture", "accept").orElseThrow().status());
        assertEquals(PaymentStatus.CAPTURED, meaning("capture", null).orElseThrow().status());
        assertEquals(PaymentStatus.CAPTURED, meaning("settlement", "accept").orElseThrow().status());
        assertEquals("VISA", meaning("capture", "accept").orElseThrow().cardInfo().brand());
        assertEquals("CREDIT", meaning("capture", "accept").orElseThrow().cardInfo().type());
    }

    @Test
    void denyCancelExpireFailureAreFailedWithAReason() {
        assertEquals("Card declined (msg)", meaning("deny", "accept").orElseThrow().statusDesc());
        assertEquals("Payment cancelled (msg)", meaning("cancel", null).orElseThrow().statusDesc());
        assertEquals("Payment expired (msg)", meaning("expire", null).orElseThrow().statusDesc());
        assertEquals("Payment failed at the provider (msg)", meaning("failure", null).orElseThrow().statusDesc());
        assertEquals(PaymentStatus.FAILED, meaning("capture", "deny").orElseThrow().status());
    }

    @Test
    void pendingAndChallengeKeepDeciding() {
        assertEquals(ChargeStatus.State.PENDING, meaning("pending", null).orElseThrow().state());
        assertEquals(ChargeStatus.State.PENDING, meaning("capture", "challenge").orElseThrow().state());
    }

    @Test
    void whatThisCodeDoesNotKnowIsNotGuessed() {
        assertTrue(meaning("refund", null).isEmpty());
        assertTrue(meaning("chargeback", null).isEmpty());
        assertTrue(meaning(null, null).isEmpty());
        assertTrue(meaning("capture", "whatever").isEmpty());
    }

    static ChargeStatus openCharge(String status, String settlementTime) {
        return MidtransTransaction.of(Json.tree("""
                {"order_id":"CHG1","status_code":"200","gross_amount":"150000.00","transaction_status":"%s",
                 "payment_type":"bank_transfer","status_message":"Success, transaction is found"%s}"""
                .formatted(status, settlementTime == null ? "" : ",\"settlement_time\":\"" + settlementTime + "\"")))
                .meaning().orElseThrow();
    }

    @Test
    void anOpenChargeIsCapturedExpiredCancelledFailedOrReversedAsMidtransSays() {
        assertEquals(PaymentStatus.CAPTURED, openCharge("settlement", "2026-11-25 16:01:00").status());
        assertEquals(ChargeStatus.State.PENDING, openCharge("pending", null).state());
        assertEquals(PaymentStatus.EXPIRED, openCharge("expire", null).status());
        assertEquals(PaymentStatus.CANCELLED, openCharge("cancel", null).status(), "the gateway's own cancel");
        assertEquals(PaymentStatus.FAILED, openCharge("deny", null).status());
        assertEquals("Payment denied by the provider", openCharge("deny", null).statusDesc());
        assertEquals(PaymentStatus.REVERSED, openCharge("deny", "2026-11-25 16:01:00").status(),
                "deny after settlement");
        assertEquals(PaymentStatus.CAPTURED, openCharge("partial_refund", "2026-11-25 16:01:00").status(),
                "refunded since: it was paid");
    }

    @Test
    void theRefundsListIsReadByRefundKey() {
        MidtransTransaction t = MidtransTransaction.of(Json.tree("""
                {"order_id":"CHG1","transaction_status":"partial_refund","payment_type":"qris","refunds":[
                 {"refund_chargeback_id":1,"refund_amount":"5000.00","refund_key":"RFD1"},
                 {"refund_chargeback_id":2,"refund_amount":"7000.00","refund_key":"RFD2"}]}"""));
        assertEquals("7000.00", t.refund("RFD2").orElseThrow().amount());
        assertTrue(t.refund("RFD3").isEmpty());
        assertTrue(t.isRefund());
        assertTrue(t.claimsPaid());
    }

    @Test
    void grossAmountIsComparedAsANumber() {
        assertTrue(t("capture", "accept").amountIs(new BigDecimal("150000")));
        assertTrue(t("capture", "accept").amountIs(new BigDecimal("150000.00")));
        assertFalse(t("capture", "accept").amountIs(new BigDecimal("150000.01")));
    }

    @Test
    void signatureKeyIsSha512OfOrderStatusAmountAndServerKey() {
        // the vector in payment-service/README.md
        assertEquals("11a53e0ad6002dcabb9951d0d10e9cda0a34dd9cc49710b5b5b0ea068326a73eb966b9411ab1e1c6cb49586b029555"
                        + "7ec5becb52948ba97caf4613520de2691e",
                MidtransSignatureCheck.sign("CHG0123456789ABCDEFGHJKMNP", "200", "150000.00", "SB-Mid-server-example"));
        MidtransTransaction signed = new MidtransTransaction("CHG1", "200", "150000.00", "capture", "accept", null,
                null, null, MidtransSignatureCheck.sign("CHG1", "200", "150000.00", "key").toUpperCase(), null, null,
                java.util.List.of());
        assertTrue(MidtransSignatureCheck.verify(signed, "key"));
        assertFalse(MidtransSignatureCheck.verify(signed, "other-key"));
        MidtransTransaction amountChanged = new MidtransTransaction("CHG1", "200", "150000.0", "capture", "accept",
                null, null, null, signed.signatureKey(), null, null, java.util.List.of());
        assertFalse(MidtransSignatureCheck.verify(amountChanged, "key"), "the amount string exactly as signed");
    }
}
