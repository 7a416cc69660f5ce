package io.paygate.payment.initiation;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §0: request bodies are I-JSON. A correctly signed initiation carrying a hostile number, ill-formed UTF-8 or
 * a lone surrogate anywhere is {@code 4000100}, never a 500, and no payment is written; input at the edges of what
 * I-JSON allows is accepted.
 */
@QuarkusTest
@PaymentTestResources
class InitiationIJsonTest {

    @Inject
    AgroalDataSource dataSource;

    Db db;

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    /** A valid initiation whose {@code meta.data.x} holds {@code value} (raw JSON text). */
    static String withMetaValue(String orderId, String value) {
        return """
                {"order":{"id":"%s","amount":"1000.00","description":"Coffee"},"customer":{"id":"C-1","email":"a@b.co",\
                "firstName":"A","lastName":"B","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"https://merchant.example.com/cb"},"meta":{"data":{"x":%s}}}"""
                .formatted(orderId, value);
    }

    /** A valid initiation whose {@code order.description} holds {@code hex} as raw bytes. */
    static byte[] withDescriptionBytes(String orderId, String hex) {
        String[] around = withMetaValue(orderId, "1").split("Coffee");
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes((around[0] + "Cof").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(HexFormat.of().parseHex(hex));
        body.writeBytes(("fee" + around[1]).getBytes(StandardCharsets.UTF_8));
        return body.toByteArray();
    }

    static Response initiate(byte[] body) {
        return PaymentApi.as(SandboxMerchants.DEMO).body(body).post("/pg/payment/card/initiate");
    }

    int paymentsOf(String orderId) {
        return db.count("SELECT count(*) FROM payment WHERE merchant_id = 'demo' AND order_id = ?", orderId);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e309", "-1e400", "1e1000000000", "1e3000000000", "[0,-1e400]", "{\"y\":1e309}"})
    void aNumberOutsideDoubleRangeIsABadRequestAndWritesNothing(String value) {
        String orderId = Requests.orderId();
        initiate(withMetaValue(orderId, value).getBytes(StandardCharsets.UTF_8)).then().statusCode(400)
                .body("responseCode", equalTo("4000100"))
                .body("responseMessage", startsWith("Bad Request number out of range at meta.data"));
        assertEquals(0, paymentsOf(orderId));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\"\\ud800\"", "\"\\udc00\"", "\"\\ude00\\ud83d\"", "[\"a\\ud83d\"]", "{\"\\ud800\":1}"})
    void aLoneOrReversedSurrogateIsABadRequestAndWritesNothing(String value) {
        String orderId = Requests.orderId();
        initiate(withMetaValue(orderId, value).getBytes(StandardCharsets.UTF_8)).then().statusCode(400)
                .body("responseCode", equalTo("4000100"));
        assertEquals(0, paymentsOf(orderId));
    }

    @Test
    void aLoneSurrogateInAKnownFieldIsABadRequestNamingIt() {
        String orderId = Requests.orderId();
        initiate(withMetaValue(orderId, "1").replace("\"firstName\":\"A\"", "\"firstName\":\"A\\ud800\"")
                .getBytes(StandardCharsets.UTF_8)).then().statusCode(400)
                .body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request lone surrogate in text at customer.firstName"));
        assertEquals(0, paymentsOf(orderId));
    }

    /** Overlong forms, encoded surrogates, truncated sequences, bytes that never occur in UTF-8. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"c0af", "e080af", "f08080af", "eda080", "e282", "f5808080", "f4908080", "ff"})
    void illFormedUtf8IsABadRequestAndWritesNothing(String hex) {
        String orderId = Requests.orderId();
        initiate(withDescriptionBytes(orderId, hex)).then().statusCode(400).body("responseCode", equalTo("4000100"));
        assertEquals(0, paymentsOf(orderId));
    }

    /** A member the gateway does not know is not stored, but it is still part of the body, which must be I-JSON. */
    @Test
    void anUnknownTopLevelMemberIsCheckedToo() {
        String orderId = Requests.orderId();
        String body = withMetaValue(orderId, "1");
        initiate((body.substring(0, body.length() - 1) + ",\"extra\":{\"n\":1e309}}").getBytes(StandardCharsets.UTF_8))
                .then().statusCode(400).body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request number out of range at extra.n"));
        assertEquals(0, paymentsOf(orderId));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "0.1", "-0",
            "\"\\ud83d\\ude00\"", "\"\ud83d\ude00\""})
    void inputAtTheEdgesOfIJsonIsAccepted(String value) {
        String orderId = Requests.orderId();
        initiate(withMetaValue(orderId, value).getBytes(StandardCharsets.UTF_8)).then().statusCode(200)
                .body("responseCode", equalTo("2000000"));
        assertEquals(1, paymentsOf(orderId));
    }

    @Test
    void fourByteUtf8IsAccepted() {
        String orderId = Requests.orderId();
        initiate(withDescriptionBytes(orderId, "f09f9880")).then().statusCode(200);
        assertEquals("Cof\ud83d\ude00fee",
                db.value("SELECT description FROM payment WHERE merchant_id = 'demo' AND order_id = ?", orderId));
    }

    /** Underflow is read as 0, as RFC 8785 canonicalises it: stored so, and no longer a 500. */
    @Test
    void anUnderflowingNumberIsStoredAsZero() {
        String orderId = Requests.orderId();
        initiate(withMetaValue(orderId, "1e-10000").getBytes(StandardCharsets.UTF_8)).then().statusCode(200);
        assertEquals("{\"data\":{\"x\":0}}",
                db.value("SELECT meta FROM payment WHERE merchant_id = 'demo' AND order_id = ?", orderId));
        // The same order again, spelled 0: the same content, the same reply (idempotency compares canonical forms).
        initiate(withMetaValue(orderId, "0").getBytes(StandardCharsets.UTF_8)).then().statusCode(200);
        assertEquals(1, paymentsOf(orderId));
    }

    /** The hosted page's forms are not JSON: text that is not ASCII still goes through. */
    @Test
    void hostedPageFormsAreNotAffected() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.payByCard(code, "4111111111111111", "12", String.valueOf(java.time.Year.now().getValue() + 2),
                "123", "Zo\u00eb \ud83d\ude00 Santoso").then().statusCode(303);
    }
}
