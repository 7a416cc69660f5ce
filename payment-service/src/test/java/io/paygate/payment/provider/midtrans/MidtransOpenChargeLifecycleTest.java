package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static io.paygate.payment.provider.midtrans.MidtransMethods.atMidtrans;
import static io.paygate.payment.provider.midtrans.MidtransMethods.initiate;
import static io.paygate.payment.provider.midtrans.MidtransMethods.pageCode;
import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What becomes of a Midtrans charge paid later (docs/contract.md §2a): Midtrans's expiry, the provider's reversal of a
 * settlement, the cancel before another method is opened (and the payment that beat it), money that reaches a
 * cancelled payment's charge, and reconciliation of a charge past its expiry when Midtrans says nothing.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransOpenChargeLifecycleTest extends MidtransTestBase {

    private static final BigDecimal AMOUNT = new BigDecimal("150000");

    @Test
    void anUnpaidVirtualAccountExpiresWhenMidtransSaysItExpired() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "VA_BRI");
        String code = pageCode(reply);
        SIM.expire(MidtransDb.reference(code));
        MidtransCustomer.awaitStatus(MID, orderId, "EXPIRED");
        assertEquals(PaymentStatus.EXPIRED, PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class)
                .status());
        assertEquals(MidtransSimulator.Payment.REFUSED, SIM.payVa(reply.path("paymentCode").asText(), AMOUNT));
    }

    @Test
    void aSettledQrisThatTheProviderReversesIsReversedAndNotified() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "QRIS"));
        SIM.payQr(MidtransMethods.scanQr(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");

        SIM.reverse(MidtransDb.reference(code)); // Midtrans: settlement → deny
        MidtransCustomer.awaitStatus(MID, orderId, "REVERSED");
        assertEquals("Reversed by the provider", MidtransCustomer.statusDescOf(MID, orderId));
        List<ConsumerRecord<String, String>> events = PaymentEvents.awaitRecords(MID.id(), code, 2,
                Duration.ofSeconds(20));
        assertEquals(List.of(PaymentStatus.CAPTURED, PaymentStatus.REVERSED), events.stream()
                .map(r -> EventEnvelope.fromJson(r.value()).dataAs(PaymentStatusChanged.class).status()).toList());
        String after = MidtransDb.version(code);
        SIM.resend(MidtransDb.reference(code));
        awaitDelivered(MidtransDb.reference(code), "deny", 2);
        assertEquals(after, MidtransDb.version(code), "a late copy of the reversal changes nothing");
    }

    @Test
    void switchingFromAVirtualAccountToQrisCancelsTheVirtualAccountAtMidtransFirst() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        Methods.choose(code, "VA_BCA").then().statusCode(303);
        String vaRef = MidtransDb.reference(code);
        String va = atMidtrans(vaRef).at("/va_numbers/0/va_number").asText();

        Methods.choose(code, "QRIS").then().statusCode(303);
        String qrRef = MidtransDb.reference(code);
        assertNotEquals(vaRef, qrRef);
        assertEquals(1, MidtransMethods.requests("POST", "/v2/" + vaRef + "/cancel"));
        assertEquals("cancel", SIM.status(vaRef).orElseThrow());
        assertEquals(MidtransSimulator.Payment.REFUSED, SIM.payVa(va, AMOUNT), "the old number takes no money");

        SIM.payQr(MidtransMethods.scanQr(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        PaymentStatusChanged captured = PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class);
        assertEquals("QRIS", captured.sourceOfFunds().type());
        assertEquals("0", MidtransDb.db().value("SELECT count(*) FROM payment_surplus WHERE charge_reference = ?",
                vaRef));
    }

    @Test
    void aVirtualAccountPaidJustBeforeTheSwitchCapturesThePaymentAndNothingElseIsOpened() {
        SIM.notifications(MidtransSimulator.Notifications.NEVER); // the gateway has not heard of the payment yet
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        Methods.choose(code, "VA_CIMB").then().statusCode(303);
        String vaRef = MidtransDb.reference(code);
        assertEquals(MidtransSimulator.Payment.PAID,
                SIM.payVa(atMidtrans(vaRef).at("/va_numbers/0/va_number").asText(), AMOUNT));
        long charges = MidtransMethods.requests("POST", "/v2/charge");

        Methods.choose(code, "QRIS").then().statusCode(303);
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId), "Midtrans's cancel said it was settled");
        assertEquals(charges, MidtransMethods.requests("POST", "/v2/charge"), "no QRIS charge was opened");
        assertEquals("VA_CIMB", PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class)
                .sourceOfFunds().type());
    }

    /**
     * Midtrans answered the merchant's cancel as if it did not know the charge, so the payment was CANCELLED while the
     * virtual account stayed open there; the customer's transfer then is recorded as surplus, never lost, and a
     * replayed notification of it asks Midtrans nothing more.
     */
    @Test
    void moneyThatReachesACancelledPaymentsVirtualAccountIsRecordedAsSurplus() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "VA_PERMATA"));
        String vaRef = MidtransDb.reference(code);
        SIM.failNext(MidtransSimulator.Endpoint.CANCEL, 404);
        Refunds.cancel(MID, orderId).then().statusCode(200);
        assertEquals("CANCELLED", MidtransCustomer.statusOf(MID, orderId));

        assertEquals(MidtransSimulator.Payment.PAID,
                SIM.payVa(atMidtrans(vaRef).path("permata_va_number").asText(), AMOUNT));
        await().atMost(Duration.ofSeconds(20)).until(() -> "1".equals(MidtransDb.db().value(
                "SELECT count(*) FROM payment_surplus WHERE charge_reference = ?", vaRef)));
        assertEquals("NEEDS_OPERATOR", MidtransDb.db().value(
                "SELECT state FROM payment_surplus WHERE charge_reference = ?", vaRef), "a VA refunds nothing");
        assertEquals("CANCELLED", MidtransCustomer.statusOf(MID, orderId));

        long asked = MidtransMethods.requests("GET", "/v2/" + vaRef + "/status");
        SIM.resend(vaRef);
        awaitDelivered(vaRef, "settlement", 2);
        assertEquals(asked, MidtransMethods.requests("GET", "/v2/" + vaRef + "/status"));
    }

    /**
     * Midtrans neither notifies nor expires the store code by itself: at the charge's expiry reconciliation asks
     * Midtrans (still pending), cancels it there so it takes no more money, and the payment expires.
     */
    @Test
    void aStoreCodePastItsExpiryIsReconciledByInquiryCancelledAtMidtransAndExpired() {
        SIM.notifications(MidtransSimulator.Notifications.NEVER).autoExpire(false);
        try {
            String orderId = Requests.orderId();
            JsonNode reply = initiate(orderId, "ALFAMART");
            String ref = MidtransDb.reference(pageCode(reply));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                    .until(() -> "EXPIRED".equals(MidtransCustomer.statusOf(MID, orderId)));
            assertTrue(MidtransMethods.requests("GET", "/v2/" + ref + "/status") >= 1, "asked first");
            assertEquals("cancel", SIM.status(ref).orElseThrow(), "then cancelled at Midtrans");
            assertEquals(MidtransSimulator.Payment.REFUSED, SIM.payStore("ALFAMART",
                    reply.path("paymentCode").asText(), AMOUNT));
        } finally {
            SIM.autoExpire(true);
        }
    }

    private static void awaitDelivered(String reference, String status, int times) {
        await().atMost(Duration.ofSeconds(10)).until(() -> SIM.deliveries().stream()
                .filter(d -> d.body().contains(reference) && d.body().contains("\"" + status + "\"")
                        && d.status() == 200).count() >= times);
    }
}
