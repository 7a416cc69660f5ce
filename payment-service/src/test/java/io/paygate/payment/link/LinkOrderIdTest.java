package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The order ids {@code <link.id>-<n>} of a merchant's payment links are the link page's to give (docs/contract.md §11):
 * the merchant's own initiation (and a direct-debit purchase, which names an order id too) of one is refused
 * {@code 400SS01 order.id} and nothing is written, as a subscription cycle's order id is (§1b); any other order id,
 * and another merchant's, is as before. On i47-links the merchant could take the next link payment's order id.
 */
@QuarkusTest
@PaymentTestResources
class LinkOrderIdTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private int rows(String orderId) {
        return new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", orderId);
    }

    @Test
    void anInitiationOfALinksOrderIdIsRefusedAndWritesNothing() {
        String id = "SHOP-" + Links.linkId();
        Links.created(Links.minimal(id));
        for (String orderId : List.of(id + "-1", id + "-7", id + "-1234")) {
            PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(400)
                    .body("responseCode", equalTo("4000101"))
                    .body("responseMessage", equalTo("Invalid Field Format order.id"));
            assertEquals(0, rows(orderId), orderId);
        }
        for (String orderId : List.of(id + "-0", id + "-x1", id, id + "-1-2")) {
            PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200);
        }
        // another merchant's link id is not this one's
        PaymentApi.initiate(SandboxMerchants.DEMO2, Json.write(Requests.minimal(id + "-2"))).then().statusCode(200);
    }

    @Test
    void aDirectDebitPurchaseOfALinksOrderIdIsRefusedAndWritesNothing() {
        String id = Links.linkId();
        Links.created(Links.minimal(id));
        ObjectNode body = Requests.minimal(id + "-3");
        Requests.with(body, "customer.id", "cust-link");
        Requests.with(body, "sourceOfFunds.type", "DIRECT_DEBIT");
        Requests.with(body, "sourceOfFunds.accountId", "BND-any");
        PaymentApi.as(SandboxMerchants.DEMO).body(Json.write(body)).post("/pg/payment/card/directdebit/purchase")
                .then().statusCode(400).body("responseCode", equalTo("4001101"))
                .body("responseMessage", equalTo("Invalid Field Format order.id"));
        assertEquals(0, rows(id + "-3"));
    }
}
