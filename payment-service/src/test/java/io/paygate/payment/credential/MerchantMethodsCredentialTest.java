package io.paygate.payment.credential;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The credential flows of a merchant whose registry entry names its {@code methods} (docs/contract.md §10, §1b) and
 * leaves out cards and direct debit: a one-click payment (a card) and a direct-debit purchase, with or without OTP, are
 * {@code 4001101 sourceOfFunds.type}; a subscription, whose first payment only a card or a direct debit can pay, is
 * {@code 4000101 recurring.subscribe}. Each is refused before anything is looked up or written. On main each went on
 * to look up the token or the binding (and a subscription was made that nothing could pay).
 */
@QuarkusTest
@PaymentTestResources
class MerchantMethodsCredentialTest {

    private static final String ID = "mm-credential-shop";
    private static final String SECRET = "mm-credential-shop-client-secret";

    @Inject
    Merchants merchants;

    @Inject
    AgroalDataSource dataSource;

    @BeforeEach
    void withoutCardsOrDirectDebit() {
        RegistryMerchants.publish(merchants, RegistryMerchants.withMethods(RegistryRecords.active(ID, 1, SECRET),
                List.of("VA_BNI", "QRIS"), 1));
    }

    @Test
    void aOneClickPaymentOfAMerchantWithoutCardsIsRefused() {
        String orderId = Requests.orderId();
        post("/pg/payment/card/payment", StoredCardApi.oneClick(orderId, "cust-mm-1", "tok_unknown"))
                .statusCode(400).body("responseCode", equalTo("4001101"))
                .body("responseMessage", equalTo("Invalid Field Format sourceOfFunds.type"));
        assertEquals(0, rowsOf(orderId));
    }

    @Test
    void aDirectDebitPurchaseOfAMerchantWithoutDirectDebitIsRefused() {
        for (String path : List.of(DirectDebitPurchaseTest.PURCHASE, DirectDebitPurchaseTest.OTP)) {
            for (String type : List.of("DIRECT_DEBIT", "BCA_DD")) {
                String orderId = Requests.orderId();
                post(path, DirectDebitPurchaseTest.body(orderId, "cust-mm-2", type, "BND-any")).statusCode(400)
                        .body("responseCode", equalTo("4001101"))
                        .body("responseMessage", equalTo("Invalid Field Format sourceOfFunds.type"));
                assertEquals(0, rowsOf(orderId), path + " " + type);
            }
        }
    }

    @Test
    void aSubscriptionOfAMerchantWithNeitherCardsNorDirectDebitIsRefused() {
        String orderId = Requests.orderId();
        ObjectNode body = Requests.with(Requests.minimal(orderId), "customer.id", "cust-mm-3");
        body.set("recurring", Requests.json("""
                {"subscribe":"Y","type":"PURCHASE","id":"mmsub%s","amount":"49000.00","intervalUnit":"monthly"}"""
                .formatted(orderId.substring(4, 12).replace("-", ""))));
        post("/pg/payment/card/initiate", body).statusCode(400).body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format recurring.subscribe"));
        assertEquals(0, rowsOf(orderId));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM subscription WHERE merchant_id = ?", ID));
    }

    private static ValidatableResponse post(String path, ObjectNode body) {
        return RegistryMerchants.as(ID, SECRET).body(Json.write(body)).post(path).then();
    }

    private int rowsOf(String orderId) {
        return new Db(dataSource).count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ?", ID,
                orderId);
    }
}
