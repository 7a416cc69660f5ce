package io.paygate.qa;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.credential.StoredCard;
import io.paygate.model.api.credential.StoredCardList;
import io.paygate.model.json.Json;
import io.restassured.response.Response;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;

/**
 * Stored cards and one-click payments (docs/contract.md §1b), signed as the target's merchant: an initiation that offers
 * "save this card" ({@code card.storedOnFile}), the hosted page's card form with the box ticked, the customer's list,
 * deleting one, and charging one ({@code POST /pg/payment/card/payment}). Sandbox: docs/contract.md §2's cards store as
 * they pay; {@link #FIRST_ONLY} pays its first payment and declines every later charge ({@code Card declined}).
 */
public final class StoredCards {

    /** The sandbox card that pays its first payment and declines every later charge of its stored token. */
    public static final String FIRST_ONLY = "4000000000000341";

    private final PaygateTarget target;

    StoredCards(PaygateTarget target) {
        this.target = target;
    }

    /** Initiates {@code request} with {@code card.storedOnFile} {@code TO_BE_STORED} (its customer's card is saved). */
    public Initiated initiateSaving(PaymentRequest request) {
        ObjectNode body = (ObjectNode) Json.tree(request.toJson(target.callbackUrl()));
        body.putObject("card").put("storedOnFile", "TO_BE_STORED");
        Response response = Calls.postJson(target, target.paymentUrl() + "/pg/payment/card/initiate", Json.write(body));
        Waits.expect(response, 200, "initiate " + request.orderId() + " saving the card");
        return Initiated.from(request, response.jsonPath());
    }

    /** Posts the hosted page's card form with "save this card" ticked ({@code saveCard=on}); 303 when accepted. */
    public void payAndSave(Initiated payment, String cardNumber) {
        Response response = given().redirects().follow(false)
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParams(Map.of("cardNumber", cardNumber, "expiryMonth", "12", "expiryYear", "2031", "cvv", "123",
                        "cardholderName", "Budi Santoso", "saveCard", "on"))
                .post(target.paymentUrl() + "/pg/pay/" + payment.reference() + "/card");
        Waits.expect(response, 303, "card form of " + payment.reference());
    }

    /** The customer's stored cards, newest first; fails with the reply unless 200. */
    public List<StoredCard> list(String customerId) {
        Response response = listReply(customerId);
        Waits.expect(response, 200, "stored cards of " + customerId);
        return Json.read(response.asString(), StoredCardList.class).cards();
    }

    /** The raw reply of {@code GET /pg/payment/card/stored?customerId=}. */
    public Response listReply(String customerId) {
        return Calls.signed(target).queryParam("customerId", customerId)
                .get(target.paymentUrl() + "/pg/payment/card/stored");
    }

    /** Deletes (forgets) the stored card; fails with the reply unless 200. */
    public void delete(String tokenId) {
        Waits.expect(deleteReply(tokenId), 200, "delete stored card " + tokenId);
    }

    /** The raw reply of {@code DELETE /pg/payment/card/stored/{tokenId}} ({@code 4041101} for one not the merchant's). */
    public Response deleteReply(String tokenId) {
        return Calls.signed(target).delete(target.paymentUrl() + "/pg/payment/card/stored/" + tokenId);
    }

    /**
     * Charges stored card {@code tokenId} of {@code request}'s customer, one-click; fails with the reply unless 200.
     * {@code result.payment.status} is CAPTURED or FAILED once the provider decided, PROCESSING while it decides
     * ({@link Payments#awaitStatus}); {@code redirecturl} only when 3-D Secure waits.
     */
    public PurchaseResponse pay(PaymentRequest request, String tokenId) {
        Response response = payReply(request, tokenId);
        Waits.expect(response, 200, "one-click payment " + request.orderId());
        return Json.read(response.asString(), PurchaseResponse.class);
    }

    /** The raw reply of {@code POST /pg/payment/card/payment}, for asserting refusals. */
    public Response payReply(PaymentRequest request, String tokenId) {
        ObjectNode body = (ObjectNode) Json.tree(request.toJson(target.callbackUrl()));
        body.putObject("card").put("token", tokenId);
        return Calls.postJson(target, target.paymentUrl() + "/pg/payment/card/payment", Json.write(body));
    }
}
