package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.paygate.payment.link.LinkPageForms.page;
import static io.paygate.payment.link.LinkPageForms.paymentOf;
import static io.paygate.payment.link.LinkPageForms.post;
import static io.paygate.payment.support.Requests.with;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A payment started from a link that names its methods may be paid only with those (docs/contract.md §11: the link's
 * methods ∩ the merchant's offer): its hosted page offers no other, and {@code /method}, the card form and the
 * direct-debit form refuse any other with nothing charged. A link without methods leaves its payments every method.
 * On i47-links the payment's page offered, and charged, every method of the merchant.
 */
@QuarkusTest
@PaymentTestResources
class LinkPaymentMethodsTest {

    private static final String UNAVAILABLE = "This payment method is not available. Choose another one.";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    private static String paymentOfLink(ObjectNode body) {
        return paymentOf(post(Links.created(body), "name", "Budi Santoso", "email", "budi@example.com"));
    }

    @Test
    void theLinksPaymentPageOffersOnlyTheLinksMethods() {
        String code = paymentOfLink(with(Links.minimal(Links.linkId()), "link.methods",
                Json.tree("[\"QRIS\",\"VA_BCA\"]")));
        assertEquals("QRIS,VA_BCA", db().value("SELECT methods FROM payment WHERE payment_code = ?", code));
        String page = PaymentApi.page(code).then().statusCode(200).extract().asString();
        assertTrue(page.contains("name=\"type\" value=\"QRIS\""), "QRIS");
        assertTrue(page.contains("name=\"type\" value=\"VA_BCA\""), "VA_BCA");
        for (String type : List.of("VA_BNI", "VA_BRI", "GOPAY", "ALFAMART", "CARD")) {
            assertFalse(page.contains("value=\"" + type + "\""), type + " is not the link's");
        }
        assertFalse(page.contains("id=\"card-form\""), "no card form");
    }

    @Test
    void everyOtherDoorRefusesAMethodOutsideTheLinksAndNothingIsCharged() {
        String code = paymentOfLink(with(Links.minimal(Links.linkId()), "link.methods",
                Json.tree("[\"VA_BCA\"]")));
        for (String type : List.of("VA_BNI", "QRIS", "CARD", "DIRECT_DEBIT")) {
            Methods.choose(code, type).then().statusCode(400).body(containsString(UNAVAILABLE));
        }
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(400)
                .body(containsString("id=\"form-error\">" + UNAVAILABLE));
        given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam("bindingId", "BND-any")
                .post("/pg/pay/" + code + "/directdebit").then().statusCode(400);
        assertEquals("PENDING", db().statusOf(code));
        assertNull(db().value("SELECT card_mask FROM payment WHERE payment_code = ?", code));
        assertEquals(0, db().chargesOf(code));

        Methods.choose(code, "VA_BCA").then().statusCode(303);
        assertEquals(1, db().chargesOf(code));
    }

    @Test
    void aPaymentWhoseMethodOpenedAChargeWaitsForItAndStillHoldsItsSlot() {
        ObjectNode body = with(Links.minimal(Links.linkId()), "link.usageLimit",
                JsonNodeFactory.instance.numberNode(1));
        String link = Links.created(body);
        String code = paymentOf(post(link, "name", "Budi Santoso", "email", "budi@example.com"));
        Methods.choose(code, "VA_BNI").then().statusCode(303);
        // the virtual account's day, not the 15 minutes a payment without a method waits
        assertEquals(1, db().count("SELECT count(*) FROM payment WHERE payment_code = ? AND status = 'PENDING' "
                + "AND expires_at > now() + interval '23 hours'", code));
        page(link).then().statusCode(409).body(containsString("data-view=\"busy\""));
    }

    @Test
    void aLinkWithoutMethodsLeavesItsPaymentsEveryMethod() {
        String code = paymentOfLink(Links.minimal(Links.linkId()));
        assertNull(db().value("SELECT methods FROM payment WHERE payment_code = ?", code));
        String page = PaymentApi.page(code).then().statusCode(200).extract().asString();
        assertTrue(page.contains("id=\"card-form\""), "the card form");
        assertTrue(page.contains("name=\"type\" value=\"VA_BNI\""), "VA_BNI");
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
    }
}
