package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.Customer;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import static io.paygate.payment.support.Requests.with;
import static io.paygate.payment.support.Requests.without;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The slot rule of docs/contract.md §11: at most {@code usageLimit} of a link's payments are ever captured, because a
 * start is refused ("busy") while captured plus in-flight payments reach the limit, decided under the link row's lock.
 */
@QuarkusTest
@PaymentTestResources
class LinkSlotsTest {

    static final Customer CUSTOMER = new Customer(null, "sari@example.com", "Sari", "Dewi", "+6281311112222");

    @Inject
    LinkStarts starts;

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    static String link(Integer usageLimit, String linkId) {
        ObjectNode body = Links.minimal(linkId);
        if (usageLimit != null) {
            with(body, "link.usageLimit", JsonNodeFactory.instance.numberNode(usageLimit));
        }
        return Links.created(body);
    }

    static void decide(String paymentCode, String status) {
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"" + status + "\"}").post("/pg/sandbox/payments/" + paymentCode + "/simulate")
                .then().statusCode(200);
    }

    LinkStartRefused.Reason refusal(String linkCode, String amount) {
        return assertThrows(LinkStartRefused.class,
                () -> starts.start(linkCode, amount, CUSTOMER, PageLanguage.ID)).reason();
    }

    @Test
    void fiveCustomersAtOnceOnASingleUseLinkMakeOnePayment() throws Exception {
        String id = Links.linkId();
        String code = link(1, id);
        List<Callable<String>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(() -> {
                try {
                    return starts.start(code, null, CUSTOMER, PageLanguage.ID);
                } catch (LinkStartRefused e) {
                    return e.reason().name();
                }
            });
        }
        List<String> results = AllAtOnce.run(calls);
        List<String> started = results.stream().filter(r -> !r.equals("BUSY")).toList();
        assertEquals(1, started.size(), results.toString());
        Db db = new Db(dataSource);
        assertEquals(1, db.count("SELECT count(*) FROM payment WHERE merchant_id = 'demo' AND order_id LIKE ?",
                id + "-%"));
        assertEquals(started.get(0), db.value("SELECT payment_code FROM payment WHERE order_id = ?", id + "-1"));
    }

    @Test
    void aStartMakesAnOrdinaryPaymentNamedAfterTheLink() {
        String id = Links.linkId();
        String code = link(null, id);
        String first = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        String second = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        PaymentApi.status(SandboxMerchants.DEMO, id + "-1").then().statusCode(200)
                .body("order.reference", equalTo(first)).body("order.amount", equalTo(150000.0f));
        String payer = new Db(dataSource).value("SELECT customer FROM payment WHERE payment_code = ?", first);
        assertEquals("sari@example.com", io.paygate.model.json.Json.read(payer, Customer.class).email());
        PaymentApi.status(SandboxMerchants.DEMO, id + "-2").then().statusCode(200)
                .body("order.reference", equalTo(second));
        Links.get(SandboxMerchants.DEMO, id).then().body("payments.orderId", equalTo(List.of(id + "-1", id + "-2")))
                .body("payments.status", equalTo(List.of("PENDING", "PENDING")));
    }

    @Test
    void aFailedPaymentFreesItsSlotAndTheLimitCapturedMakesTheLinkPaid() {
        String id = Links.linkId();
        String code = link(2, id);
        String first = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        decide(first, "CAPTURED");
        String second = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        assertEquals(LinkStartRefused.Reason.BUSY, refusal(code, null));
        decide(second, "FAILED");
        String third = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        assertEquals(LinkStartRefused.Reason.BUSY, refusal(code, null));
        Links.get(SandboxMerchants.DEMO, id).then().body("status", equalTo("ACTIVE")).body("paymentCount", equalTo(1));
        decide(third, "CAPTURED");

        Links.get(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("PAID"))
                .body("paymentCount", equalTo(2)).body("amountCollected", equalTo(300000.0f))
                .body("payments.status", equalTo(List.of("CAPTURED", "FAILED", "CAPTURED")));
        assertEquals(LinkStartRefused.Reason.PAID, refusal(code, null));
        Links.list(SandboxMerchants.DEMO, "status=PAID&limit=200").then()
                .body("links.id", org.hamcrest.Matchers.hasItem(id));
    }

    @Test
    void anExpiredInactiveOrUnknownLinkStartsNothing() {
        String expired = Links.linkId();
        String expiredCode = link(null, expired);
        new Db(dataSource).update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE link_id = ?",
                expired);
        assertEquals(LinkStartRefused.Reason.EXPIRED, refusal(expiredCode, null));

        String inactive = Links.linkId();
        String inactiveCode = link(null, inactive);
        Links.deactivate(SandboxMerchants.DEMO, inactive).then().statusCode(200);
        assertEquals(LinkStartRefused.Reason.INACTIVE, refusal(inactiveCode, null));

        assertEquals(LinkStartRefused.Reason.UNKNOWN, refusal("PLNOSUCHLINK0000", null));
        assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id IN (?, ?)",
                expired + "-1", inactive + "-1"));
    }

    @Test
    void theCustomerTypesAnAmountWithinTheLinksBounds() {
        String id = Links.linkId();
        String code = Links.created(with(with(without(Links.minimal(id), "link.amount"), "link.minAmount", "10000"),
                "link.maxAmount", "50000"));
        assertEquals(LinkStartRefused.Reason.AMOUNT, refusal(code, null));
        assertEquals(LinkStartRefused.Reason.AMOUNT, refusal(code, "9999.99"));
        assertEquals(LinkStartRefused.Reason.AMOUNT, refusal(code, "50000.01"));
        assertEquals(LinkStartRefused.Reason.AMOUNT, refusal(code, "1e4"));
        starts.start(code, "25000.50", CUSTOMER, PageLanguage.ID);
        PaymentApi.status(SandboxMerchants.DEMO, id + "-1").then().body("order.amount", equalTo(25000.5f));
    }

    @Test
    void anOrderIdTheMerchantAlreadyUsedIsPassedOver() {
        String id = Links.linkId();
        PaymentApi.newPayment(id + "-1"); // before the link: once it exists, the merchant may not (LinkOrderIdTest)
        String code = link(null, id);
        String started = starts.start(code, null, CUSTOMER, PageLanguage.ID);
        assertEquals(started, new Db(dataSource).value("SELECT payment_code FROM payment WHERE order_id = ?", id + "-2"));
    }
}
