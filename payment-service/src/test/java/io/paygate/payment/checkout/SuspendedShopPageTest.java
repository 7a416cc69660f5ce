package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.LogCapture;
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
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hosted page of a suspended merchant (docs/contract.md §10: its hosted pages' forms are {@code 403SS05}): every
 * form (card, method, direct debit, 3-D Secure code) is answered with the suspended view, 403, code {@code 4030805},
 * and changes nothing; a payment still choosing shows that view instead of its forms, while results, an open charge's
 * instructions and the JSON poll show as before (payments already made go on to their end). Reactivated, the forms
 * work again. On main a suspended merchant's page took cards and opened charges.
 */
@QuarkusTest
@PaymentTestResources
class SuspendedShopPageTest {

    private static final String CODE_TEXT = "id=\"response-code\">Code 4030805<";

    @Inject
    Merchants merchants;

    @Inject
    AgroalDataSource dataSource;

    /** Each test's own merchant: the registry's versions of one only ever go up. */
    private String merchantId;
    private MerchantState active;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void newMerchant() {
        merchantId = "sp-" + UUID.randomUUID().toString().substring(0, 8);
        active = RegistryRecords.active(merchantId, 1, secret());
        RegistryMerchants.publish(merchants, active);
    }

    @Test
    void everyFormOfASuspendedMerchantsPageIsRefusedAndChangesNothing() {
        String choosing = newPayment();
        String challenged = newPayment();
        PaymentApi.payByCard(challenged, "4000000000003220").then().statusCode(303);
        assertEquals("t", db().value("SELECT awaiting_otp FROM payment WHERE payment_code = ?", challenged));
        suspend();

        suspendedView(PaymentApi.payByCard(choosing, "4111 1111 1111 1111").then());
        suspendedView(PaymentApi.payByCard(choosing, "4111 1111 1111 1112").then()); // before the card is checked
        suspendedView(Methods.choose(choosing, "VA_BNI").then());
        suspendedView(form(choosing, "directdebit", "bindingId", "BND-any"));
        assertUntouched(choosing);
        assertEquals(0, db().chargesOf(choosing));

        suspendedView(PaymentApi.answerOtp(challenged, "123456").then());
        suspendedView(PaymentApi.answerOtp(challenged, "12")); // before the code is checked
        assertEquals("PROCESSING", db().statusOf(challenged));
        assertEquals("t", db().value("SELECT awaiting_otp FROM payment WHERE payment_code = ?", challenged));
    }

    @Test
    void theSuspendedViewSpeaksBothLanguages() {
        String code = newPayment();
        suspend();
        given().header("Accept-Language", "id-ID,id;q=0.9").get("/pg/pay/" + code).then().statusCode(403)
                .header("Content-Language", "id")
                .body(containsString("Toko ini untuk sementara tidak dapat menerima pembayaran. Tidak ada biaya yang "
                        + "ditagih."))
                .body(containsString("id=\"response-code\">Kode 4030805<"));
        suspendedView(given().get("/pg/pay/" + code + "?lang=en").then())
                .body(containsString("The shop cannot take payments at the moment. Nothing was charged."));
    }

    @Test
    void aPaymentStillChoosingShowsTheSuspendedViewWhileMadeOnesShowAsBefore() {
        String choosing = newPayment();
        String challenged = newPayment();
        PaymentApi.payByCard(challenged, "4000000000003220").then().statusCode(303);
        String captured = newPayment();
        PaymentApi.payByCard(captured, "4111 1111 1111 1111").then().statusCode(303);
        await().atMost(Duration.ofSeconds(20)).until(() -> "CAPTURED".equals(db().statusOf(captured)));
        String open = newPayment();
        Methods.choose(open, "VA_BNI").then().statusCode(303);
        suspend();

        suspendedView(PaymentApi.page(choosing).then()).body(not(containsString("id=\"card-form\"")));
        suspendedView(PaymentApi.page(challenged).then()).body(not(containsString("name=\"otp\"")));
        PaymentApi.page(captured).then().statusCode(200).body(containsString("data-view=\"captured\""));
        PaymentApi.page(open).then().statusCode(200).body(containsString("data-view=\"instructions\""));
        given().get("/pg/pay/" + choosing + "/state").then().statusCode(200).body("status", equalTo("PENDING"));
        assertUntouched(choosing);
    }

    @Test
    void aRefusedFormAndTheSuspendedPageAreRefusalsInTheAccessLogAsTheApisAre() {
        String code = newPayment();
        suspend();
        try (LogCapture log = LogCapture.start()) {
            suspendedView(PaymentApi.payByCard(code, "4111 1111 1111 1111").then());
            suspendedView(PaymentApi.page(code).then());
            for (String request : List.of("POST /pg/pay/{paymentCode}/card 403 ", "GET /pg/pay/{paymentCode} 403 ")) {
                await().atMost(Duration.ofSeconds(10)).until(() -> log.text().lines().anyMatch(line ->
                        line.contains(request) && line.endsWith("refused: 403 merchant suspended")));
            }
        }
    }

    @Test
    void aReactivatedMerchantsPageTakesPaymentsAgain() {
        String code = newPayment();
        suspend();
        suspendedView(PaymentApi.payByCard(code, "4111 1111 1111 1111").then());

        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.ACTIVE, 3));
        PaymentApi.page(code).then().statusCode(200).body(containsString("data-view=\"pay\""));
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        await().atMost(Duration.ofSeconds(20)).until(() -> "CAPTURED".equals(db().statusOf(code)));
    }

    /** The suspended view: 403, its code as text, no form of the payment. */
    private static ValidatableResponse suspendedView(ValidatableResponse response) {
        return response.statusCode(403).contentType(containsString("text/html"))
                .body(containsString("data-view=\"suspended\"")).body(containsString(CODE_TEXT))
                .body(not(containsString("<form")));
    }

    private static ValidatableResponse suspendedView(io.restassured.response.Response response) {
        return suspendedView(response.then());
    }

    private static ValidatableResponse form(String code, String path, String field, String value) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").formParam(field, value)
                .post("/pg/pay/" + code + "/" + path).then();
    }

    /** The payment is as initiated: PENDING, no method, nothing submitted to a provider. */
    private void assertUntouched(String code) {
        assertEquals("PENDING|||", db().value("SELECT status || '|' || coalesce(method, '') || '|' "
                + "|| coalesce(provider_reference, '') || '|' || coalesce(card_mask, '') FROM payment "
                + "WHERE payment_code = ?", code));
    }

    private void suspend() {
        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
    }

    private String newPayment() {
        return RegistryMerchants.as(merchantId, secret()).body(Json.write(Requests.minimal(Requests.orderId())))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("paymentCode");
    }

    private String secret() {
        return merchantId + "-client-secret";
    }

    private Db db() {
        return new Db(dataSource);
    }
}
