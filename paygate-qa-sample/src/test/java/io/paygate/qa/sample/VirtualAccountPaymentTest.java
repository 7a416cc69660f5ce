package io.paygate.qa.sample;

import io.paygate.qa.Initiated;
import io.paygate.qa.LoggedNotification;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.PaymentStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A virtual account preselected at initiation, paid in the sandbox bank app. */
@EnabledIf("io.paygate.qa.PaygateTarget#configured")
class VirtualAccountPaymentTest {

    private final Paygate paygate = SampleSuite.paygate();

    @Test
    void aVirtualAccountPaidInTheBankAppIsCaptured() {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("250000.00").withMethod("VA_BCA"));
        assertNotEquals(payment.reference(), payment.paymentCode(), "the VA number is what the customer pays");
        assertEquals("BCA", String.valueOf(payment.accountList().getFirst().get("bank")));

        paygate.sandbox().payVirtualAccount(payment);

        PaymentStatus status = paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED");
        assertEquals("CAPTURED", status.status());
        assertEquals("VA_BCA", status.method());
        LoggedNotification notification = paygate.notifications()
                .awaitPaymentNotification(payment, "CAPTURED", WAIT);
        notification.request().verify(paygate.target().notificationSecret());
        assertEquals("VA_BCA", notification.request().json().getString("sourceOfFunds.type"));
        assertEquals(payment.paymentCode(), notification.request().json().getString("sourceOfFunds.paymentCode"));
    }
}
