package io.paygate.payment.credential;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Year;
import java.util.List;
import java.util.UUID;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §1b, stored cards: {@code card.storedOnFile} at initiation, the page's "save this card", storing on
 * capture (once per card), the list and the delete, over real HTTP with the sandbox provider's real callback.
 */
@QuarkusTest
@PaymentTestResources
class StoredCardsTest {

    @Inject
    AgroalDataSource dataSource;

    private static String customer() {
        return "CUST-" + UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void storedOnFileNeedsACustomerIdAndWritesNothingWithoutOne() {
        String orderId = Requests.orderId();
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "card.storedOnFile", "TO_BE_STORED");
        PaymentApi.initiate(body).then().statusCode(400)
                .body("responseCode", equalTo("4000102"))
                .body("responseMessage", equalTo("Invalid Mandatory Field customer.id"));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", orderId));
    }

    @Test
    void anotherStoredOnFileValueIsRefusedByName() {
        String orderId = Requests.orderId();
        ObjectNode body = StoredCardApi.offeringToStore(orderId, customer());
        Requests.with(body, "card.storedOnFile", "STORE");
        PaymentApi.initiate(body).then().statusCode(400)
                .body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format card.storedOnFile"));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", orderId));
    }

    @Test
    void thePageOffersSavingTickedOnlyWhenTheMerchantAskedIt() {
        String offered = PaymentApi.initiate(StoredCardApi.offeringToStore(Requests.orderId(), customer())).then()
                .statusCode(200).extract().path("paymentCode");
        PaymentApi.page(offered).then().statusCode(200)
                .body(containsString("<input type=\"checkbox\" id=\"saveCard\" name=\"saveCard\" value=\"on\" checked"))
                .body(containsString("Save this card for my next payments"));
        PaymentApi.page(offered + "?lang=id").then().statusCode(200)
                .body(containsString("Simpan kartu ini untuk pembayaran berikutnya"));

        ObjectNode plain = Requests.minimal(Requests.orderId());
        Requests.with(plain, "customer.id", customer());
        String notOffered = PaymentApi.initiate(plain).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.page(notOffered).then().statusCode(200).body(not(containsString("name=\"saveCard\"")));
    }

    @Test
    void aCapturedPaymentBySavedCardStoresTheCardOnceAndTheListShowsIt() {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111 1111 1111 1111");

        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("cards", hasSize(1))
                .body("cards[0].tokenId", matchesPattern("^tok_[0-9A-Z]{24}$"))
                .body("cards[0].mask", equalTo("411111******1111"))
                .body("cards[0].brand", equalTo("VISA"))
                .body("cards[0].expiryMonth", equalTo("12"))
                .body("cards[0].expiryYear", equalTo(String.valueOf(Year.now().getValue() + 2)))
                .body("cards[0].createdAt", matchesPattern("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+07:00$"));

        // the same card saved again by the same customer: the same tokenId, not a second card
        assertEquals(tokenId, StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111111111111111"));
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().body("cards", hasSize(1));
        // another card is another token, listed first (newest)
        String second = StoredCardApi.store(SandboxMerchants.DEMO, customer, "5555 5555 5555 4444");
        List<String> tokens = StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                .extract().path("cards.tokenId");
        assertEquals(List.of(second, tokenId), tokens);
    }

    @Test
    void anUntickedBoxOrAnOfferTheMerchantDidNotMakeStoresNothing() {
        String customer = customer();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then().statusCode(200)
                .extract().path("paymentCode");
        StoredCardApi.payByCard(code, "4111111111111111", false).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");

        String plainOrder = Requests.orderId();
        ObjectNode plain = Requests.minimal(plainOrder);
        Requests.with(plain, "customer.id", customer);
        String plainCode = PaymentApi.initiate(plain).then().statusCode(200).extract().path("paymentCode");
        StoredCardApi.payByCard(plainCode, "4111111111111111", true).then().statusCode(303); // a forged tick
        PaymentApi.awaitStatus(plainOrder, "CAPTURED");

        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200).body("cards", hasSize(0));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM stored_card WHERE customer_id = ?", customer));
    }

    @Test
    void aDeclinedPaymentStoresNothing() {
        String customer = customer();
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then().statusCode(200)
                .extract().path("paymentCode");
        StoredCardApi.payByCard(code, "4000000000000002", true).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "FAILED");
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200).body("cards", hasSize(0));
    }

    @Test
    void deletingForgetsTheCardAtTheProviderTooAndASecondDeleteIsNotFound() {
        String customer = customer();
        // a number nobody else stored: the provider forgets a token when no other customer's card holds it
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, StoredCardApi.freshNumber());
        String providerToken = new Db(dataSource).value("SELECT provider_token FROM stored_card WHERE token_id = ?",
                tokenId);

        StoredCardApi.delete(SandboxMerchants.DEMO, tokenId).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("tokenId", equalTo(tokenId));
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200).body("cards", hasSize(0));
        assertEquals(1, new Db(dataSource).count(
                "SELECT count(*) FROM sandbox_card WHERE token = ? AND forgotten_at IS NOT NULL", providerToken));
        StoredCardApi.delete(SandboxMerchants.DEMO, tokenId).then().statusCode(404)
                .body("responseCode", equalTo("4041101"));
        StoredCardApi.pay(SandboxMerchants.DEMO, StoredCardApi.oneClick(Requests.orderId(), customer, tokenId))
                .then().statusCode(404).body("responseCode", equalTo("4041101"));
    }

    @Test
    void anotherMerchantsCardIsAnsweredExactlyAsAnUnknownOne() {
        String customer = customer();
        String tokenId = StoredCardApi.store(SandboxMerchants.DEMO, customer, "4111111111111111");

        String foreign = StoredCardApi.delete(SandboxMerchants.DEMO2, tokenId).then().statusCode(404)
                .extract().asString();
        String unknown = StoredCardApi.delete(SandboxMerchants.DEMO2, "tok_UNKNOWN0000000000000000000").then()
                .statusCode(404).extract().asString();
        assertEquals(unknown, foreign);
        StoredCardApi.list(SandboxMerchants.DEMO2, customer).then().statusCode(200).body("cards", hasSize(0));

        String foreignOrder = Requests.orderId();
        String foreignPay = StoredCardApi.pay(SandboxMerchants.DEMO2, StoredCardApi.oneClick(foreignOrder, customer,
                tokenId)).then().statusCode(404).extract().asString();
        String unknownPay = StoredCardApi.pay(SandboxMerchants.DEMO2, StoredCardApi.oneClick(Requests.orderId(),
                customer, "tok_UNKNOWN0000000000000000000")).then().statusCode(404).extract().asString();
        assertEquals(Json.tree(unknownPay).get("responseMessage"), Json.tree(foreignPay).get("responseMessage"));
        assertEquals("4041101", Json.tree(foreignPay).get("responseCode").asText());
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", foreignOrder));
        // still the first merchant's
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().body("cards", hasSize(1));
    }

    @Test
    void theListRefusesAMissingOrMalformedCustomerId() {
        PaymentApi.as(SandboxMerchants.DEMO).get("/pg/payment/card/stored").then().statusCode(400)
                .body("responseCode", equalTo("4001102"))
                .body("responseMessage", equalTo("Invalid Mandatory Field customerId"));
        StoredCardApi.list(SandboxMerchants.DEMO, "x".repeat(65)).then().statusCode(400)
                .body("responseCode", equalTo("4001101"))
                .body("responseMessage", equalTo("Invalid Field Format customerId"));
        StoredCardApi.list(SandboxMerchants.DEMO, "a b").then().statusCode(400)
                .body("responseCode", equalTo("4001101"));
    }

    @Test
    void everyStoredCardEndpointAsksForTheMerchantsSignature() {
        io.restassured.RestAssured.given().get("/pg/payment/card/stored?customerId=C1").then().statusCode(401)
                .body("responseCode", equalTo("4011100"));
        io.restassured.RestAssured.given().delete("/pg/payment/card/stored/tok_X").then().statusCode(401)
                .body("responseCode", equalTo("4011100"));
        io.restassured.RestAssured.given().contentType("application/json").body("{}")
                .post("/pg/payment/card/payment").then().statusCode(401)
                .body("responseCode", equalTo("4011100"));
    }
}
