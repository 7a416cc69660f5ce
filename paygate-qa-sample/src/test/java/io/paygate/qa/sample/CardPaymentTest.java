package io.paygate.qa.sample;

import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Delivery;
import io.paygate.qa.Initiated;
import io.paygate.qa.LoggedNotification;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.PaymentStatus;
import io.paygate.qa.TestCard;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import static io.paygate.qa.NotificationMatchers.signedWith;
import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A customer pays by card on the hosted page; the merchant's status inquiry and notification agree. */
@PaygateTest
class CardPaymentTest {

    @Test
    void aCardPaymentIsCapturedAndItsSignedNotificationArrives(Paygate paygate, CallbackReceiver receiver) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("150000.00")
                .withCallbackUrl(receiver.url("/payments")));

        paygate.sandbox().payByCard(payment, TestCard.VISA_CAPTURED);

        PaymentStatus status = paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED");
        assertEquals("CAPTURED", status.status());
        assertEquals(payment.reference(), status.reference());

        Delivery delivery = receiver.awaitPaymentNotification(payment, "CAPTURED", WAIT);
        assertTrue(delivery.verified());
        JsonPath body = delivery.json();
        assertEquals(payment.orderId(), body.getString("order.id"));
        assertEquals(150000.0, body.getDouble("order.amount"));
        assertEquals(payment.reference(), body.getString("order.reference"));
        assertTrue(body.getString("card.mask").startsWith("411111"), body.getString("card.mask"));
        assertTrue(body.getString("card.mask").endsWith("1111"), body.getString("card.mask"));
        // The gateway's log has the same notification, by the id every attempt carries.
        paygate.notifications().fetch(delivery.webhookId()).then().statusCode(200)
                .body("request", signedWith(paygate.target().notificationSecret()))
                .body("request.body", equalTo(delivery.body()));
    }

    @Test
    void aDeclinedCardFailsWithItsReasonAndTheLogShowsTheSignedNotification(Paygate paygate) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("75000.00"));

        paygate.sandbox().payByCard(payment, TestCard.DECLINED);

        PaymentStatus status = paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED");
        assertEquals("FAILED", status.status());
        assertEquals(TestCard.DECLINED.statusDesc(), status.statusDesc());
        LoggedNotification notification = paygate.notifications().awaitPaymentNotification(payment, "FAILED", WAIT);
        notification.request().verify(paygate.target().notificationSecret());
        assertEquals(TestCard.DECLINED.statusDesc(),
                notification.request().json().getString("result.payment.statusDesc"));
    }
}
