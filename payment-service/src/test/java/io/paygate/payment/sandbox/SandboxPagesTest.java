package io.paygate.payment.sandbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.QrDecoder;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's customer pages (docs/contract.md §2a "Sandbox") over HTTP: the bank app, QRIS app, wallet and cashier show
 * what a number pays, pay it, and refuse with the reason (wrong amount, expired, cancelled, wrong CRC, wrong PIN) in
 * English and Bahasa Indonesia; nothing is paid when they refuse.
 */
@QuarkusTest
@PaymentTestResources
class SandboxPagesTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void theBankAppShowsWhatANumberPaysAndPaysIt() {
        String orderId = Requests.orderId();
        String code = chosen(orderId, "VA_BCA");
        String va = charge(code);
        customer("en").get("/pg/sandbox/bank-app").then().statusCode(200)
                .header("Content-Security-Policy", containsString("form-action 'self'"))
                .body(containsString("<title>Sandbox bank app · Sandbox</title>"))
                .body(containsString("id=\"sandbox-banner\""))
                .body(containsString("No real money moves"))
                .body(containsString("<label for=\"accountNumber\">"));
        customer("en").queryParam("accountNumber", va).get("/pg/sandbox/bank-app").then().statusCode(200)
                .body(containsString("id=\"charge-merchant\">Demo Store</dd>"))
                .body(containsString("id=\"charge-method\">BCA Virtual Account</dd>"))
                .body(containsString("id=\"charge-amount\">Rp 150.000</dd>"))
                .body(containsString(" WIB</dd>"))
                .body(containsString("value=\"150000.00\""));

        customer("en").formParam("accountNumber", va).formParam("amount", "150000")
                .post("/pg/sandbox/bank-app").then().statusCode(200)
                .body(containsString("data-page=\"paid\""))
                .body(containsString("Paid Rp 150.000 to Demo Store."))
                .body(containsString("href=\"/pg/pay/" + code + "\" id=\"payment-page-link\""));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        customer("en").formParam("accountNumber", va).formParam("amount", "150000")
                .post("/pg/sandbox/bank-app").then().statusCode(409)
                .body(containsString("This payment code is already paid. Nothing was paid."));
    }

    @Test
    void theBankAppRefusesAWrongAmountAndPaysNothing() {
        String orderId = Requests.orderId();
        String va = charge(chosen(orderId, "VA_BNI"));
        customer("en").formParam("accountNumber", va).formParam("amount", "149999")
                .post("/pg/sandbox/bank-app").then().statusCode(409)
                .body(containsString("data-page=\"refused\""))
                .body(containsString("Wrong amount: this code takes exactly Rp 150.000. Nothing was paid."));
        customer("id").formParam("accountNumber", va).formParam("amount", "150001")
                .post("/pg/sandbox/bank-app").then().statusCode(409)
                .body(containsString("<html lang=\"id\">"))
                .body(containsString("Jumlah salah: kode ini hanya menerima tepat Rp 150.000. Tidak ada yang dibayar."));
        customer("en").formParam("accountNumber", va).formParam("amount", "150.000,00")
                .post("/pg/sandbox/bank-app").then().statusCode(400)
                .body(containsString("Enter the amount in rupiah, e.g. 150000."))
                .body(containsString("id=\"amount\" name=\"amount\" inputmode=\"decimal\" autocomplete=\"off\" "
                        + "maxlength=\"16\" value=\"150.000,00\" aria-invalid=\"true\""));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        assertEquals("OPEN", db().value("SELECT state FROM sandbox_charge WHERE pay_code = ?", va));
    }

    @Test
    void theBankAppRefusesAnExpiredAndACancelledNumber() {
        String expiredOrder = Requests.orderId();
        String expired = charge(chosen(expiredOrder, "VA_BRI"));
        db().update("UPDATE sandbox_charge SET expires_at = ? WHERE pay_code = ?",
                Timestamp.from(Instant.now().minusSeconds(1)), expired);
        customer("en").formParam("accountNumber", expired).formParam("amount", "150000.00")
                .post("/pg/sandbox/bank-app").then().statusCode(409)
                .body(containsString("This payment code has expired. Nothing was paid."));

        String code = chosen(Requests.orderId(), "VA_MANDIRI");
        String billKey = charge(code);
        Methods.choose(code, "QRIS").then().statusCode(303);
        customer("id").queryParam("accountNumber", billKey).get("/pg/sandbox/bank-app").then().statusCode(200)
                .body(containsString("id=\"charge-method\">Mandiri Bill Payment</dd>"))
                .body(containsString("id=\"charge-closed\">Kode ini tidak lagi menerima pembayaran"));
        customer("id").formParam("accountNumber", billKey).formParam("amount", "150000")
                .post("/pg/sandbox/bank-app").then().statusCode(409)
                .body(containsString("Kode pembayaran ini sudah dibatalkan. Tidak ada yang dibayar."));
        customer("en").formParam("accountNumber", "1234").formParam("amount", "150000")
                .post("/pg/sandbox/bank-app").then().statusCode(404)
                .body(containsString("No open payment has this number or code."));
        customer("en").queryParam("accountNumber", "1234").get("/pg/sandbox/bank-app").then().statusCode(200)
                .body(containsString("id=\"form-error\"><a href=\"#accountNumber\">No open payment has this number"));
    }

    @Test
    void aMandiriBillIsPaidByItsBillKey() {
        String orderId = Requests.orderId();
        String billKey = charge(chosen(orderId, "VA_MANDIRI"));
        customer("en").formParam("accountNumber", billKey).formParam("amount", "150000.00")
                .post("/pg/sandbox/bank-app").then().statusCode(200).body(containsString("Payment successful"));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void theQrisAppPaysAPastedPayloadAndRefusesOneWithAWrongCrc() {
        String orderId = Requests.orderId();
        String code = chosen(orderId, "QRIS");
        String payload = QrDecoder.decode(qr(code));
        String forged = payload.substring(0, payload.length() - 4)
                + (payload.endsWith("0000") ? "0001" : "0000");
        customer("en").formParam("payload", forged).post("/pg/sandbox/qris-app").then().statusCode(400)
                .body(containsString("This is not a valid QRIS code: its format or its check digits (CRC) are wrong."))
                .body(containsString("aria-invalid=\"true\""));
        customer("id").formParam("payload", forged).post("/pg/sandbox/qris-app").then().statusCode(400)
                .body(containsString("Ini bukan kode QRIS yang sah"));
        String otherAmount = QrisPayload.parse(payload).amount().orElseThrow().toPlainString();
        String edited = recrc(payload.replace("54" + String.format("%02d", otherAmount.length()) + otherAmount,
                "5406150001"));
        customer("en").formParam("payload", edited).post("/pg/sandbox/qris-app").then().statusCode(409)
                .body(containsString("Wrong amount"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));

        customer("en").formParam("payload", payload).post("/pg/sandbox/qris-app").then().statusCode(200)
                .body(containsString("Paid Rp 150.000 to Demo Store."));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void theQrisAppReadsAnUploadedQrImage() {
        String orderId = Requests.orderId();
        String code = chosen(orderId, "QRIS");
        given().header("Accept-Language", "en").multiPart("image", "qr.png", "not an image".getBytes(), "image/png")
                .post("/pg/sandbox/qris-app").then().statusCode(400)
                .body(containsString("No QR code could be read in this image."));
        given().header("Accept-Language", "en").multiPart("payload", "")
                .multiPart("image", "qris.png", qr(code), "image/png")
                .post("/pg/sandbox/qris-app").then().statusCode(200)
                .body(containsString("data-page=\"paid\""));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void theWalletApprovesWithThePinAndTheWrongPinIsAskedAgain() {
        String orderId = Requests.orderId();
        String code = chosen(orderId, "SHOPEEPAY");
        String reference = reference(code);
        customer("en").get("/pg/sandbox/wallet/" + reference).then().statusCode(200)
                .body(containsString("<title>Sandbox ShopeePay · Sandbox</title>"))
                .body(containsString("Demo Store asks you to pay Rp 150.000."))
                .body(containsString("Sandbox PIN: 123456"));
        customer("en").formParam("action", "approve").formParam("pin", "111111")
                .post("/pg/sandbox/wallet/" + reference).then().statusCode(409)
                .body(containsString("data-page=\"wallet\""))
                .body(containsString("<a href=\"#pin\">Wrong PIN.</a>"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        customer("id").formParam("action", "approve").formParam("pin", "123456")
                .post("/pg/sandbox/wallet/" + reference).then().statusCode(200)
                .body(containsString("Sudah dibayar Rp 150.000 kepada Demo Store."));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        customer("en").get("/pg/sandbox/wallet/" + reference).then().statusCode(410)
                .body(containsString("id=\"charge-closed\"")).body(not(containsString("id=\"wallet-form\"")));
    }

    @Test
    void declinedInTheWalletFailsThePayment() {
        String orderId = Requests.orderId();
        String reference = reference(chosen(orderId, "DANA"));
        customer("en").formParam("action", "decline").post("/pg/sandbox/wallet/" + reference).then().statusCode(200)
                .body(containsString("You declined the payment to Demo Store."));
        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("result.payment.statusDesc", equalTo("Declined by the customer"));
    }

    @Test
    void theWalletFormNeedsNoTokenWhileItsJsonTwinStillDoes() {
        String orderId = Requests.orderId();
        String reference = reference(chosen(orderId, "LINKAJA"));
        given().contentType("application/json").body("{\"action\":\"approve\",\"pin\":\"123456\"}")
                .post("/pg/sandbox/wallet/" + reference).then().statusCode(401);
        Methods.wallet(reference, "approve", "123456").then().statusCode(200).body("responseCode", equalTo("2000000"));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        customer("en").get("/pg/sandbox/wallet/CHGUNKNOWN0000").then().statusCode(404)
                .body(containsString("This sandbox page does not exist."));
    }

    @Test
    void theCashierTakesAStoreCodeAndRefusesAWrongAmount() {
        String orderId = Requests.orderId();
        String storeCode = charge(chosen(orderId, "ALFAMART"));
        customer("en").queryParam("store", "ALFAMART").queryParam("paymentCode", storeCode)
                .get("/pg/sandbox/cashier").then().statusCode(200)
                .body(containsString("id=\"charge-method\">Alfamart</dd>"))
                .body(containsString("value=\"150000.00\""));
        customer("en").formParam("store", "INDOMARET").formParam("paymentCode", storeCode).formParam("amount", "150000")
                .post("/pg/sandbox/cashier").then().statusCode(404);
        customer("en").formParam("store", "ALFAMART").formParam("paymentCode", storeCode).formParam("amount", "15000")
                .post("/pg/sandbox/cashier").then().statusCode(409).body(containsString("Wrong amount"));
        customer("en").formParam("store", "ALFAMART").formParam("paymentCode", storeCode).formParam("amount", "150000")
                .post("/pg/sandbox/cashier").then().statusCode(200).body(containsString("Paid Rp 150.000"));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    /** A payment whose customer chose {@code type} on the page; its page code. */
    private static String chosen(String orderId, String type) {
        String code = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200).extract()
                .path("paymentCode");
        Methods.choose(code, type).then().statusCode(303);
        return code;
    }

    private String charge(String code) {
        return db().value("SELECT c.pay_code FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "AND c.reference = p.provider_reference WHERE p.payment_code = ?", code);
    }

    private String reference(String code) {
        return db().value("SELECT provider_reference FROM payment WHERE payment_code = ?", code);
    }

    private static byte[] qr(String code) {
        return given().get("/pg/pay/" + code + "/qr.png").then().statusCode(200).extract().asByteArray();
    }

    /** The payload with its CRC (tag 63) computed again: an edit only the amount check can catch. */
    private static String recrc(String payload) {
        String body = payload.substring(0, payload.length() - 4);
        return body + QrisPayload.crc(body);
    }

    private static RequestSpecification customer(String language) {
        return given().header("Accept-Language", language).contentType("application/x-www-form-urlencoded");
    }

    private Db db() {
        return new Db(dataSource);
    }
}
