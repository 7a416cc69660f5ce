package io.paygate.payment.provider.midtrans;

import io.paygate.model.json.Json;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §1b on the Midtrans channel: the first charge asks Midtrans to save the card
 * ({@code credit_card.save_token_id}), its answer's {@code saved_token_id} is the stored card's provider token, and a
 * one-click payment charges that {@code saved_token_id} as the charge's {@code token_id} (no card data, no token call).
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransStoredCardTest extends MidtransTestBase {

    @Test
    void theFirstChargeSavesTheTokenAndAOneClickPaymentChargesTheSavedToken() {
        String customer = "CUST-" + UUID.randomUUID().toString().substring(0, 12);
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(MID, Json.write(StoredCardApi.offeringToStore(orderId, customer))).then()
                .statusCode(200).extract().path("paymentCode");
        long tokenCallsBefore = tokenCalls();
        StoredCardApi.payByCard(code, "4411111111111118", true).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");

        MidtransSimulator.Request first = chargeOf(code);
        assertTrue(first.body().contains("\"save_token_id\":true"), first.body());
        List<String> saved = SIM.savedTokens(MidtransSetup.SERVER_KEY);
        String tokenId = StoredCardApi.list(MID, customer).then().statusCode(200)
                .body("cards", hasSize(1))
                .body("cards[0].mask", equalTo("441111******1118"))
                .extract().path("cards[0].tokenId");

        String again = Requests.orderId();
        String oneClick = StoredCardApi.pay(MID, StoredCardApi.oneClick(again, customer, tokenId)).then()
                .statusCode(200).body("result.payment.status", equalTo("CAPTURED"))
                .extract().path("paymentCode");
        MidtransSimulator.Request charge = chargeOf(oneClick);
        assertTrue(saved.stream().anyMatch(s -> charge.body().contains("\"token_id\":\"" + s + "\"")),
                "the one-click charge's token_id is the saved_token_id: " + charge.body());
        assertFalse(charge.body().contains("save_token_id"), charge.body());
        assertEquals(tokenCallsBefore + 1, tokenCalls(), "the card reached Midtrans once, to be tokenized");
    }

    private static long tokenCalls() {
        return SIM.requests().stream().filter(r -> r.path().equals("/v2/token")
                && r.query().contains("4411111111111118")).count();
    }

    @Test
    void aCardTheCustomerDidNotSaveAsksMidtransToSaveNothing() {
        String customer = "CUST-" + UUID.randomUUID().toString().substring(0, 12);
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(MID, Json.write(StoredCardApi.offeringToStore(orderId, customer))).then()
                .statusCode(200).extract().path("paymentCode");
        StoredCardApi.payByCard(code, "4411111111111118", false).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        assertFalse(chargeOf(code).body().contains("save_token_id"));
        StoredCardApi.list(MID, customer).then().statusCode(200).body("cards", hasSize(0));
    }

    /** The charge call of payment {@code code}'s current charge reference (Midtrans's order_id). */
    private static MidtransSimulator.Request chargeOf(String code) {
        String reference = MidtransDb.reference(code);
        return SIM.requests().stream().filter(r -> r.path().equals("/v2/charge") && r.body().contains(reference))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no charge for " + code));
    }
}
