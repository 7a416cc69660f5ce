package io.paygate.payment.provider.midtrans;

import io.paygate.payment.support.LogCapture;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reconciliation of Midtrans payments (docs/contract.md §2) by {@code GET /v2/{order_id}/status} with the payment's own
 * channel and merchant keys: a notification that never comes, a charge whose answer was a 5xx or never came.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransReconciliationTest extends MidtransTestBase {

    @Test
    void aNotificationThatNeverComesIsReconciledByInquiryAndALateOneChangesNothing() throws Exception {
        SIM.notifications(MidtransSimulator.Notifications.NEVER);
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        try (LogCapture logs = LogCapture.start()) {
            PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
            MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "112233")).then().statusCode(303);
            String ref = MidtransDb.reference(code);
            assertEquals("capture", SIM.status(ref).orElseThrow(), "Midtrans captured");
            assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId), "paygate was never told");
            SIM.failNextStatusOf(ref, 503); // the inquiry is retried

            MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
            assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
            assertTrue(SIM.requests().stream().filter(r -> r.path().equals("/v2/" + ref + "/status")).count() >= 2);
            assertEquals("1", MidtransDb.db().value("SELECT count(*) FROM payment WHERE payment_code = ? "
                    + "AND last_inquiry_at IS NOT NULL", code));
            String after = MidtransDb.version(code);

            SIM.notifications(MidtransSimulator.Notifications.NORMAL);
            SIM.resend(ref); // the late notification
            MidtransCardFlowTest.await(() -> SIM.deliveries().stream()
                    .anyMatch(d -> d.body().contains(ref) && d.status() == 200));
            assertEquals(after, MidtransDb.version(code));
            assertFalse(logs.text().contains(MidtransSetup.SERVER_KEY));
            assertFalse(logs.text().contains("4811111111111114"));
        }
    }

    @Test
    void aChargeAnswered5xxStaysProcessingAndIsFailedWhenMidtransDoesNotKnowIt() {
        SIM.failNext(MidtransSimulator.Endpoint.CHARGE, 500);
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId), "a 5xx is no answer");
        MidtransCustomer.awaitStatus(MID, orderId, "FAILED");
        assertEquals("Not decided by the provider", MidtransCustomer.statusDescOf(MID, orderId));
    }

    @Test
    void aChargeWhoseAnswerTimesOutIsReconciledToWhatMidtransDid() {
        SIM.notifications(MidtransSimulator.Notifications.NEVER); // only the inquiry can tell
        SIM.delayNextCharge(Duration.ofMillis(2500)); // longer than the 1.5 s read timeout; Midtrans charges anyway
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
        String ref = MidtransDb.reference(code);
        assertEquals(1, SIM.requests().stream().filter(r -> r.path().equals("/v2/charge")
                && r.body().contains(ref)).count(), "the charge was not repeated");
    }
}
