package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Refunds on the whole stack (docs/contract.md §3a, §3b, §6): a card payment and a QRIS payment are refunded in two parts; the
 * merchant receives CAPTURED, PARTIALLY_REFUNDED and REFUNDED, each signed, in order, the refunds carrying
 * {@code result.refund}; the day's report lists the capture and both refunds.
 */
class RefundsIT {

    static MerchantSink sink;

    @BeforeAll
    static void start() {
        sink = MerchantSink.start();
    }

    @AfterAll
    static void stop() {
        sink.close();
    }

    @Test
    void aCardPaymentRefundedInTwoPartsIsNotifiedInOrderAndReported() throws Exception {
        Merchant.Payment payment = Merchant.initiate("CUST-R1", "150000.00", sink, null);
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("cardNumber", "4111111111111111").formParam("expiryMonth", "12")
                .formParam("expiryYear", String.valueOf(LocalDate.now().getYear() + 2)).formParam("cvv", "123")
                .formParam("cardholderName", "Budi Santoso").post(payment.redirectUrl() + "/card").then()
                .statusCode(303);
        refundInTwoPartsAndCheck(payment, "CARD");
    }

    @Test
    void aQrisPaymentRefundedInTwoPartsIsNotifiedInOrderAndReported() throws Exception {
        String orderId = Merchant.newId("ORD");
        String reply = Merchant.api(Stack.payment()).body("""
                {"order":{"id":"%s","amount":"150000.00"},"customer":{"email":"budi@example.com","firstName":"Budi",\
                "lastName":"Santoso","mobilePhone":"+6281234567890"},"url":{"callbackUrl":"%s"},\
                "sourceOfFunds":{"type":"QRIS"}}""".formatted(orderId, sink.url(Merchant.PAYMENTS)))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().asString();
        JsonNode body = Signatures.read(reply);
        String redirect = body.path("redirecturl").asText();
        Merchant.Payment payment = new Merchant.Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1),
                redirect);
        String payload = QrCodes.decode(given().get(body.path("imageurl").asText()).asByteArray());
        Merchant.ops(Stack.payment()).body(Json.write(Map.of("payload", payload))).post("/pg/sandbox/qris/pay")
                .then().statusCode(200);
        refundInTwoPartsAndCheck(payment, "QRIS");
    }

    private static void refundInTwoPartsAndCheck(Merchant.Payment payment, String method) throws Exception {
        awaitStates(payment, List.of("CAPTURED"));
        String first = Merchant.newId("RF");
        refund(payment, first, "40000.00").then().statusCode(200)
                .body("status", org.hamcrest.Matchers.equalTo("SUCCEEDED"));
        awaitStates(payment, List.of("CAPTURED", "PARTIALLY_REFUNDED"));
        String second = Merchant.newId("RF");
        refund(payment, second, "110000.00").then().statusCode(200)
                .body("refundedAmount", org.hamcrest.Matchers.equalTo(150000.00f));
        List<JsonNode> notified = awaitStates(payment, List.of("CAPTURED", "PARTIALLY_REFUNDED", "REFUNDED"));
        assertEquals(first, notified.get(1).at("/result/refund/refundId").asText());
        assertEquals(0, notified.get(1).at("/result/refund/amount").decimalValue()
                .compareTo(new java.math.BigDecimal("40000")));
        assertEquals(second, notified.get(2).at("/result/refund/refundId").asText());
        assertEquals(0, notified.get(2).at("/result/refund/refundedAmount").decimalValue()
                .compareTo(new java.math.BigDecimal("150000")));
        assertTrue(notified.get(0).at("/result/refund").isMissingNode());
        // the status reply is the payment's; the notification adds which refund it is about
        JsonNode status = Signatures.read(Merchant.api(Stack.payment()).get("/pg/payment/card/status/"
                + payment.orderId()).asString());
        for (String member : new String[]{"/order", "/result/payment", "/sourceOfFunds", "/card"}) {
            assertEquals(Signatures.canonical(notified.get(2).at(member)), Signatures.canonical(status.at(member)),
                    member);
        }

        String today = LocalDate.now(ZoneId.of("Asia/Jakarta")).toString();
        String csv = Merchant.api(Stack.payment()).get("/pg/reports/transactions?date=" + today).then()
                .statusCode(200).extract().asString();
        List<String> mine = csv.lines().filter(l -> l.contains("," + payment.orderId() + ",")).toList();
        assertEquals(3, mine.size(), csv);
        assertTrue(mine.get(0).contains(",PAYMENT_CAPTURED," + payment.orderId() + "," + payment.paymentCode() + ","
                + method + ",150000.00,IDR,CAPTURED"), mine.get(0));
        assertTrue(mine.get(1).contains(",REFUND_SUCCEEDED," + payment.orderId() + "," + first + "," + method
                + ",40000.00,IDR,SUCCEEDED"), mine.get(1));
        assertTrue(mine.get(2).contains(",REFUND_SUCCEEDED," + payment.orderId() + "," + second + "," + method
                + ",110000.00,IDR,SUCCEEDED"), mine.get(2));
    }

    private static io.restassured.response.Response refund(Merchant.Payment payment, String refundId, String amount)
            throws Exception {
        return Merchant.api(Stack.payment()).body(Json.write(Map.of("orderId", payment.orderId(), "refundId", refundId,
                "amount", amount))).post("/pg/payment/card/refund");
    }

    /** Waits until the merchant holds exactly {@code states}, in this order, each signed; returns their bodies. */
    private static List<JsonNode> awaitStates(Merchant.Payment payment, List<String> states) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode()).size() >= states.size());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4)).until(() ->
                Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode()).size() == states.size());
        List<MerchantSink.Received> received = Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode());
        received.forEach(Signatures::verify);
        List<JsonNode> bodies = received.stream().map(r -> Signatures.read(r.body())).toList();
        assertEquals(states, bodies.stream().map(b -> b.at("/result/payment/status").asText()).toList());
        assertEquals(states.size(), received.stream().map(r -> r.header("webhook-id")).distinct().count(),
                "one notification per state");
        return bodies;
    }
}
