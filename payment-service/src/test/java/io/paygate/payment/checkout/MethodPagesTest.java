package io.paygate.payment.checkout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hosted page's payment methods (docs/contract.md §2, §2a) as HTML over HTTP: every method of the channel offered in its
 * group, a method chosen or preselected opening on its instructions in English and Bahasa Indonesia, switching, the
 * state the page polls, and where the page sends the customer back to the merchant.
 */
@QuarkusTest
@PaymentTestResources
class MethodPagesTest {

    static final String ACCOUNT = "+6281234567890";

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void offersEveryMethodOfTheChannelInTheGroupsShoppersInIndonesiaExpect() {
        String page = html(PaymentApi.newPayment(Requests.orderId()), "en");
        assertOrder(page, "id=\"group-wallets\"", "id=\"group-accounts\"", "id=\"group-card\"", "id=\"group-stores\"");
        assertOrder(page, "QRIS and e-wallets", "Bank transfer (virtual account)", "Pay by card", "Convenience store");
        for (String type : List.of("QRIS", "GOPAY", "SHOPEEPAY", "DANA", "LINKAJA", "VA_BCA", "VA_BNI", "VA_BRI",
                "VA_MANDIRI", "VA_PERMATA", "VA_CIMB", "ALFAMART", "INDOMARET")) {
            assertTrue(page.contains("name=\"type\" value=\"" + type + "\" id=\"method-" + type + "\""), type);
        }
        assertTrue(page.contains(">CIMB Niaga</span></button>") && page.contains(">ShopeePay</span></button>"), page);
        assertFalse(page.contains("value=\"OVO\""), "OVO pushes to the account the merchant named: none here");
        assertTrue(page.contains("id=\"card-form\""), "the card form is on the page as before");
        assertFalse(page.contains("directdebit-form"), "no bindings, no direct debit");

        String indonesian = html(PaymentApi.newPayment(Requests.orderId()), "id");
        assertOrder(indonesian, "QRIS dan dompet digital", "Transfer bank (virtual account)", "Bayar dengan kartu",
                "Gerai ritel");
    }

    @Test
    void ovoIsOfferedAgainOnlyWithTheAccountTheMerchantNamed() {
        String code = initiate(Requests.with(Methods.preselecting(Requests.orderId(), "OVO"),
                "sourceOfFunds.accountId", ACCOUNT));
        Methods.choose(code, "QRIS").then().statusCode(303);
        assertTrue(html(code, "en").contains("id=\"method-OVO\""), "back to OVO from another method");
        String other = initiate(Requests.with(Requests.minimal(Requests.orderId()), "sourceOfFunds.accountId",
                ACCOUNT));
        assertFalse(html(other, "en").contains("id=\"method-OVO\""), "an account without OVO chosen is ignored (§1)");
    }

    @Test
    void aPreselectedVirtualAccountOpensOnItsNumberAndTheBanksStepsInEnglish() {
        String code = preselected("VA_BCA");
        String va = charge(code);
        String page = html(code, "en");
        assertTrue(page.contains("data-view=\"instructions\"") && page.contains("data-method=\"VA_BCA\""), page);
        assertTrue(page.contains("<title>Pay with BCA Virtual Account · Demo Store</title>"), page);
        assertTrue(page.contains("<span class=\"value\" id=\"pay-number\" data-copy=\"" + va + "\">"
                + Instructions.grouped(va) + "</span>"), page);
        assertTrue(page.contains("data-copy=\"" + va + "\""), "a copy button for the number");
        assertTrue(page.contains(" hidden data-copy="), "the copy button appears only where the script can copy");
        assertTrue(page.contains("aria-label=\"Copy the virtual account number\""), page);
        assertTrue(page.contains("id=\"account-name\">Demo Store</span>"), page);
        assertTrue(page.contains("Pay exactly Rp 150.000: the bank refuses any other amount."), page);
        assertTrue(page.contains("<summary>ATM</summary>") && page.contains("<summary>Mobile banking (BCA mobile)</summary>")
                && page.contains("<summary>Internet banking (KlikBCA)</summary>"), page);
        assertTrue(page.contains("Choose Other Transactions &gt; Transfer &gt; To BCA Virtual Account."), page);
        assertTrue(page.contains("Enter the virtual account number " + Instructions.grouped(va) + "."), page);
        assertTrue(page.contains("Check that the amount is Rp 150.000 and the name is Demo Store, then confirm."));
        assertTrue(page.matches("(?s).*id=\"charge-expires-at\">Pay before \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} WIB<.*"),
                page);
        assertTrue(page.matches("(?s).*id=\"charge-countdown\" data-expires-at=\"\\d+\">23:59:\\d{2}<.*"), page);
        assertTrue(page.contains("Waiting for your payment. This page updates by itself once it arrives."));
        assertTrue(page.contains("id=\"check-again\""), "a way to look again without JavaScript");
        assertTrue(page.contains("href=\"/pg/sandbox/bank-app?accountNumber=" + va + "\""), "the sandbox's bank app");
        assertTrue(page.contains("<summary>Choose another method</summary>"), page);
        assertFalse(page.contains("value=\"VA_BCA\""), "the current method is not offered again");
        assertTrue(page.contains("value=\"CARD\" id=\"method-CARD\"><span class=\"choice-name\">Card</span>"),
                "card is a choice here");
        assertFalse(page.contains("http-equiv"), "never a meta refresh");
    }

    @Test
    void aVirtualAccountInBahasaIndonesia() {
        String code = preselected("VA_BRI");
        String page = html(code, "id");
        assertTrue(page.contains("<html lang=\"id\">"));
        assertTrue(page.contains("<title>Bayar dengan BRI Virtual Account · Demo Store</title>"), page);
        assertTrue(page.contains("<dt>Nomor virtual account</dt>"), page);
        assertTrue(page.contains("aria-label=\"Salin nomor virtual account\">Salin</button>"), page);
        assertTrue(page.contains("Bayar tepat Rp 150.000: bank menolak jumlah lain."), page);
        assertTrue(page.contains("Pilih Transaksi Lain &gt; Pembayaran &gt; Lainnya &gt; BRIVA."), page);
        assertTrue(page.contains("<summary>Mobile banking (BRImo)</summary>"), page);
        assertTrue(page.matches("(?s).*Bayar sebelum \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} WIB.*"), page);
        assertTrue(page.contains("Menunggu pembayaran Anda."), page);
        assertTrue(page.contains("<summary>Pilih metode lain</summary>"), page);
    }

    @Test
    void eachBankHasItsOwnSteps() {
        assertTrue(html(preselected("VA_BNI"), "en").contains("Choose Other Menu &gt; Transfer &gt; Virtual Account Billing."));
        assertTrue(html(preselected("VA_PERMATA"), "en").contains("Mobile banking (PermataMobile X)"));
        String cimb = html(preselected("VA_CIMB"), "id");
        assertTrue(cimb.contains("Bayar dengan CIMB Niaga Virtual Account") && cimb.contains("OCTO Clicks"), cimb);
    }

    @Test
    void aMandiriBillShowsBillerCodeAndBillKey() {
        String code = preselected("VA_MANDIRI");
        String key = charge(code);
        String page = html(code, "en");
        assertTrue(page.contains("<title>Pay with Mandiri Bill Payment · Demo Store</title>"), page);
        assertTrue(page.contains("<dt>Biller code</dt>") && page.contains("id=\"biller-code\">70012</span>"), page);
        assertTrue(page.contains("<dt>Bill key</dt>") && page.contains("id=\"pay-number\" data-copy=\"" + key + "\">"
                + Instructions.grouped(key) + "</span>"), page);
        assertTrue(page.contains("Enter the biller code 70012.")
                && page.contains("Enter the bill key " + Instructions.grouped(key) + "."));
        assertTrue(page.contains("Choose Pay/Buy &gt; Others &gt; Multi Payment."), page);
        assertTrue(page.contains("Mobile banking (Livin&#39; by Mandiri)"), page);
        String id = html(code, "id");
        assertTrue(id.contains("<dt>Kode perusahaan</dt>") && id.contains("<dt>Kode bayar</dt>"), id);
        assertTrue(id.contains("Masukkan kode bayar " + Instructions.grouped(key) + "."), id);
    }

    @Test
    void qrisShowsTheQrWithItsTextAlternativeAndSteps() {
        String code = preselected("QRIS");
        String page = html(code, "en");
        assertTrue(page.contains("<img src=\"/pg/pay/" + code + "/qr.png\" alt=\"QRIS code that pays Rp 150.000 to "
                + "Demo Store\""), page);
        assertTrue(page.contains("download=\"qris-" + code + ".png\""), "the QR can be saved to a phone's gallery");
        assertTrue(page.contains("Open any app that pays with QRIS"), page);
        assertTrue(page.contains("href=\"/pg/sandbox/qris-app\""), page);
        assertFalse(page.contains("class=\"qr desktop-only\""), "the QRIS QR is shown everywhere");
        given().get("/pg/pay/" + code + "/qr.png").then().statusCode(200).contentType("image/png");
        String id = html(code, "id");
        assertTrue(id.contains("alt=\"Kode QRIS untuk membayar Rp 150.000 kepada Demo Store\""), id);
        assertTrue(id.contains("Pindai kode QR ini."), id);
    }

    @Test
    void aWalletHasItsAppButtonAndOnADesktopItsQr() {
        String code = preselected("GOPAY");
        String reference = new Db(dataSource).value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                code);
        String page = html(code, "en");
        assertTrue(page.contains("<a href=\"http") && page.contains("/pg/sandbox/wallet/" + reference
                + "\" class=\"button\" id=\"app-link\">Open GoPay</a>"), page);
        assertTrue(page.contains("class=\"qr desktop-only\""), "GoPay's QR, for a customer on a computer");
        assertTrue(page.contains("On a computer? Scan this QR code with GoPay on your phone."), page);
        assertTrue(page.contains("alt=\"GoPay QR code that pays Rp 150.000 to Demo Store\""), page);
        assertTrue(html(code, "id").contains(">Buka GoPay</a>"));

        String dana = html(preselected("DANA"), "en");
        assertTrue(dana.contains(">Open DANA</a>") && !dana.contains("id=\"qr\""), "DANA has no QR");
    }

    @Test
    void ovoSaysWhichAccountApprovesAndLinksTheSandboxWallet() {
        String code = initiate(Requests.with(Methods.preselecting(Requests.orderId(), "OVO"),
                "sourceOfFunds.accountId", ACCOUNT));
        String reference = new Db(dataSource).value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                code);
        String page = html(code, "en");
        assertTrue(page.contains("We sent the payment to the OVO app of +62812****7890."), page);
        assertFalse(page.contains(ACCOUNT), "the page shows the account masked");
        assertTrue(page.contains("href=\"/pg/sandbox/wallet/" + reference + "\" id=\"sandbox-link\">Open the sandbox "
                + "wallet</a>"), page);
        assertTrue(html(code, "id").contains("Kami mengirim tagihan ke aplikasi OVO +62812****7890."));
    }

    @Test
    void aStoreShowsTheCodeAndTheCashiersSteps() {
        String code = preselected("INDOMARET");
        String storeCode = charge(code);
        String page = html(code, "en");
        assertTrue(page.contains("<title>Pay at Indomaret · Demo Store</title>"), page);
        assertTrue(page.contains("id=\"pay-number\">" + storeCode + "</span>"), page);
        assertTrue(page.contains("Go to the cashier of any Indomaret store."), page);
        assertTrue(page.contains("Say you want to make a payment for Demo Store and show the payment code "
                + storeCode + "."), page);
        assertTrue(page.contains("Pay Rp 150.000 and keep the receipt."), page);
        assertTrue(page.contains("href=\"/pg/sandbox/cashier?store=INDOMARET&amp;paymentCode=" + storeCode + "\""));
        String id = html(code, "id");
        assertTrue(id.contains("Datang ke kasir gerai Indomaret mana pun.") && id.contains("Bayar di Indomaret"), id);
    }

    @Test
    void choosingOnThePageOpensTheInstructionsAndAnotherMethodReplacesThem() {
        String code = PaymentApi.newPayment(Requests.orderId());
        Methods.choose(code, "VA_BNI").then().statusCode(303);
        String va = charge(code);
        assertTrue(html(code, "en").contains("id=\"pay-number\" data-copy=\"" + va + "\">"));
        state(code).then().body("status", equalTo("PENDING")).body("method", equalTo("VA_BNI"))
                .body("chargeOpen", equalTo(true)).body("awaitingOtp", equalTo(false));

        Methods.choose(code, "ALFAMART").then().statusCode(303);
        String page = html(code, "en");
        assertTrue(page.contains("data-method=\"ALFAMART\"") && !page.contains(va), page);
        state(code).then().body("method", equalTo("ALFAMART"));
        Methods.vaPay(va, "150000.00").then().statusCode(409);

        Methods.choose(code, "CARD").then().statusCode(303);
        String card = html(code, "en");
        assertTrue(card.contains("data-view=\"pay\"") && card.contains("id=\"card-form\""), card);
        state(code).then().body("method", nullValue()).body("chargeOpen", equalTo(false));
    }

    @Test
    void thePageFollowsThePaymentToItsResult() {
        String orderId = Requests.orderId();
        String code = initiate(Requests.with(Methods.preselecting(orderId, "ALFAMART"), "url.successUrl",
                "https://merchant.example.com/thanks"));
        Methods.cashierPay("ALFAMART", charge(code), "150000.00").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        state(code).then().body("status", equalTo("CAPTURED")).body("chargeOpen", equalTo(false));
        String page = html(code, "en");
        assertTrue(page.contains("data-view=\"captured\""), page);
        assertTrue(page.contains("<a href=\"https://merchant.example.com/thanks\" id=\"return-link\""), page);
    }

    @Test
    void aMethodThePageCannotOpenIsRefusedOnThePageInTheCustomersLanguage() {
        String code = PaymentApi.newPayment(Requests.orderId());
        chooseIn(code, "OVO", "en").then().statusCode(400)
                .body(containsString("This wallet needs the account the merchant named. Choose another method."));
        chooseIn(code, "BITCOIN", "id").then().statusCode(400)
                .body(containsString("Metode pembayaran ini tidak tersedia."))
                .body(containsString("id=\"group-accounts\""));
        assertEquals(0, new Db(dataSource).chargesOf(code));
    }

    @Test
    void aChargeTheProviderDidNotOpenAsksTheCustomerToChooseAgain() {
        String code = preselected("VA_PERMATA");
        new Db(dataSource).update("UPDATE payment_charge SET state = 'OPENING' WHERE reference = "
                + "(SELECT provider_reference FROM payment WHERE payment_code = ?)", code);
        String page = html(code, "en");
        assertTrue(page.contains("data-view=\"pay\""), page);
        assertTrue(page.contains("We could not get your Permata payment details. Choose it again, or choose another "
                + "method."), page);
        assertOrder(page, "id=\"group-accounts\"", "id=\"group-wallets\"");
    }

    @Test
    void aPreselectedCardPutsTheCardFormFirst() {
        String page = html(preselected("CARD"), "en");
        assertTrue(page.contains("data-view=\"pay\""), page);
        assertOrder(page, "id=\"group-card\"", "id=\"group-wallets\"");
    }

    @Test
    void theBackLinkLeadsToBackUrlAndResultsToSuccessOrFailUrl() {
        ObjectNode body = Requests.minimal(Requests.orderId());
        Requests.with(body, "url.returnUrl", "https://merchant.example.com/return");
        Requests.with(body, "url.backUrl", "https://merchant.example.com/cart");
        Requests.with(body, "url.failUrl", "https://merchant.example.com/failed");
        String code = initiate(body);
        String page = html(code, "en");
        assertTrue(page.contains("<a href=\"https://merchant.example.com/cart\" id=\"back-link\" class=\"back\">Back "
                + "to Demo Store</a>"), page);
        Methods.choose(code, "QRIS").then().statusCode(303);
        assertTrue(html(code, "id").contains("id=\"back-link\" class=\"back\">Kembali ke Demo Store</a>"));

        PaymentApi.payByCard(code, "4000 0000 0000 0002").then().statusCode(303);
        String orderId = orderOf(code);
        PaymentApi.awaitStatus(orderId, "FAILED");
        String failed = html(code, "en");
        assertTrue(failed.contains("<a href=\"https://merchant.example.com/failed\" id=\"return-link\""), failed);
        assertFalse(failed.contains("id=\"back-link\""), failed);

        String plain = initiate(Requests.with(Requests.minimal(Requests.orderId()), "url.returnUrl",
                "https://merchant.example.com/return"));
        assertTrue(html(plain, "en").contains("<a href=\"https://merchant.example.com/return\" id=\"back-link\""));
        assertFalse(html(PaymentApi.newPayment(Requests.orderId()), "en").contains("id=\"back-link\""));
    }

    private String preselected(String type) {
        return initiate(Methods.preselecting(Requests.orderId(), type));
    }

    private static String initiate(ObjectNode body) {
        JsonNode reply = Json.tree(PaymentApi.initiate(body).then().statusCode(200).extract().asString());
        String page = reply.path("redirecturl").asText();
        return page.substring(page.lastIndexOf('/') + 1);
    }

    /** The number or code of the payment's current charge. */
    private String charge(String code) {
        return new Db(dataSource).value("SELECT c.pay_code FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "AND c.reference = p.provider_reference WHERE p.payment_code = ?", code);
    }

    private String orderOf(String code) {
        return new Db(dataSource).value("SELECT order_id FROM payment WHERE payment_code = ?", code);
    }

    static String html(String code, String language) {
        return given().header("Accept-Language", language).get("/pg/pay/" + code).then().statusCode(200)
                .body(not(containsString("{msg:"))).body(not(containsString("{method:"))).extract().asString();
    }

    private static io.restassured.response.Response state(String code) {
        return given().get("/pg/pay/" + code + "/state").then().statusCode(200)
                .header("Cache-Control", "no-store").extract().response();
    }

    private static io.restassured.response.Response chooseIn(String code, String type, String language) {
        return given().header("Accept-Language", language).contentType("application/x-www-form-urlencoded")
                .formParam("type", type).post("/pg/pay/" + code + "/method");
    }

    private static void assertOrder(String page, String... parts) {
        int at = -1;
        for (String part : parts) {
            int next = page.indexOf(part);
            assertTrue(next > at, part + " after the one before it, in:\n" + page);
            at = next;
        }
    }
}
