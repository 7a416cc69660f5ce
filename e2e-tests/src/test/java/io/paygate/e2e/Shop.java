package io.paygate.e2e;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.response.Response;

import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;

/**
 * A merchant and its customers over plain HTTP, for the tests that need many payments quickly (the fault tests):
 * a signed initiation, then the hosted page's card form posted as the browser would post it.
 */
final class Shop {

    private final SandboxMerchants.Merchant merchant;

    private Shop(SandboxMerchants.Merchant merchant) {
        this.merchant = merchant;
    }

    static Shop of(SandboxMerchants.Merchant merchant) {
        return new Shop(merchant);
    }

    /** An initiated payment: the merchant's order id and the hosted page's payment code. */
    record Payment(String orderId, String paymentCode) {
    }

    /** Initiates a payment whose notification goes to {@code callbackUrl}; the response when it is not 200. */
    Payment initiate(String callbackUrl) throws Exception {
        String orderId = "ORD-" + UUID.randomUUID();
        Response response = given().baseUri(Stack.payment()).filter(MerchantSigningFilter.as(merchant))
                .contentType("application/json").body("""
                        {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"id":"CUST-9",\
                        "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                        "url":{"callbackUrl":"%s"}}""".formatted(orderId, callbackUrl))
                .post("/pg/payment/card/initiate");
        if (response.statusCode() != 200) {
            throw new AssertionError("initiate answered " + response.statusCode() + ": " + response.asString());
        }
        String redirect = response.path("redirecturl");
        return new Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1));
    }

    /** The customer pays with a card that the sandbox provider captures without 3-D Secure. */
    static void payByCard(Payment payment) throws Exception {
        Response response = given().baseUri(Stack.payment()).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + payment.paymentCode() + "/card");
        if (response.statusCode() != 303) {
            throw new AssertionError("paying " + payment.paymentCode() + " answered " + response.statusCode()
                    + ": " + response.asString());
        }
    }

    /** The payment's status as the merchant's status inquiry reports it. */
    String status(Payment payment) throws Exception {
        return given().baseUri(Stack.payment()).filter(MerchantSigningFilter.as(merchant))
                .get("/pg/payment/card/status/" + payment.orderId())
                .then().statusCode(200).extract().path("result.payment.status");
    }
}
