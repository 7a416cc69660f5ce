package io.paygate.payment.provider.midtrans;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A merchant of the Midtrans setup and its customer, over real HTTP: the hosted page, then Midtrans's 3-D Secure page. */
final class MidtransCustomer {

    private static final Pattern BANK_LINK = Pattern.compile("<a href=\"([^\"]+)\" id=\"bank-link\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private MidtransCustomer() {
    }

    /** A new payment of {@code merchant} for {@code orderId} (150 000 IDR, the smallest request): its paymentCode. */
    static String newPayment(SandboxMerchants.Merchant merchant, String orderId) {
        return PaymentApi.initiate(merchant, Requests.minimal(orderId).toString()).then().statusCode(200)
                .extract().path("paymentCode");
    }

    static String statusOf(SandboxMerchants.Merchant merchant, String orderId) {
        return PaymentApi.status(merchant, orderId).then().statusCode(200).extract().path("result.payment.status");
    }

    static String statusDescOf(SandboxMerchants.Merchant merchant, String orderId) {
        return PaymentApi.status(merchant, orderId).then().statusCode(200).extract()
                .path("result.payment.statusDesc");
    }

    static void awaitStatus(SandboxMerchants.Merchant merchant, String orderId, String expected) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> expected.equals(statusOf(merchant, orderId)));
    }

    /** The "Continue to your bank" link of the page (Midtrans's redirect_url with our callback_url). */
    static String bankLink(String paymentCode) {
        String html = PaymentApi.page(paymentCode).then().statusCode(200).extract().asString();
        Matcher m = BANK_LINK.matcher(html);
        assertTrue(m.find(), "the page links to the bank's 3-D Secure page");
        return m.group(1).replace("&amp;", "&");
    }

    /**
     * What the customer's browser does on Midtrans's 3-D Secure page: open it, type {@code otp}, press Pay. Returns
     * where Midtrans sends the browser back to.
     */
    static URI passThreeDs(String paymentCode, String otp) throws Exception {
        URI link = URI.create(bankLink(paymentCode));
        HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(link).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("id=\"pay\""), "the bank's page has a Pay button");
        String callback = link.getRawQuery().replaceFirst("^.*callback_url=([^&]*).*$", "$1");
        HttpResponse<String> done = HTTP.send(HttpRequest.newBuilder(link.resolve(link.getPath()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("otp=" + otp + "&callback_url=" + callback)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(303, done.statusCode());
        return URI.create(done.headers().firstValue("Location").orElseThrow());
    }

    /** Follows Midtrans's redirect back to paygate (no further redirect followed). */
    static Response comeBack(URI location) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .urlEncodingEnabled(false).get(location.toString());
    }
}
