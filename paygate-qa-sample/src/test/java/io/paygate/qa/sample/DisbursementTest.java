package io.paygate.qa.sample;

import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Delivery;
import io.paygate.qa.Disbursement;
import io.paygate.qa.Disbursements;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Transfers the sandbox bank pays, and one the merchant cancels (docs/contract.md §5), each transition notified. */
@PaygateTest
class DisbursementTest {

    @BeforeEach
    void notificationsToTheReceiver(Paygate paygate, CallbackReceiver receiver) {
        paygate.callbacks().register(receiver.url("/disbursements"), receiver.url("/bindings"));
    }

    @Test
    void aTransferIsPaidByTheBankAndEveryStepIsNotified(Paygate paygate, CallbackReceiver receiver) {
        Disbursement transfer = paygate.disbursements().transfer("250000.00", Disbursements.PAID_ACCOUNT);
        assertEquals("01", transfer.latestTransactionStatus());

        Disbursement paid = paygate.disbursements().awaitStatus(transfer.partnerReferenceNo(), WAIT, "00", "06");

        assertEquals("00", paid.latestTransactionStatus());
        assertEquals(transfer.referenceNo(), paid.referenceNo());
        Delivery delivery = receiver.awaitDisbursementNotification(transfer, "00", WAIT);
        assertEquals("/disbursements", delivery.path());
        assertEquals("250000.00", delivery.json().getString("amount.value"));
        assertEquals(transfer.referenceNo(), delivery.json().getString("originalReferenceNo"));
    }

    @Test
    void aTransferTheBankHoldsIsCancelledByTheMerchant(Paygate paygate, CallbackReceiver receiver) {
        Disbursement transfer = paygate.disbursements().transfer("10000.00", Disbursements.HELD_ACCOUNT);
        paygate.disbursements().awaitStatus(transfer.partnerReferenceNo(), WAIT, "03");

        assertEquals("05", paygate.disbursements().cancel(transfer.referenceNo()).latestTransactionStatus());

        assertEquals("manual", receiver.awaitDisbursementNotification(transfer, "05", WAIT).json()
                .getString("triggerType"));
    }
}
