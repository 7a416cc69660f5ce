package io.paygate.qa.sample;

import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Delivery;
import io.paygate.qa.Initiated;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.PaymentStatus;
import org.junit.jupiter.api.Test;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A virtual account preselected at initiation, paid in the sandbox bank app. */
@PaygateTest
class VirtualAccountPaymentTest {

    @Test
    void aVirtualAccountPaidInTheBankAppIsCaptured(Paygate paygate, CallbackReceiver receiver) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("250000.00").withMethod("VA_BCA")
                .withCallbackUrl(receiver.url("/payments")));
        assertNotEquals(payment.reference(), payment.paymentCode(), "the VA number is what the customer pays");
        assertEquals("BCA", String.valueOf(payment.accountList().getFirst().get("bank")));

        paygate.sandbox().payVirtualAccount(payment);

        PaymentStatus status = paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED");
        assertEquals("CAPTURED", status.status());
        assertEquals("VA_BCA", status.method());
        Delivery delivery = receiver.awaitPaymentNotification(payment, "CAPTURED", WAIT);
        assertEquals("VA_BCA", delivery.json().getString("sourceOfFunds.type"));
        assertEquals(payment.paymentCode(), delivery.json().getString("sourceOfFunds.paymentCode"));
    }
}
