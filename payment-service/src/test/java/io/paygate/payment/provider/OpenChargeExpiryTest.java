package io.paygate.payment.provider;

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
import io.paygate.payment.support.QrDecoder;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Open charges end with their lifetime (docs/contract.md §2, §2a): the provider is asked, the charge cancelled there, the
 * payment EXPIRED and notified; a charge paid but never called back is found by the same inquiry. Lifetimes and the
 * reconciliation clock are seconds here; the sandbox provider's callbacks are off, so only inquiries decide.
 */
@QuarkusTest
@TestProfile(OpenChargeExpiryTest.ShortLifetimes.class)
@PaymentTestResources
class OpenChargeExpiryTest {

    public static class ShortLifetimes implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "gateway.payment.methods.virtual-account.lifetime", "4s",
                    "gateway.payment.methods.qr.lifetime", "4s",
                    "gateway.payment.reconcile-interval", "1s",
                    "gateway.payment.provider-timeout", "2s",
                    "gateway.payment.sandbox.callbacks-enabled", "false");
        }
    }

    private static final DateTimeFormatter EXPIRY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void anUnpaidVirtualAccountExpiresWithItsLifetimeAndRefusesPaymentAfterwards() {
        String orderId = Requests.orderId();
        LocalDateTime before = LocalDateTime.now(ZoneId.of("Asia/Jakarta"));
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "VA_BNI")).then().statusCode(200)
                .extract().asString());
        LocalDateTime expiry = LocalDateTime.parse(reply.path("expiryLink").asText(), EXPIRY);
        assertTrue(Duration.between(before, expiry).getSeconds() <= 5, "the method's expiry comes before the link's: "
                + reply.path("expiryLink").asText());
        String va = reply.path("paymentCode").asText();

        await().atMost(Duration.ofSeconds(20)).until(() -> "EXPIRED".equals(PaymentApi.statusOf(orderId)));
        PaymentStatusChanged data = PaymentEvents.awaitOne("demo", code(reply)).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.EXPIRED, data.status());
        assertEquals("VA_BNI", data.sourceOfFunds().type());
        assertEquals(va, data.sourceOfFunds().paymentCode());
        Methods.vaPay(va, "150000.00").then().statusCode(409).body("responseCode", equalTo("4090800"))
                .body("responseMessage", equalTo("Conflict. This payment code has expired"));
        assertEquals("EXPIRED", new Db(dataSource).value("SELECT state FROM sandbox_charge WHERE pay_code = ?", va));
    }

    @Test
    void anUnpaidQrisExpiresAndItsImageIsGone() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "QRIS")).then().statusCode(200)
                .extract().asString());
        String payload = QrDecoder.decode(given().get("/pg/pay/" + code(reply) + "/qr.png").then().statusCode(200)
                .extract().asByteArray());
        await().atMost(Duration.ofSeconds(20)).until(() -> "EXPIRED".equals(PaymentApi.statusOf(orderId)));
        given().get("/pg/pay/" + code(reply) + "/qr.png").then().statusCode(404);
        Methods.qrisPay(payload).then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code has expired"));
        PaymentApi.page(code(reply)).then().statusCode(410);
    }

    @Test
    void aPaidChargeWhoseNotificationIsLostIsCapturedByInquiry() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "ALFAMART")).then()
                .statusCode(200).extract().asString());
        Methods.cashierPay("ALFAMART", reply.path("paymentCode").asText(), "150000.00").then().statusCode(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> "CAPTURED".equals(PaymentApi.statusOf(orderId)));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("sourceOfFunds.type", equalTo("ALFAMART"));
        assertEquals(PaymentStatus.CAPTURED,
                PaymentEvents.awaitOne("demo", code(reply)).dataAs(PaymentStatusChanged.class).status());
    }

    private static String code(JsonNode reply) {
        String url = reply.path("redirecturl").asText();
        return url.substring(url.lastIndexOf('/') + 1);
    }
}
