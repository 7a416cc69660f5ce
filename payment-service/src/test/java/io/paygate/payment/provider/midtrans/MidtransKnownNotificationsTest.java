package io.paygate.payment.provider.midtrans;

import io.paygate.payment.refund.SurplusRefunds;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator.Endpoint;
import io.quarkus.arc.Arc;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

import static io.paygate.payment.provider.midtrans.MidtransMethods.initiate;
import static io.paygate.payment.provider.midtrans.MidtransMethods.pageCode;
import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Issue 31: notifications whose meaning the gateway already knows (docs/contract.md §2). Midtrans's own settlement of a
 * payment it captured, partially refunded or refunded is acknowledged without an inquiry and is never a surplus (a
 * replayed settlement after a full refund used to start a second refund); copies of an edited notification cost one
 * status inquiry per replica and inquiry memory (200 copies made 145 inquiries), while another state of the charge is
 * still asked about. Provider calls are counted at the simulator.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransKnownNotificationsTest extends MidtransTestBase {

    @Test
    void aReplayedSettlementAfterAFullRefundStartsNoSecondRefund() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "QRIS"));
        SIM.payQr(MidtransMethods.scanQr(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        String ref = MidtransDb.reference(code);
        String settlement = awaitAcknowledged(ref, "settlement");

        long asked = SIM.calls(Endpoint.STATUS, ref);
        assertEquals(200, SIM.postRaw(settlement), "the capture of a CAPTURED payment, again");
        assertEquals(asked, SIM.calls(Endpoint.STATUS, ref), "known: nothing asked");

        Refunds.refund(MID, orderId, "mt-replay-1", "50000.00").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED"));
        String partial = awaitAcknowledged(ref, "partial_refund");
        asked = SIM.calls(Endpoint.STATUS, ref);
        assertEquals(200, SIM.postRaw(settlement), "the capture of a PARTIALLY_REFUNDED payment, again");
        assertEquals(asked, SIM.calls(Endpoint.STATUS, ref), "known: nothing asked");

        Refunds.refund(MID, orderId, "mt-replay-2", "100000.00").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED"));
        assertEquals("REFUNDED", MidtransCustomer.statusOf(MID, orderId));
        String refunded = awaitAcknowledged(ref, "refund");
        String version = MidtransDb.version(code);
        asked = SIM.calls(Endpoint.STATUS, ref);

        // Midtrans's own settlement, unedited, after the full refund (an attacker's replay or Midtrans's retry), and
        // its refund notifications again
        assertEquals(200, SIM.postRaw(settlement), "acknowledged, so Midtrans stops");
        assertEquals(200, SIM.postRaw(partial));
        assertEquals(200, SIM.postRaw(refunded));
        Arc.container().instance(SurplusRefunds.class).get().refundDue(); // what a surplus would start

        assertEquals(0, MidtransDb.db().count("SELECT count(*) FROM payment_surplus WHERE charge_reference = ?", ref),
                "the payment's own charge has no surplus");
        assertEquals(2, SIM.calls(Endpoint.REFUND, ref), "the merchant's two refunds and no other");
        assertEquals(asked, SIM.calls(Endpoint.STATUS, ref), "known: nothing asked");
        assertEquals(version, MidtransDb.version(code));
        assertEquals(3, PaymentEvents.awaitRecords(MID.id(), code, 3, Duration.ofSeconds(10)).size(),
                "CAPTURED, PARTIALLY_REFUNDED, REFUNDED, nothing more");
    }

    /**
     * Issue 31's amplification: Midtrans's settlement with only transaction_status edited to {@code deny} keeps a
     * valid signature_key and a status_code that allows it (200: the Deny API's answer). 200 copies, eight at a time,
     * make one status inquiry; Midtrans says settlement, nothing changes. Then a genuine reversal ({@code deny} under
     * 202: another state) is still asked about and decided.
     */
    @Test
    void twoHundredCopiesOfAnEditedNotificationMakeOneInquiry() throws Exception {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "QRIS"));
        SIM.payQr(MidtransMethods.scanQr(code));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        String ref = MidtransDb.reference(code);
        String settlement = awaitAcknowledged(ref, "settlement");
        String deny = settlement.replace("\"transaction_status\":\"settlement\"", "\"transaction_status\":\"deny\"");
        assertNotEquals(settlement, deny);
        String version = MidtransDb.version(code);
        long before = SIM.calls(Endpoint.STATUS, ref);

        List<Future<Integer>> replies = new ArrayList<>();
        Semaphore eightAtATime = new Semaphore(8);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 200; i++) {
                replies.add(pool.submit(() -> {
                    eightAtATime.acquire();
                    try {
                        return SIM.postRaw(deny);
                    } finally {
                        eightAtATime.release();
                    }
                }));
            }
            for (Future<Integer> reply : replies) {
                assertEquals(200, reply.get(), "acknowledged");
            }
        }
        long asked = SIM.calls(Endpoint.STATUS, ref) - before;
        assertEquals(1, asked, "status inquiries for 200 copies of an edited notification: " + asked);
        assertEquals(version, MidtransDb.version(code));
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));

        SIM.reverse(ref);
        MidtransCustomer.awaitStatus(MID, orderId, "REVERSED");
        assertEquals(2, SIM.calls(Endpoint.STATUS, ref) - before, "the reversal was asked about");
    }

    /**
     * Two refunds of one charge whose answers are lost, within one inquiry memory: Midtrans's two
     * {@code partial_refund} notifications tell of the same transaction_status, but each asks about other PENDING
     * refunds, so each is asked about and decides its refund.
     */
    @Test
    void twoLateRefundsWithinTheMemoryAreEachDecidedByTheirNotification() {
        String orderId = Requests.orderId();
        String code = pageCode(initiate(orderId, "GOPAY"));
        String ref = MidtransDb.reference(code);
        SIM.payWallet(ref);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");

        for (String refundId : List.of("mt-late-1", "mt-late-2")) {
            SIM.delayNextRefund(Duration.ofMillis(2500)); // past the 1.5 s read timeout
            Refunds.refund(MID, orderId, refundId, "40000.00").then().statusCode(200);
            await().atMost(Duration.ofSeconds(10)).until(() -> "SUCCEEDED".equals(Refunds.get(MID, refundId).then()
                    .extract().path("status")));
            assertEquals("0", MidtransDb.db().value("SELECT inquiries FROM refund WHERE refund_id = ? "
                    + "AND merchant_id = ?", refundId, MID.id()), "decided by the notification, not by reconciliation");
        }
        assertEquals("PARTIALLY_REFUNDED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals(2, SIM.refundKeys(ref).size());
    }

    /** The exact text of Midtrans's notification of {@code status} for {@code ref}, once the gateway acknowledged it. */
    private static String awaitAcknowledged(String ref, String status) {
        String marker = "\"transaction_status\":\"" + status + "\"";
        await().atMost(Duration.ofSeconds(10)).until(() -> SIM.deliveries().stream()
                .anyMatch(d -> d.body().contains(ref) && d.body().contains(marker) && d.status() == 200));
        return SIM.deliveries().stream()
                .filter(d -> d.body().contains(ref) && d.body().contains(marker) && d.status() == 200)
                .findFirst().orElseThrow().body();
    }
}
