package io.paygate.payment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The whole card flow over real HTTP: initiate → hosted page → card form → the sandbox provider's signed callback →
 * final state → the event read back from the real {@code payment-status} topic.
 */
@QuarkusTest
@PaymentTestResources
class CardFlowTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void cardPaymentIsCapturedAndItsEventCarriesWhatTheNotificationNeeds() {
        String orderId = Requests.orderId();
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", "CUST-001");
        Requests.with(body, "meta", Requests.json("{\"data\":{\"cart\":\"A-17\",\"note\":\"café\"}}"));
        Requests.with(body, "url.returnUrl", "https://merchant.example.com/orders/" + orderId);
        String code = PaymentApi.initiate(body).then().statusCode(200).extract().path("paymentCode");

        PaymentApi.page(code).then().statusCode(200)
                .body(containsString("data-view=\"pay\""))
                .body(containsString("Demo Store"))
                .body(containsString("Rp 150.000"))
                .body(containsString("Coffee beans 1 kg"));
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303)
                .header("Location", endsWith("/pg/pay/" + code));

        PaymentApi.awaitStatus(orderId, "CAPTURED");
        PaymentApi.page(code).then().statusCode(200)
                .body(containsString("data-view=\"captured\""))
                .body(containsString("Payment successful"))
                .body(containsString("<a href=\"https://merchant.example.com/orders/" + orderId + "\" id=\"return-link\""));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("paymentCode", equalTo(code))
                .body("order.id", equalTo(orderId))
                .body("order.reference", equalTo(code))
                .body("result.payment.status", equalTo("CAPTURED"))
                .body("result.payment.statusDesc", nullValue())
                .body("card.mask", equalTo("411111******1111"))
                .body("card.info.brand", equalTo("VISA"))
                .body("card.info.type", equalTo("CREDIT"));

        EventEnvelope event = PaymentEvents.awaitOne("demo", code);
        assertEquals(EventTypes.PAYMENT_STATUS_CHANGED, event.type());
        assertEquals("demo", event.merchantId());
        assertEquals(code, event.resourceId());
        assertEquals(1, event.sequence());
        PaymentStatusChanged data = event.dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, data.status());
        assertEquals(PaymentMethod.CARD, data.method());
        assertEquals(Requests.CALLBACK_URL, data.callbackUrl());
        assertEquals(orderId, data.orderId());
        assertEquals(0, new BigDecimal("150000.00").compareTo(data.amount()));
        assertEquals("IDR", data.currency());
        assertEquals("CUST-001", data.customer().id());
        assertEquals("café", data.meta().data().get("note").asText());
        assertEquals("411111******1111", data.card().mask());
        assertNull(data.statusDesc());

        // The status reply equals the notification built from the event (docs/contract.md §3).
        PaymentNotification notification = data.toNotification();
        String status = PaymentApi.status(SandboxMerchants.DEMO, orderId).asString();
        assertEquals(Json.tree(Json.write(notification.order())), Json.tree(status).get("order"));
        assertEquals(Json.tree(Json.write(notification.result())), Json.tree(status).get("result"));
        assertEquals(Json.tree(Json.write(notification.card())), Json.tree(status).get("card"));
    }

    @Test
    void declinedCardFailsWithItsReason() {
        assertFails("4000 0000 0000 0002", "Card declined");
    }

    @Test
    void cardWithoutFundsFailsWithItsReason() {
        assertFails("4000000000009995", "Insufficient funds");
    }

    @Test
    void threeDSecureWithTheRightCodeIsCaptured() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        PaymentApi.page(code).then().statusCode(200).body(containsString("data-view=\"challenge\""))
                .body(containsString("400000******3220"));
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
        PaymentApi.answerOtp(code, "123456").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(PaymentStatus.CAPTURED, PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class).status());
    }

    @Test
    void threeDSecureWithAWrongCodeFails() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        PaymentApi.answerOtp(code, "654321").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("result.payment.statusDesc", equalTo("3-D Secure authentication failed"));
        PaymentStatusChanged data = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.FAILED, data.status());
        assertEquals("3-D Secure authentication failed", data.statusDesc());
    }

    @Test
    void mastercardTestCardIsCapturedAsMastercard() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "5555555555554444").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("card.mask", equalTo("555555******4444")).body("card.info.brand", equalTo("MASTERCARD"));
    }

    @Test
    void anyOtherLuhnValidCardIsCapturedWithItsBrandFromTheBinTable() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "378282246310005", "12", "2031", "1234", "Amex Holder").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("card.mask", equalTo("378282*****0005")).body("card.info.brand", equalTo("AMEX"));
    }

    @Test
    void aSecondCardSubmissionChargesNothingMore() throws Exception {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
        PaymentApi.payByCard(code, "5555555555554444").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(1, chargesOf(code));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("card.mask", equalTo("411111******1111"));
        assertEquals(1, PaymentEvents.awaitOne("demo", code).sequence());
    }

    private void assertFails(String card, String reason) {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, card).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("result.payment.statusDesc", equalTo(reason))
                .body("card.info.brand", equalTo("VISA"));
        PaymentApi.page(code).then().statusCode(200).body(containsString("data-view=\"failed\""))
                .body(containsString(reason));
        PaymentStatusChanged data = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.FAILED, data.status());
        assertEquals(reason, data.statusDesc());
    }

    private int chargesOf(String code) throws Exception {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM sandbox_charge WHERE payment_code = ?")) {
            s.setString(1, code);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
