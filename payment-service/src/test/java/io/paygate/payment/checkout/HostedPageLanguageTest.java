package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Year;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hosted page in Bahasa Indonesia and English (docs/contract.md §2): chosen by {@code Accept-Language}, switched by
 * {@code ?lang=} and kept by its cookie through the forms' posts and 303s; results that never leave by themselves.
 */
@QuarkusTest
@PaymentTestResources
class HostedPageLanguageTest {

    static final String NEXT_YEAR = String.valueOf(Year.now().getValue() + 1);
    static final String RETURN_URL = "https://merchant.example.com/orders/1";

    @Inject
    AgroalDataSource dataSource;
    Db db;

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    @Test
    void anIndonesianBrowserGetsThePageInIndonesianWithWibAndRupiah() {
        String code = PaymentApi.newPayment(Requests.orderId());
        given().header("Accept-Language", "id-ID,id;q=0.9,en-US;q=0.8").get("/pg/pay/" + code).then()
                .statusCode(200)
                .header("Content-Language", equalTo("id"))
                .header("Set-Cookie", nullValue())   // only the switch leaves a cookie
                .body(containsString("<html lang=\"id\">"))
                .body(containsString("<title>Selesaikan pembayaran Anda · Demo Store</title>"))
                .body(containsString("Rp 150.000"))
                .body(containsString("Sisa waktu pembayaran: <span id=\"time-left-value\""))
                .body(containsString(">23 jam 59 menit</span>"))
                .body(containsString("data-minutes=\"[[m]] menit\""))
                .body(containsString("Bayar sebelum "))
                .body(containsString(" WIB</span>"))
                .body(containsString("<label for=\"cardNumber\">Nomor kartu</label>"))
                .body(containsString("Bayar Rp 150.000</button>"))
                .body(not(containsString("Complete your payment")));
    }

    @Test
    void aBrowserPreferringEnglishOrNamingNeitherGetsEnglish() {
        String code = PaymentApi.newPayment(Requests.orderId());
        for (String header : new String[]{"en-US,en;q=0.9,id;q=0.8", "fr-FR", "id;q=0, de"}) {
            given().header("Accept-Language", header).get("/pg/pay/" + code).then().statusCode(200)
                    .header("Content-Language", equalTo("en"))
                    .body(containsString("<html lang=\"en\">"))
                    .body(containsString("Complete your payment"));
        }
    }

    @Test
    void theSwitchChangesTheLanguageAndItsCookieKeepsItThroughARefusedForm() {
        String code = PaymentApi.newPayment(Requests.orderId());
        Response switched = given().header("Accept-Language", "en").get("/pg/pay/" + code + "?lang=id");
        switched.then().statusCode(200).header("Content-Language", equalTo("id"))
                .body(containsString("<a href=\"/pg/pay/" + code + "?lang=en\" id=\"lang-en\" lang=\"en\" hreflang=\"en\">English</a>"))
                .body(containsString("id=\"lang-id\" lang=\"id\" hreflang=\"id\" aria-current=\"true\""));
        String setCookie = switched.header("Set-Cookie");
        assertTrue(setCookie.startsWith("paygate_lang=id") && setCookie.contains("Path=/pg")
                && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"), setCookie);

        // The card form posts without the parameter: the cookie keeps the language, the refusal is in Indonesian.
        given().cookie("paygate_lang", "id").header("Accept-Language", "en")
                .contentType("application/x-www-form-urlencoded")
                .formParam("cardNumber", "4111111111111112").formParam("expiryMonth", "13")
                .formParam("expiryYear", NEXT_YEAR).formParam("cvv", "1").formParam("cardholderName", "")
                .post("/pg/pay/" + code + "/card").then().statusCode(400)
                .body(containsString("<html lang=\"id\">"))
                .body(containsString("Periksa kembali isian yang ditandai."))
                .body(containsString("<a href=\"#cardNumber\">Masukkan nomor kartu yang valid.</a>"))
                .body(containsString("<p class=\"error\" id=\"expiryMonth-error\">Masukkan bulan kedaluwarsa, 01 sampai 12.</p>"))
                .body(containsString("Masukkan kode keamanan 3 digit."))
                .body(containsString("Masukkan nama pada kartu."));

        // Switching back to English replaces the cookie.
        String back = given().cookie("paygate_lang", "id").get("/pg/pay/" + code + "?lang=en").then().statusCode(200)
                .body(containsString("<html lang=\"en\">")).extract().header("Set-Cookie");
        assertTrue(back.startsWith("paygate_lang=en"), back);
    }

    @Test
    void aLanguageOtherThanTheTwoIsIgnoredInTheSwitchAndTheCookie() {
        String code = PaymentApi.newPayment(Requests.orderId());
        given().header("Accept-Language", "id").cookie("paygate_lang", "xx").get("/pg/pay/" + code + "?lang=<b>")
                .then().statusCode(200).header("Set-Cookie", nullValue()).body(containsString("<html lang=\"id\">"));
    }

    @Test
    void theOtpRefusalIsInTheCustomersLanguage() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        given().cookie("paygate_lang", "id").contentType("application/x-www-form-urlencoded").formParam("otp", "abc")
                .post("/pg/pay/" + code + "/otp").then().statusCode(400)
                .body(containsString("Verifikasi dengan bank Anda"))
                .body(containsString("Masukkan kode dari bank Anda: 4 sampai 8 digit."))
                .body(containsString("aria-describedby=\"otp-error otp-hint\" aria-invalid=\"true\""));
    }

    @Test
    void theResultsOfferTheWayBackAndNeverLeaveByThemselvesWithoutAStop() {
        String code = PaymentApi.initiate(Requests.with(Requests.minimal(Requests.orderId()), "url.returnUrl", RETURN_URL))
                .then().statusCode(200).extract().path("paymentCode");
        db.update("UPDATE payment SET status = 'FAILED', status_desc = 'Card declined' WHERE payment_code = ?", code);
        given().header("Accept-Language", "id").get("/pg/pay/" + code).then().statusCode(200)
                .body(not(containsString("http-equiv")))
                .body(containsString("<p id=\"status-desc\">Kartu ditolak. Anda tidak dikenai biaya.</p>"))
                .body(containsString("<a href=\"" + RETURN_URL + "\" id=\"return-link\" class=\"button\">Kembali ke Demo Store</a>"))
                .body(allOf(containsString("id=\"auto-return\" hidden data-seconds=\"10\""),
                        containsString("data-other=\"Anda akan dibawa kembali ke Demo Store dalam [[n]] detik.\""),
                        containsString("<button type=\"button\" id=\"stay-button\" class=\"secondary\">Tetap di halaman ini</button>")));

        db.update("UPDATE payment SET status = 'CAPTURED', status_desc = NULL WHERE payment_code = ?", code);
        given().get("/pg/pay/" + code).then().statusCode(200)
                .body(not(containsString("http-equiv")))
                .body(containsString("Demo Store has received Rp 150.000."))
                .body(containsString("id=\"return-link\" class=\"button\">Return to Demo Store</a>"))
                .body(containsString("id=\"stay-button\""));
    }

    @Test
    void aReasonTheContractDoesNotFixIsShownAsTheProviderGaveIt() {
        String code = PaymentApi.newPayment(Requests.orderId());
        db.update("UPDATE payment SET status = 'FAILED', status_desc = 'Do not honor' WHERE payment_code = ?", code);
        given().header("Accept-Language", "id").get("/pg/pay/" + code).then().statusCode(200)
                .body(containsString("<p id=\"status-desc\">Do not honor. Anda tidak dikenai biaya.</p>"))
                .body(not(containsString("id=\"return-link\"")));
    }

    @Test
    void theExpiredAndNotFoundPagesSpeakIndonesianToo() {
        String code = PaymentApi.newPayment(Requests.orderId());
        db.expireLink(code);
        given().header("Accept-Language", "id").get("/pg/pay/" + code).then().statusCode(410)
                .body(containsString("Tautan pembayaran ini sudah kedaluwarsa"))
                .body(containsString("Mintalah tautan pembayaran baru kepada Demo Store."));
        given().header("Accept-Language", "id").get("/pg/pay/PC0000000000000000").then().statusCode(404)
                .header("Content-Language", equalTo("id"))
                .body(containsString("Pembayaran tidak ditemukan"))
                .body(containsString("href=\"/pg/pay/PC0000000000000000?lang=en\""));
        // A path that is no payment code is not echoed into the switch's links. (Sent as a%22b: encoded once more,
        // a%2522b, it would hold %25 and be refused as an ambiguous target, service-kit's RequestTargets.)
        given().urlEncodingEnabled(false).get("/pg/pay/a%22b").then().statusCode(404)
                .body(containsString("href=\"?lang=id\""));
    }

    @Test
    void anUnknownCodeOnAFormIsANotFoundPageInTheCustomersLanguage() {
        given().cookie("paygate_lang", "id").contentType("application/x-www-form-urlencoded").formParam("otp", "123456")
                .post("/pg/pay/PC0000000000000000/otp").then().statusCode(404)
                .body(containsString("Pembayaran tidak ditemukan"));
    }
}
