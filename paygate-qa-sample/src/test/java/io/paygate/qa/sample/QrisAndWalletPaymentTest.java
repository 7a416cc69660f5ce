package io.paygate.qa.sample;

import io.paygate.qa.Initiated;
import io.paygate.qa.LoggedNotification;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.PaymentStatus;
import org.junit.jupiter.api.Test;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A QRIS code scanned by the sandbox QRIS app from the QR image, and a wallet payment approved in the wallet; their
 * notifications read from the gateway's log, as a suite does when the deployment cannot reach it.
 */
@PaygateTest
class QrisAndWalletPaymentTest {

    private final Paygate paygate;

    QrisAndWalletPaymentTest(Paygate paygate) {
        this.paygate = paygate;
    }

    @Test
    void aQrisCodeScannedFromItsImageIsCaptured() {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("50000.00").withMethod("QRIS"));

        paygate.sandbox().scanQris(payment);

        assertCapturedAndNotified(payment, "QRIS");
    }

    @Test
    void aWalletPaymentApprovedInTheWalletIsCaptured() {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("65000.00").withMethod("GOPAY"));

        paygate.sandbox().approveWallet(payment);

        assertCapturedAndNotified(payment, "GOPAY");
    }

    private void assertCapturedAndNotified(Initiated payment, String method) {
        PaymentStatus status = paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED");
        assertEquals("CAPTURED", status.status());
        assertEquals(method, status.method());
        LoggedNotification notification = paygate.notifications()
                .awaitPaymentNotification(payment, "CAPTURED", WAIT);
        notification.request().verify(paygate.target().notificationSecret());
        assertEquals(method, notification.request().json().getString("sourceOfFunds.type"));
    }
}
