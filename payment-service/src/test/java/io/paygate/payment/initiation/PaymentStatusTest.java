package io.paygate.payment.initiation;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code GET /pg/payment/card/status/{orderId}} (docs/contract.md §3). */
@QuarkusTest
@PaymentTestResources
class PaymentStatusTest {

    @Test
    void pendingPaymentShowsOrderResultAndExpiryWithoutCard() {
        String orderId = Requests.orderId();
        var initiated = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200).extract().jsonPath();
        String body = PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("responseMessage", equalTo("Success"))
                .body("paymentCode", equalTo(initiated.getString("paymentCode")))
                .body("order.id", equalTo(orderId))
                .body("order.reference", equalTo(initiated.getString("paymentCode")))
                .body("order.currency", equalTo("IDR"))
                .body("result.payment.status", equalTo("PENDING"))
                .body("result.payment", hasKey("statusDesc"))
                .body("result.payment.statusDesc", nullValue())
                .body("expiryLink", equalTo(initiated.getString("expiryLink")))
                .body("$", not(hasKey("card")))
                .extract().asString();
        // Amounts are JSON numbers, as in the notification.
        assertEquals(true, body.contains("\"amount\":150000.00"), body);
    }

    @Test
    void unknownOrderIsNotFound() {
        PaymentApi.status(SandboxMerchants.DEMO, "no-such-order").then().statusCode(404)
                .body("responseCode", equalTo("4040301"))
                .body("responseMessage", equalTo("Transaction Not Found"));
    }

    @Test
    void anotherMerchantsOrderIsAnsweredExactlyLikeAnUnknownOne() {
        String orderId = Requests.orderId();
        PaymentApi.newPayment(orderId);
        String foreign = PaymentApi.status(SandboxMerchants.DEMO2, orderId).then().statusCode(404)
                .body("responseCode", equalTo("4040301")).extract().asString();
        String unknown = PaymentApi.status(SandboxMerchants.DEMO2, "no-such-order").then().statusCode(404)
                .extract().asString();
        assertEquals(unknown, foreign);
    }

    @Test
    void statusNeedsTheMerchantSignature() {
        given().get("/pg/payment/card/status/anything").then().statusCode(401)
                .body("responseCode", equalTo("4010300"));
    }
}
