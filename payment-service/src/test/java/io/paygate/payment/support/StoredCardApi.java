package io.paygate.payment.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.api.Card;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;

import java.time.Year;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;

/** Stored cards and one-click payments (docs/contract.md §1b) as a merchant and a customer use them, over real HTTP. */
public final class StoredCardApi {

    private StoredCardApi() {
    }

    /**
     * A Luhn-valid card number no other test uses (the sandbox captures any such number), so no card stored elsewhere
     * shares its provider token.
     */
    public static String freshNumber() {
        StringBuilder digits = new StringBuilder("4");
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < 14; i++) {
            digits.append(random.nextInt(10));
        }
        for (int check = 0; ; check++) {
            if (Card.luhn(digits.toString() + check)) {
                return digits.toString() + check;
            }
        }
    }

    /** The smallest initiation for {@code customerId} that offers "save this card". */
    public static ObjectNode offeringToStore(String orderId, String customerId) {
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", customerId);
        Requests.with(body, "card.storedOnFile", "TO_BE_STORED");
        return body;
    }

    /** Posts the card form with "save this card" ticked ({@code saveCard=on}) or not; does not follow the 303. */
    public static Response payByCard(String paymentCode, String number, boolean save) {
        var request = given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig()
                        .followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("cardNumber", number).formParam("expiryMonth", "12")
                .formParam("expiryYear", String.valueOf(Year.now().getValue() + 2)).formParam("cvv", "123")
                .formParam("cardholderName", "Budi Santoso");
        if (save) {
            request.formParam("saveCard", "on");
        }
        return request.post("/pg/pay/" + paymentCode + "/card");
    }

    /**
     * Pays a new payment of {@code customerId} with {@code number}, saving it, and waits for the capture; returns the
     * stored card's tokenId.
     */
    public static String store(SandboxMerchants.Merchant merchant, String customerId, String number) {
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(merchant, Json.write(offeringToStore(orderId, customerId))).then()
                .statusCode(200).extract().path("paymentCode");
        payByCard(code, number, true).then().statusCode(303);
        PaymentApi.awaitStatus(merchant, orderId, "CAPTURED");
        List<String> tokens = list(merchant, customerId).then().statusCode(200).extract().path("cards.tokenId");
        return tokens.get(0);
    }

    public static Response list(SandboxMerchants.Merchant merchant, String customerId) {
        return PaymentApi.as(merchant).queryParam("customerId", customerId).get("/pg/payment/card/stored");
    }

    public static Response delete(SandboxMerchants.Merchant merchant, String tokenId) {
        return given().filter(io.paygate.testsupport.rest.MerchantSigningFilter.as(merchant))
                .delete("/pg/payment/card/stored/" + tokenId);
    }

    /** A one-click payment body: the smallest initiation plus customer.id and card.token. */
    public static ObjectNode oneClick(String orderId, String customerId, String tokenId) {
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", customerId);
        Requests.with(body, "card.token", tokenId);
        return body;
    }

    public static Response pay(SandboxMerchants.Merchant merchant, ObjectNode body) {
        return PaymentApi.as(merchant).body(Json.write(body)).post("/pg/payment/card/payment");
    }
}
