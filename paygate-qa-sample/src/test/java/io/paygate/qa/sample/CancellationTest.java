package io.paygate.qa.sample;

import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Initiated;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The merchant cancels a payment nobody paid yet (docs/contract.md §3a). */
@PaygateTest
class CancellationTest {

    @Test
    void anOpenVirtualAccountIsCancelledOnceNotifiedAndItsPageIsGone(Paygate paygate, CallbackReceiver receiver) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("120000.00").withMethod("VA_BNI")
                .withCallbackUrl(receiver.url("/payments")));

        JsonPath cancelled = paygate.refunds().cancel(payment.orderId());

        assertEquals("CANCELLED", cancelled.getString("status"));
        assertEquals("CANCELLED", paygate.refunds().cancel(payment.orderId()).getString("status"), "again: the same");
        assertEquals("CANCELLED", paygate.payments().status(payment.orderId()).status());
        receiver.awaitPaymentNotification(payment, "CANCELLED", WAIT);
        given().get(payment.redirectUrl().replaceFirst("^https?://[^/]+", paygate.target().paymentUrl()))
                .then().statusCode(410);
    }
}
