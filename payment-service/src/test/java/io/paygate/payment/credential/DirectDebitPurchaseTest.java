package io.paygate.payment.credential;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.BindingServiceResource;
import io.paygate.payment.support.CredentialTestResources;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Direct-debit purchases (docs/contract.md §1b) against the real database and broker, binding-service's internal API
 * over HTTP: charged at once through an ACTIVE binding of the customer, the sandbox bank's insufficient funds, the
 * OTP pair, idempotency, every binding that may not be charged, and the bad input of each endpoint.
 */
@QuarkusTest
@CredentialTestResources
class DirectDebitPurchaseTest {

    static final String PURCHASE = "/pg/payment/card/directdebit/purchase";
    static final String OTP = PURCHASE + "/otp";
    static final String CONFIRM = OTP + "/confirm";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @AfterEach
    void bindingServiceBack() {
        BindingServiceResource.failing(false);
    }

    static String customer() {
        return "cust-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static ObjectNode body(String orderId, String customerId, String type, String bindingId) {
        ObjectNode body = Requests.minimal(orderId);
        Requests.with(body, "customer.id", customerId);
        Requests.with(body, "sourceOfFunds.type", type);
        Requests.with(body, "sourceOfFunds.accountId", bindingId);
        return body;
    }

    static Response post(String path, ObjectNode body) {
        return post(SandboxMerchants.DEMO, path, Json.write(body));
    }

    static Response post(SandboxMerchants.Merchant merchant, String path, String body) {
        return PaymentApi.as(merchant).body(body).post(path);
    }

    private int paymentsOf(String orderId) {
        return new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", orderId);
    }

    @Test
    void chargesAnActiveBindingOfTheCustomerAtOnceUnderItsFirstAttemptsReference() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        String code = post(PURCHASE, body(orderId, customer, "DIRECT_DEBIT", binding)).then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("redirecturl", nullValue())
                .body("result.payment.status", anyOf(equalTo("PROCESSING"), equalTo("CAPTURED")))
                .body("result.payment.amount", equalTo(150000.0f))
                .extract().path("paymentCode");
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Db db = new Db(dataSource);
        assertEquals(code + "-1", db.value("SELECT provider_reference FROM payment WHERE payment_code = ?", code));
        assertEquals(binding, db.value("SELECT binding_id FROM payment WHERE payment_code = ?", code));
        assertEquals(1, db.chargesOf(code));
        PaymentStatusChanged event = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, event.status());
        assertEquals(PaymentMethod.DIRECT_DEBIT, event.method());
    }

    @Test
    void theBindingsSourceCodeMayNameTheType() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BRI_DD");
        String orderId = Requests.orderId();
        post(PURCHASE, body(orderId, customer, "BRI_DD", binding)).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void anAmountEndingIn51HasInsufficientFunds() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        ObjectNode body = Requests.with(body(orderId, customer, "DIRECT_DEBIT", binding), "order.amount", "75000.51");
        post(PURCHASE, body).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("result.payment.statusDesc", equalTo("Insufficient funds"));
    }

    @Test
    void theSameOrderAgainIsTheSameReplyAndOneChargeAnotherBodyIsAConflict() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        ObjectNode body = body(orderId, customer, "DIRECT_DEBIT", binding);
        String first = post(PURCHASE, body).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        post(PURCHASE, body).then().statusCode(200).body("paymentCode", equalTo(first))
                .body("result.payment.status", equalTo("CAPTURED"));
        assertEquals(1, new Db(dataSource).chargesOf(first));
        post(PURCHASE, Requests.with(body.deepCopy(), "order.amount", "1.00")).then().statusCode(409)
                .body("responseCode", equalTo("4091100"));
        // the same order through the hosted initiation is another request too
        PaymentApi.initiate(body).then().statusCode(409).body("responseCode", equalTo("4090100"));
    }

    @Test
    void aBindingThatMayNotBeChargedIsNotFoundAndNothingIsWritten() {
        String customer = customer();
        String other = BindingServiceResource.bind("demo2", customer, "BCA_DD");
        String someoneElses = BindingServiceResource.bind("demo", customer(), "BCA_DD");
        String unbound = BindingServiceResource.bind("demo", customer, "BCA_DD");
        BindingServiceResource.setStatus(unbound, BindingStatus.UNBOUND);
        String pending = BindingServiceResource.bind("demo", customer, "BCA_DD");
        BindingServiceResource.setStatus(pending, BindingStatus.PENDING);
        String bri = BindingServiceResource.bind("demo", customer, "BRI_DD");
        Map<String, ObjectNode> refused = Map.of(
                "unknown", body(Requests.orderId(), customer, "DIRECT_DEBIT", "BNDUNKNOWN0000000000"),
                "another merchant's", body(Requests.orderId(), customer, "DIRECT_DEBIT", other),
                "another customer's", body(Requests.orderId(), customer, "DIRECT_DEBIT", someoneElses),
                "unbound", body(Requests.orderId(), customer, "DIRECT_DEBIT", unbound),
                "pending", body(Requests.orderId(), customer, "DIRECT_DEBIT", pending),
                "of another type", body(Requests.orderId(), customer, "BCA_DD", bri),
                "malformed id", body(Requests.orderId(), customer, "DIRECT_DEBIT", "../x"));
        refused.forEach((why, body) -> {
            for (String path : new String[]{PURCHASE, OTP}) {
                post(path, body).then().statusCode(404).body("responseCode", equalTo("4041101"))
                        .body("responseMessage", equalTo("Transaction Not Found"));
                assertEquals(0, paymentsOf(body.path("order").path("id").asText()), why + " wrote a payment");
            }
        });
    }

    @Test
    void bindingServiceAwayIsABadGatewayAndNothingIsWritten() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        BindingServiceResource.failing(true);
        post(PURCHASE, body(orderId, customer, "DIRECT_DEBIT", binding)).then().statusCode(502)
                .body("responseCode", equalTo("5021100"));
        assertEquals(0, paymentsOf(orderId));
        BindingServiceResource.failing(false);
        post(PURCHASE, body(orderId, customer, "DIRECT_DEBIT", binding)).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void badInputOfAPurchaseNamesTheFieldAndWritesNothing() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        for (String path : new String[]{PURCHASE, OTP}) {
            Map<String, String> cases = new java.util.LinkedHashMap<>();
            String o1 = Requests.orderId();
            cases.put(o1 + "|4001102|customer.id",
                    Json.write(Requests.without(body(o1, customer, "DIRECT_DEBIT", binding), "customer.id")));
            String o2 = Requests.orderId();
            cases.put(o2 + "|4001102|sourceOfFunds.type",
                    Json.write(Requests.without(body(o2, customer, "DIRECT_DEBIT", binding), "sourceOfFunds.type")));
            String o3 = Requests.orderId();
            cases.put(o3 + "|4001101|sourceOfFunds.type", Json.write(body(o3, customer, "VA_BCA", binding)));
            String o4 = Requests.orderId();
            cases.put(o4 + "|4001102|sourceOfFunds.accountId", Json.write(
                    Requests.without(body(o4, customer, "DIRECT_DEBIT", binding), "sourceOfFunds.accountId")));
            String o5 = Requests.orderId();
            cases.put(o5 + "|4001102|order.amount",
                    Json.write(Requests.without(body(o5, customer, "DIRECT_DEBIT", binding), "order.amount")));
            String o6 = Requests.orderId();
            cases.put(o6 + "|4001101|order.amount",
                    Json.write(Requests.with(body(o6, customer, "DIRECT_DEBIT", binding), "order.amount", "1.234")));
            String o7 = Requests.orderId();
            cases.put(o7 + "|4001101|url.callbackUrl", Json.write(Requests.with(
                    body(o7, customer, "DIRECT_DEBIT", binding), "url.callbackUrl", "http://10.0.0.1/cb")));
            String o8 = Requests.orderId();
            cases.put(o8 + "|4001101|recurring.subscribe", Json.write(Requests.with(
                    body(o8, customer, "DIRECT_DEBIT", binding), "recurring", Requests.json("""
                            {"subscribe":"Y","type":"PURCHASE","id":"S1","amount":"10.00"}"""))));
            String o9 = Requests.orderId();
            cases.put(o9 + "|4001100|", "{\"order\":");
            cases.forEach((key, body) -> {
                String[] k = key.split("\\|", -1);
                Response r = post(SandboxMerchants.DEMO, path, body);
                r.then().statusCode(Integer.parseInt(k[1].substring(0, 3))).body("responseCode", equalTo(k[1]));
                if (!k[2].isEmpty()) {
                    r.then().body("responseMessage", org.hamcrest.Matchers.endsWith(" " + k[2]));
                }
                assertEquals(0, paymentsOf(k[0]), path + " " + key + " wrote a payment");
            });
            given().contentType("application/json").body(Json.write(body(Requests.orderId(), customer,
                    "DIRECT_DEBIT", binding))).post(path).then().statusCode(401).body("responseCode",
                    equalTo("4011100"));
        }
    }

    @Test
    void withOtpThePaymentWaitsForTheCodeAndIsChargedWhenItIsRight() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        ObjectNode body = body(orderId, customer, "DIRECT_DEBIT", binding);
        String code = post(OTP, body).then().statusCode(200).body("responseCode", equalTo("2000000"))
                .body("redirecturl", nullValue()).extract().path("paymentCode");
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        Db db = new Db(dataSource);
        String hash = db.value("SELECT otp_hash FROM payment WHERE payment_code = ?", code);
        assertNotEquals("123456", hash);
        assertEquals(64, hash.length());
        String expiry = db.value("SELECT otp_expires_at::text FROM payment WHERE payment_code = ?", code);
        // the same body again: a new code, a new five minutes, the same payment
        post(OTP, body).then().statusCode(200).body("paymentCode", equalTo(code));
        assertNotEquals(expiry, db.value("SELECT otp_expires_at::text FROM payment WHERE payment_code = ?", code));
        confirm(code, "654321").then().statusCode(400).body("responseCode", equalTo("4001101"))
                .body("responseMessage", equalTo("Invalid Field Format otp"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        confirm(code, "123456").then().statusCode(200).body("paymentCode", equalTo(code))
                .body("result.payment.status", anyOf(equalTo("PROCESSING"), equalTo("CAPTURED")));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(code + "-1", db.value("SELECT provider_reference FROM payment WHERE payment_code = ?", code));
        assertEquals(null, db.value("SELECT otp_hash FROM payment WHERE payment_code = ?", code));
        confirm(code, "123456").then().statusCode(409).body("responseCode", equalTo("4091100"));
        assertEquals(1, db.chargesOf(code));
    }

    @Test
    void theThirdWrongOtpFailsThePayment() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        String code = post(OTP, body(orderId, customer, "DIRECT_DEBIT", binding)).then().statusCode(200)
                .extract().path("paymentCode");
        confirm(code, "abc").then().statusCode(400).body("responseMessage", equalTo("Invalid Field Format otp"));
        for (int i = 0; i < 3; i++) {
            confirm(code, "00000" + i).then().statusCode(400).body("responseCode", equalTo("4001101"));
        }
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().body("result.payment.status", equalTo("FAILED"))
                .body("result.payment.statusDesc", equalTo("Too many wrong OTPs"));
        confirm(code, "123456").then().statusCode(409).body("responseCode", equalTo("4091100"));
        assertEquals(0, new Db(dataSource).chargesOf(code));
    }

    @Test
    void aConfirmationAfterFiveMinutesFailsThePayment() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String orderId = Requests.orderId();
        String code = post(OTP, body(orderId, customer, "DIRECT_DEBIT", binding)).then().statusCode(200)
                .extract().path("paymentCode");
        new Db(dataSource).update("UPDATE payment SET otp_expires_at = now() - interval '1 second' "
                + "WHERE payment_code = ?", code);
        confirm(code, "123456").then().statusCode(200).body("result.payment.status", equalTo("FAILED"))
                .body("result.payment.statusDesc", equalTo("OTP expired"));
        assertEquals(0, new Db(dataSource).chargesOf(code));
    }

    @Test
    void confirmingWhatDoesNotWaitForAnOtpIsAConflictAndAnotherMerchantsIsNotFound() {
        String hosted = PaymentApi.newPayment(Requests.orderId());
        confirm(hosted, "123456").then().statusCode(409).body("responseCode", equalTo("4091100"));
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String code = post(OTP, body(Requests.orderId(), customer, "DIRECT_DEBIT", binding)).then().statusCode(200)
                .extract().path("paymentCode");
        post(SandboxMerchants.DEMO2, CONFIRM, "{\"paymentCode\":\"" + code + "\",\"otp\":\"123456\"}").then()
                .statusCode(404).body("responseCode", equalTo("4041101"));
        confirm("PCNOSUCHPAYMENT0000", "123456").then().statusCode(404).body("responseCode", equalTo("4041101"));
        assertEquals("PENDING", new Db(dataSource).statusOf(code));
    }

    @Test
    void badInputOfAConfirmationNamesTheField() {
        post(SandboxMerchants.DEMO, CONFIRM, "{\"otp\":\"123456\"}").then().statusCode(400)
                .body("responseCode", equalTo("4001102")).body("responseMessage", equalTo(
                        "Invalid Mandatory Field paymentCode"));
        post(SandboxMerchants.DEMO, CONFIRM, "{\"paymentCode\":\"PC1\"}").then().statusCode(400)
                .body("responseCode", equalTo("4001102")).body("responseMessage", equalTo(
                        "Invalid Mandatory Field otp"));
        post(SandboxMerchants.DEMO, CONFIRM, "{\"paymentCode\":\"PC1\",\"otp\":\"" + "1".repeat(17) + "\"}").then()
                .statusCode(400).body("responseCode", equalTo("4001101"));
        post(SandboxMerchants.DEMO, CONFIRM, "[]").then().statusCode(400).body("responseCode", equalTo("4001100"));
        given().contentType("application/json").body("{\"paymentCode\":\"PC1\",\"otp\":\"123456\"}").post(CONFIRM)
                .then().statusCode(401).body("responseCode", equalTo("4011100"));
    }

    static Response confirm(String paymentCode, String otp) {
        return post(SandboxMerchants.DEMO, CONFIRM, "{\"paymentCode\":\"" + paymentCode + "\",\"otp\":\"" + otp
                + "\"}");
    }
}
