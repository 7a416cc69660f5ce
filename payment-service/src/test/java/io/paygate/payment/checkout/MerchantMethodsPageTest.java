package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A merchant whose registry entry names its {@code methods} (docs/contract.md §10) may use only those, of its channel's
 * (§2a): a preselected other one is {@code 4000101 sourceOfFunds.type} and writes nothing (§1); its page offers only
 * those, and refuses another one chosen, the card form and the direct-debit form with the page again (400), nothing
 * charged. On main the card and direct-debit forms charged whatever the merchant's methods said.
 */
@QuarkusTest
@PaymentTestResources
class MerchantMethodsPageTest {

    private static final String ID = "mm-page-shop";
    private static final String SECRET = "mm-page-shop-client-secret";
    private static final List<String> METHODS = List.of("VA_BNI", "QRIS");
    private static final String UNAVAILABLE = "This payment method is not available. Choose another one.";

    @Inject
    Merchants merchants;

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void limitedToItsMethods() {
        RegistryMerchants.publish(merchants,
                RegistryMerchants.withMethods(RegistryRecords.active(ID, 1, SECRET), METHODS, 1));
    }

    @Test
    void aPreselectedMethodOutsideTheMerchantsIsRefusedAndNothingIsWritten() {
        for (String type : List.of("GOPAY", "VA_BCA", "CARD", "ALFAMART")) {
            String orderId = Requests.orderId();
            initiate(Methods.preselecting(orderId, type)).then().statusCode(400)
                    .body("responseCode", equalTo("4000101"))
                    .body("responseMessage", equalTo("Invalid Field Format sourceOfFunds.type"));
            assertEquals(0, rowsOf(orderId), type);
        }
        initiate(Methods.preselecting(Requests.orderId(), "VA_BNI")).then().statusCode(200)
                .body("responseCode", equalTo("2000000"));
    }

    @Test
    void thePageOffersOnlyTheMerchantsMethods() {
        String page = PaymentApi.page(newPayment()).then().statusCode(200).extract().asString();
        for (String type : METHODS) {
            assertTrue(page.contains("name=\"type\" value=\"" + type + "\""), type);
        }
        for (String type : List.of("VA_BCA", "VA_BRI", "GOPAY", "SHOPEEPAY", "ALFAMART", "INDOMARET", "CARD")) {
            assertFalse(page.contains("value=\"" + type + "\""), type + " is not the merchant's");
        }
        assertFalse(page.contains("id=\"card-form\""), "no card form");
        assertFalse(page.contains("id=\"directdebit-form\""), "no direct-debit form");
    }

    @Test
    void aMethodOutsideTheMerchantsChosenOnThePageIsRefusedAndNothingOpens() {
        String code = newPayment();
        for (String type : List.of("GOPAY", "VA_BCA", "CARD")) {
            Methods.choose(code, type).then().statusCode(400).body(containsString(UNAVAILABLE));
        }
        assertEquals(0, db().chargesOf(code));
        assertEquals("PENDING", db().statusOf(code));
        Methods.choose(code, "QRIS").then().statusCode(303);
        assertEquals(1, db().chargesOf(code));
    }

    @Test
    void theCardFormOfAMerchantWithoutCardsIsRefusedAndNothingIsCharged() {
        String code = newPayment();
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(400)
                .body(containsString("id=\"form-error\">" + UNAVAILABLE));
        assertUntouched(code);
    }

    @Test
    void theDirectDebitFormOfAMerchantWithoutDirectDebitIsRefusedAndNothingIsCharged() {
        String code = newPayment();
        given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam("bindingId", "BND-any")
                .post("/pg/pay/" + code + "/directdebit")
                .then().statusCode(400).body(containsString("id=\"form-error\">" + UNAVAILABLE));
        assertUntouched(code);
    }

    /** The payment is as initiated: PENDING, no method, nothing submitted to a provider. */
    private void assertUntouched(String code) {
        assertEquals("PENDING", db().statusOf(code));
        assertNull(db().value("SELECT method FROM payment WHERE payment_code = ?", code));
        assertNull(db().value("SELECT provider_reference FROM payment WHERE payment_code = ?", code));
        assertNull(db().value("SELECT card_mask FROM payment WHERE payment_code = ?", code));
        assertEquals(0, db().chargesOf(code));
    }

    private String newPayment() {
        return initiate(Requests.minimal(Requests.orderId())).then().statusCode(200).extract().path("paymentCode");
    }

    private static io.restassured.response.Response initiate(com.fasterxml.jackson.databind.node.ObjectNode body) {
        return RegistryMerchants.as(ID, SECRET).body(Json.write(body)).post("/pg/payment/card/initiate");
    }

    private int rowsOf(String orderId) {
        return db().count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ?", ID, orderId);
    }

    private Db db() {
        return new Db(dataSource);
    }
}
