package io.paygate.qa.sample;

import io.paygate.model.api.refund.RefundRequest;
import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Delivery;
import io.paygate.qa.Initiated;
import io.paygate.qa.ListQuery;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.Refund;
import io.paygate.qa.Refunds;
import io.paygate.qa.TestCard;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Refunds of a captured card payment (docs/contract.md §3a), each notified to the merchant. */
@PaygateTest
class RefundTest {

    @Test
    void aCapturedPaymentIsRefundedInPartThenInFullAndEachRefundIsNotified(Paygate paygate,
                                                                         CallbackReceiver receiver) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("150000.00")
                .withCallbackUrl(receiver.url("/payments")));
        paygate.sandbox().payByCard(payment, TestCard.VISA_CAPTURED);
        paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED");

        Refund part = paygate.refunds().refund(payment.orderId(), "50000.00");
        part = paygate.refunds().awaitStatus(part.refundId(), WAIT, "SUCCEEDED", "FAILED");
        assertEquals("SUCCEEDED", part.status());
        assertEquals(new BigDecimal("50000.00"), part.refundedAmount().setScale(2));
        assertEquals("PARTIALLY_REFUNDED", paygate.payments().awaitStatus(payment.orderId(), WAIT,
                "PARTIALLY_REFUNDED").status());
        Delivery partNotified = receiver.awaitRefundNotification(part, "SUCCEEDED", WAIT);
        assertEquals("PARTIALLY_REFUNDED", partNotified.json().getString("result.payment.status"));

        Refund rest = paygate.refunds().refund(payment.orderId(), "100000.00");
        rest = paygate.refunds().awaitStatus(rest.refundId(), WAIT, "SUCCEEDED", "FAILED");
        assertEquals("SUCCEEDED", rest.status());
        assertEquals("REFUNDED", paygate.payments().awaitStatus(payment.orderId(), WAIT, "REFUNDED").status());
        receiver.awaitRefundNotification(rest, "SUCCEEDED", WAIT);

        assertEquals(2, paygate.lists().refunds(ListQuery.all().orderId(payment.orderId())).items().size());
        // Nothing more to refund: the contract's conflict, and the same refund id sent again is the same refund.
        paygate.refunds().send(new RefundRequest(payment.orderId(), "QA-RF-more-" + payment.orderId(), "1.00", null))
                .then().statusCode(409).body("responseCode", equalTo("4090900"));
        assertEquals(part.refundId(), paygate.refunds().refund(new RefundRequest(payment.orderId(), part.refundId(),
                "50000.00", "paygate-qa refund")).refundId());
    }

    @Test
    void aRefundTheProviderRefusesFailsAndLeavesThePaymentCaptured(Paygate paygate) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("80000.00"));
        paygate.sandbox().payByCard(payment, TestCard.MASTERCARD_CAPTURED);
        paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED");

        Refund refused = paygate.refunds().refund(payment.orderId(), "10000" + Refunds.FAILING_CENTS);
        refused = paygate.refunds().awaitStatus(refused.refundId(), WAIT, "SUCCEEDED", "FAILED");

        assertEquals("FAILED", refused.status());
        assertEquals("Refund refused by the provider", refused.statusDesc());
        assertEquals("CAPTURED", paygate.payments().status(payment.orderId()).status());
    }
}
