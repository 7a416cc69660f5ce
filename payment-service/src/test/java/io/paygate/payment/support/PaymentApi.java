package io.paygate.payment.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** The payment-service API and hosted page as a merchant and a customer use them, over real HTTP. */
public final class PaymentApi {

    private PaymentApi() {
    }

    public static RequestSpecification as(SandboxMerchants.Merchant merchant) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json");
    }

    public static Response initiate(ObjectNode body) {
        return initiate(SandboxMerchants.DEMO, Json.write(body));
    }

    public static Response initiate(SandboxMerchants.Merchant merchant, String body) {
        return as(merchant).body(body).post("/pg/payment/card/initiate");
    }

    /** Initiates the smallest request for a new order; returns the paymentCode. */
    public static String newPayment(String orderId) {
        return initiate(Requests.minimal(orderId)).then().statusCode(200).extract().path("paymentCode");
    }

    public static Response status(SandboxMerchants.Merchant merchant, String orderId) {
        return given().filter(MerchantSigningFilter.as(merchant)).get("/pg/payment/card/status/" + orderId);
    }

    public static Response page(String paymentCode) {
        return given().get("/pg/pay/" + paymentCode);
    }

    /** Posts the card form as the page does; does not follow the 303. */
    public static Response payByCard(String paymentCode, String number, String month, String year, String cvv,
                                     String name) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("cardNumber", number).formParam("expiryMonth", month).formParam("expiryYear", year)
                .formParam("cvv", cvv).formParam("cardholderName", name)
                .post("/pg/pay/" + paymentCode + "/card");
    }

    public static Response payByCard(String paymentCode, String number) {
        return payByCard(paymentCode, number, "12", String.valueOf(java.time.Year.now().getValue() + 2), "123",
                "Budi Santoso");
    }

    public static Response answerOtp(String paymentCode, String otp) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("otp", otp).post("/pg/pay/" + paymentCode + "/otp");
    }

    /** The status the merchant sees for {@code orderId}. */
    public static String statusOf(String orderId) {
        return status(SandboxMerchants.DEMO, orderId).then().statusCode(200).extract().path("result.payment.status");
    }

    /** Waits until the merchant sees {@code expected} for {@code orderId}. */
    public static void awaitStatus(String orderId, String expected) {
        awaitStatus(SandboxMerchants.DEMO, orderId, expected);
    }

    /** Waits until {@code merchant} sees {@code expected} for its {@code orderId}. */
    public static void awaitStatus(SandboxMerchants.Merchant merchant, String orderId, String expected) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> expected.equals(status(merchant, orderId).then().statusCode(200).extract()
                        .path("result.payment.status")));
    }
}
