package io.paygate.payment.refund;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The merchant cancels a PENDING payment (docs/contract.md §3a). */
@QuarkusTest
@PaymentTestResources
class CancellationTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void aPendingPaymentIsCancelledNotifiedAndItsPageSaysSo() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Refunds.cancel(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("status", equalTo("CANCELLED"))
                .body("paymentCode", equalTo(code)).body("orderId", equalTo(orderId));
        Refunds.cancel(SandboxMerchants.DEMO, orderId).then().statusCode(200).body("status", equalTo("CANCELLED"));
        assertEquals("CANCELLED", PaymentApi.statusOf(orderId));
        assertEquals(PaymentStatus.CANCELLED,
                PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class).status());
        PaymentApi.page(code).then().statusCode(410).body(containsString("data-view=\"cancelled\""));
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        assertEquals("CANCELLED", PaymentApi.statusOf(orderId));
    }

    @Test
    void aCancelledPaymentsVirtualAccountRefusesPayment() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "VA_BRI")).then()
                .statusCode(200).extract().asString());
        Refunds.cancel(SandboxMerchants.DEMO, orderId).then().statusCode(200);
        Methods.vaPay(reply.path("paymentCode").asText(), "150000.00").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code was cancelled"));
        assertEquals("CANCELLED", PaymentApi.statusOf(orderId));
    }

    @Test
    void aChargeTheProviderSaysWasPaidCapturesThePaymentInstead() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "INDOMARET")).then()
                .statusCode(200).extract().asString());
        new Db(dataSource).update("UPDATE sandbox_charge SET state = 'DECIDED', outcome = 'CAPTURED', notify_at = ? "
                        + "WHERE pay_code = ?", Timestamp.from(Instant.now().plus(Duration.ofHours(1))),
                reply.path("paymentCode").asText());
        Refunds.cancel(SandboxMerchants.DEMO, orderId).then().statusCode(409)
                .body("responseCode", equalTo("4090900"))
                .body("responseMessage", equalTo("Conflict. the payment was already paid: it is CAPTURED"));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
    }

    @Test
    void onlyAPendingPaymentCanBeCancelled() {
        String orderId = Requests.orderId();
        Refunds.capturedByCard(orderId);
        Refunds.cancel(SandboxMerchants.DEMO, orderId).then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. the payment was already paid: it is CAPTURED"));
        Refunds.cancel(SandboxMerchants.DEMO, "NO-SUCH-ORDER").then().statusCode(404)
                .body("responseCode", equalTo("4040901"));
        Refunds.cancel(SandboxMerchants.DEMO2, orderId).then().statusCode(404)
                .body("responseCode", equalTo("4040901"));
        String processing = Requests.orderId();
        String code = PaymentApi.newPayment(processing);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303); // waits for 3-D Secure
        Refunds.cancel(SandboxMerchants.DEMO, processing).then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. the payment is being processed by the provider"));
    }
}
