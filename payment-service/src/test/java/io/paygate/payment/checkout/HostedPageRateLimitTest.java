package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.provider.ProviderSignature;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.Year;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * docs/contract.md §0: "Hosted pages a customer is using and provider callbacks are never limited below what one payment
 * needs", with the client address limited to a burst of 3 and one request every 4 s, and the pages at their
 * production defaults. RestAssured's peer (127.0.0.1) is a trusted proxy here, so each test names its customer's
 * address in X-Forwarded-For.
 */
@QuarkusTest
@TestProfile(HostedPageRateLimitTest.SmallAddressLimit.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "payment_ratelimit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class HostedPageRateLimitTest {

    static final byte[] PROVIDER_SECRET = "test-provider-secret".getBytes(StandardCharsets.UTF_8);

    public static class SmallAddressLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "gateway.rate-limit.address.per-second", "0.25",
                    "gateway.rate-limit.address.burst", "3",
                    "gateway.rate-limit.page.per-second", "10",   // the defaults, which the %test profile lifts
                    "gateway.rate-limit.page.burst", "60",
                    "gateway.trusted-proxies", "127.0.0.1/32");
        }
    }

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    static RequestSpecification customer(String address) {
        return given().header("X-Forwarded-For", address)
                .config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)));
    }

    @Test
    void aCustomerPayingWithThreeDSecureOnTheHostedPageIsNotLimited() throws InterruptedException {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        String me = "198.51.100.20";
        List<Integer> statuses = new ArrayList<>();
        statuses.add(customer(me).get("/pg/pay/" + code).statusCode());
        statuses.add(customer(me).contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("cardNumber", "4000000000003220").formParam("expiryMonth", "12")
                .formParam("expiryYear", String.valueOf(Year.now().getValue() + 2)).formParam("cvv", "123")
                .formParam("cardholderName", "Budi Santoso").post("/pg/pay/" + code + "/card").statusCode());
        statuses.add(customer(me).get("/pg/pay/" + code).statusCode());
        statuses.add(customer(me).contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("otp", "123456").post("/pg/pay/" + code + "/otp").statusCode());
        // The processing view polls its state once a second; five times that, for four seconds.
        String state = "PROCESSING";
        for (int i = 0; i < 20; i++) {
            Response poll = customer(me).get("/pg/pay/" + code + "/state");
            statuses.add(poll.statusCode());
            if (poll.statusCode() == 200) {
                state = poll.path("status");
            }
            Thread.sleep(200);
        }
        statuses.add(customer(me).get("/pg/pay/" + code).statusCode());
        assertFalse(statuses.contains(429), statuses::toString);
        assertEquals(List.of(200, 303, 200, 303), statuses.subList(0, 4));
        assertEquals("CAPTURED", state);

        // The same address is limited where the customer's payment is not concerned: failed ops tokens.
        for (int i = 0; i < 3; i++) {
            customer(me).header("Authorization", "Bearer guess").contentType("application/json")
                    .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + code + "/simulate")
                    .then().statusCode(401);
        }
        customer(me).header("Authorization", "Bearer guess").contentType("application/json")
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + code + "/simulate")
                .then().statusCode(429).body("responseCode", equalTo("4290800")).header("Retry-After", "4");
    }

    @Test
    void aCustomerPayingAVirtualAccountInTheSandboxBankAppIsNotLimited() throws InterruptedException {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        String me = "198.51.100.24";
        List<Integer> statuses = new ArrayList<>();
        statuses.add(customer(me).get("/pg/pay/" + code).statusCode());
        statuses.add(customer(me).contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("type", "VA_BCA").post("/pg/pay/" + code + "/method").statusCode());
        statuses.add(customer(me).get("/pg/pay/" + code).statusCode());
        String va = new Db(dataSource).value("SELECT pay_code FROM payment WHERE payment_code = ?", code);
        // The customer's bank app: the page, a look-up, the payment; meanwhile the payment page polls its state.
        statuses.add(customer(me).get("/pg/sandbox/bank-app").statusCode());
        statuses.add(customer(me).queryParam("accountNumber", va).get("/pg/sandbox/bank-app").statusCode());
        statuses.add(customer(me).contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("accountNumber", va).formParam("amount", "150000").post("/pg/sandbox/bank-app")
                .statusCode());
        String state = "PENDING";
        for (int i = 0; i < 20 && !"CAPTURED".equals(state); i++) {
            Response poll = customer(me).get("/pg/pay/" + code + "/state");
            statuses.add(poll.statusCode());
            if (poll.statusCode() == 200) {
                state = poll.path("status");
            }
            Thread.sleep(200);
        }
        assertFalse(statuses.contains(429), statuses::toString);
        assertEquals(List.of(200, 303, 200, 200, 200, 200), statuses.subList(0, 6));
        assertEquals("CAPTURED", state);
    }

    @Test
    void providerCallbacksWhoseSignatureVerifiesAreNeverLimitedAndForgedOnesAre() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        String reference = new Db(dataSource).value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                code);
        byte[] decision = ("{\"reference\":\"" + reference + "\",\"paymentCode\":\"" + code
                + "\",\"status\":\"CAPTURED\",\"statusDesc\":null}").getBytes(StandardCharsets.UTF_8);
        String provider = "198.51.100.21";
        for (int i = 0; i < 10; i++) {
            callback(provider, decision, PROVIDER_SECRET).then().statusCode(200)
                    .body("responseCode", equalTo("2000000"));
        }
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));

        String forger = "198.51.100.22";
        for (int i = 0; i < 3; i++) {
            callback(forger, decision, "forged".getBytes(StandardCharsets.UTF_8)).then().statusCode(401)
                    .body("responseCode", equalTo("4010800"));
        }
        callback(forger, decision, "forged".getBytes(StandardCharsets.UTF_8)).then().statusCode(429)
                .body("responseCode", equalTo("4290800")).header("Retry-After", "4");
        callback(provider, decision, PROVIDER_SECRET).then().statusCode(200);
    }

    /**
     * docs/contract.md §0: provider notifications for unknown orders are limited per client address (300 of them in 0.6 s were
     * all answered 404, issue 22), while a callback whose signature verifies for a payment is still served from it.
     */
    @Test
    void providerNotificationsForUnknownOrdersCostTheirAddress() {
        String scanner = "198.51.100.24";
        String unknown = "{\"order_id\":\"CHGNOSUCHCHARGE0000000000\",\"status_code\":\"200\","
                + "\"gross_amount\":\"150000.00\",\"signature_key\":\"00\",\"transaction_status\":\"settlement\"}";
        // the burst (3) answers 404; then 429 — give a slow machine room for a token refilled on the way (one per 4 s)
        int notFound = 0;
        io.restassured.response.Response last = null;
        for (int i = 0; i < 8; i++) {
            last = given().header("X-Forwarded-For", scanner).contentType("application/json").body(unknown)
                    .post("/pg/provider/midtrans/notification");
            if (last.statusCode() == 429) {
                break;
            }
            last.then().statusCode(404).body("responseCode", equalTo("4040801"));
            notFound++;
        }
        assertTrue(notFound >= 3 && notFound <= 5, "404s before the limit: " + notFound);
        last.then().statusCode(429).body("responseCode", equalTo("4290800")).header("Retry-After", "4");

        byte[] noSuchPayment = ("{\"reference\":\"CHGNOSUCHCHARGE0000000001\",\"paymentCode\":\"PCNOSUCHPAYMENT\","
                + "\"status\":\"CAPTURED\",\"statusDesc\":null}").getBytes(StandardCharsets.UTF_8);
        callback(scanner, noSuchPayment, PROVIDER_SECRET).then().statusCode(429).body("responseCode", equalTo("4290800"));

        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        String reference = new Db(dataSource).value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                code);
        byte[] decision = ("{\"reference\":\"" + reference + "\",\"paymentCode\":\"" + code
                + "\",\"status\":\"CAPTURED\",\"statusDesc\":null}").getBytes(StandardCharsets.UTF_8);
        callback(scanner, decision, PROVIDER_SECRET).then().statusCode(200);
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
    }

    @Test
    void merchantRequestsAreNotChargedToTheAddressOfTheirSender() {
        for (int i = 0; i < 5; i++) {
            given().header("X-Forwarded-For", "198.51.100.23")
                    .filter(io.paygate.testsupport.rest.MerchantSigningFilter.as(SandboxMerchants.DEMO))
                    .get("/pg/payment/card/status/unknown-" + i).then().statusCode(404);
        }
    }

    static Response callback(String address, byte[] body, byte[] secret) {
        long now = Instant.now().getEpochSecond();
        return given().header("X-Forwarded-For", address).contentType("application/json")
                .header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(now))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(secret, now, body))
                .body(body).post("/pg/provider/sandbox/callback");
    }
}
