package io.paygate.e2e;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/**
 * Binding and payment across two real services (CONTRACT §2, §4): bind → approve on the bank page → initiate a
 * payment for the same customer → the hosted page offers the binding (payment-service asked binding-service) →
 * pay by direct debit → CAPTURED, without a card object.
 */
class DirectDebitFlowIT {

    static RequestSpecification merchant(String baseUrl) {
        return given().baseUri(baseUrl).filter(MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .contentType("application/json");
    }

    @Test
    void aBoundCustomerPaysByDirectDebitOnTheHostedPage() throws Exception {
        String customer = "CUST-" + UUID.randomUUID().toString().substring(0, 8);
        String orderId = "ORD-" + UUID.randomUUID();

        String bindingId = merchant(Stack.binding()).body("""
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}""".formatted(customer))
                .post("/pg/payment/card/directdebit/bind").then().statusCode(200)
                .body("status", equalTo("PENDING")).extract().path("bindingId");
        given().baseUri(Stack.binding()).redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("otp", "123456").post("/pg/bind/" + bindingId + "/authorize").then().statusCode(303);

        String redirect = merchant(Stack.payment()).body("""
                {"order":{"id":"%s","amount":"75000","description":"Direct debit order"},\
                "customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"url":{"callbackUrl":"https://merchant.example.com/cb"}}"""
                .formatted(orderId, customer)).post("/pg/payment/card/initiate").then().statusCode(200)
                .extract().path("redirecturl");
        String paymentCode = redirect.substring(redirect.lastIndexOf('/') + 1);

        given().get(redirect).then().statusCode(200)
                .body(containsString("value=\"" + bindingId + "\""), containsString("Mandiri direct debit"));

        given().baseUri(Stack.payment()).redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("bindingId", bindingId).post("/pg/pay/" + paymentCode + "/directdebit").then().statusCode(303);

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(300)).untilAsserted(() ->
                merchant(Stack.payment()).get("/pg/payment/card/status/" + orderId).then().statusCode(200)
                        .body("result.payment.status", equalTo("CAPTURED"))
                        .body("card", nullValue()));
    }

    @Test
    void aCustomerWithoutBindingsIsOfferedCardOnly() throws Exception {
        String redirect = merchant(Stack.payment()).body("""
                {"order":{"id":"ORD-%s","amount":"1000"},"customer":{"id":"NOBODY-1","email":"a@b.co","firstName":"A",\
                "lastName":"B","mobilePhone":"+6281234567890"},"url":{"callbackUrl":"https://merchant.example.com/cb"}}"""
                .formatted(UUID.randomUUID())).post("/pg/payment/card/initiate").then().statusCode(200)
                .extract().path("redirecturl");
        given().get(redirect).then().statusCode(200).body(not(containsString("name=\"bindingId\"")));
    }
}
