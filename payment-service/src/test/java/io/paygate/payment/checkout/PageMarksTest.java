package io.paygate.payment.checkout;

import io.paygate.kit.web.PageLanguage;
import io.paygate.payment.checkout.BindingDirectory.ActiveBinding;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hosted page's marks (docs/contract.md §2) over HTTP: each method's brand badge named as the brand, the card
 * networks' marks with their names, served as immutable images; a virtual account number in groups of four that is
 * copied as its digits.
 */
@QuarkusTest
@PaymentTestResources
class PageMarksTest {

    static final Pattern IMG = Pattern.compile(
            "<img src=\"(/pg/assets/marks/[a-z]+-[0-9a-f]{16}\\.svg)\" alt=\"([^\"]*)\"");

    @Inject
    CheckoutService checkout;
    @Inject
    PageViews views;
    @Inject
    @Location("page.html")
    Template page;

    @Test
    void everyMethodButtonShowsItsBrandsBadgeAndIsNamedByIt() {
        String html = MethodPagesTest.html(PaymentApi.newPayment(Requests.orderId()), "en");
        Map<String, String> expected = Map.ofEntries(Map.entry("QRIS", "qris\">QRIS"),
                Map.entry("GOPAY", "gopay\">GoPay"), Map.entry("SHOPEEPAY", "shopeepay\">ShopeePay"), Map.entry("DANA", "dana\">DANA"),
                Map.entry("LINKAJA", "linkaja\">LinkAja"), Map.entry("VA_BCA", "bca\">BCA"),
                Map.entry("VA_BNI", "bni\">BNI"), Map.entry("VA_BRI", "bri\">BRI"),
                Map.entry("VA_MANDIRI", "mandiri\">Mandiri"), Map.entry("VA_PERMATA", "permata\">Permata"),
                Map.entry("VA_CIMB", "cimb\">CIMB Niaga"), Map.entry("ALFAMART", "alfamart\">Alfamart"),
                Map.entry("INDOMARET", "indomaret\">Indomaret"));
        expected.forEach((type, badge) -> assertTrue(html.contains("id=\"method-" + type + "\" class=\"branded\">"
                + "<span class=\"mark mark-" + badge + "</span></button>"), type + " in:\n" + html));

        String ovo = PaymentApi.initiate(Requests.with(Methods.preselecting(Requests.orderId(), "OVO"),
                "sourceOfFunds.accountId", "+6281234567890")).then().statusCode(200).extract().path("paymentCode");
        Methods.choose(ovo, "QRIS").then().statusCode(303);
        String other = MethodPagesTest.html(ovo, "id");
        assertTrue(other.contains("id=\"method-OVO\" class=\"branded\"><span class=\"mark mark-ovo\">OVO</span>"),
                other);
        assertTrue(other.contains("<p class=\"method-mark\" aria-hidden=\"true\"><span class=\"mark mark-qris\">"
                + "QRIS</span></p>"), "the chosen method's badge, hidden from screen readers: the title names it");
    }

    @Test
    void theCardFormListsTheNetworksByTheirMarksAndNames() {
        String html = MethodPagesTest.html(PaymentApi.newPayment(Requests.orderId()), "en");
        int list = html.indexOf("<ul class=\"networks\" id=\"card-networks\" aria-label=\"Cards accepted\">");
        assertTrue(list > 0 && list < html.indexOf("id=\"card-form\""), html);
        Matcher img = IMG.matcher(html.substring(list, html.indexOf("</ul>", list)));
        List<String> names = new ArrayList<>();
        while (img.find()) {
            names.add(img.group(2));
            given().get(img.group(1)).then().statusCode(200).contentType("image/svg+xml");
        }
        assertEquals(List.of("Visa", "Mastercard", "JCB", "American Express"), names);
        assertTrue(MethodPagesTest.html(PaymentApi.newPayment(Requests.orderId()), "id")
                .contains("aria-label=\"Kartu yang diterima\""));

        String code = PaymentApi.newPayment(Requests.orderId());
        Methods.choose(code, "VA_BNI").then().statusCode(303);
        String instructions = MethodPagesTest.html(code, "en");
        assertTrue(instructions.matches("(?s).*id=\"method-CARD\"><span class=\"choice-name\">Card</span><span "
                + "class=\"networks-mini\">(<img src=\"/pg/assets/marks/[a-z]+-[0-9a-f]{16}\\.svg\" alt=\"\" "
                + "width=\"30\" height=\"19\">){4}</span></button>.*"), "the card choice: its marks decorate its name");
    }

    @Test
    void theMarksAreServedAsImmutableImagesAndAnOldAddressIsNotFound() throws Exception {
        String html = MethodPagesTest.html(PaymentApi.newPayment(Requests.orderId()), "en");
        Matcher img = IMG.matcher(html);
        assertTrue(img.find(), html);
        String visa = img.group(1);
        byte[] body = given().get(visa).then().statusCode(200)
                .contentType("image/svg+xml")
                .header("Cache-Control", equalTo("public, max-age=31536000, immutable"))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .header("Content-Security-Policy", equalTo("default-src 'none'; sandbox"))
                .header("Set-Cookie", nullValue())
                .extract().asByteArray();
        assertArrayEquals(Files.readAllBytes(Path.of("src/main/resources/paygate/marks/visa.svg")), body);
        String etag = given().get(visa).then().extract().header("ETag");
        given().header("If-None-Match", etag).get(visa).then().statusCode(304);
        given().head(visa).then().statusCode(200).header("Cache-Control", containsString("immutable"));

        given().get("/pg/assets/marks/visa-0000000000000000.svg").then().statusCode(404)
                .header("Cache-Control", equalTo("no-store"));
        given().get("/pg/assets/marks/visa.svg").then().statusCode(404);
        given().get("/pg/assets/marks/NOTICE.md").then().statusCode(404);
        given().urlEncodingEnabled(false).get("/pg/assets/marks/%2e%2e/visa.svg").then().statusCode(400);
    }

    @Test
    void aVirtualAccountNumberIsShownInGroupsOfFourAndCopiedAsItsDigits() {
        String page = PaymentApi.initiate(Methods.preselecting(Requests.orderId(), "VA_BCA")).then().statusCode(200)
                .extract().path("redirecturl");
        String code = page.substring(page.lastIndexOf('/') + 1);
        String html = MethodPagesTest.html(code, "en");
        Matcher number = Pattern.compile("<span class=\"value\" id=\"pay-number\" data-copy=\"([0-9]{16})\">"
                + "([0-9]{4} [0-9]{4} [0-9]{4} [0-9]{4})</span>").matcher(html);
        assertTrue(number.find(), html);
        String digits = number.group(1);
        assertEquals(digits, number.group(2).replace(" ", ""));
        assertTrue(html.contains("id=\"pay-number-copy\" hidden data-copy=\"" + digits + "\""),
                "the button copies digits");
        assertTrue(html.contains("Enter the virtual account number " + number.group(2) + "."), "the steps read alike");
        assertTrue(html.contains("href=\"/pg/sandbox/bank-app?accountNumber=" + digits + "\""));
        assertTrue(html.contains("<span class=\"value\" id=\"account-name\">Demo Store</span>"),
                "other values as they are");
    }

    @Test
    void aBoundAccountShowsItsBanksBadgeBesideItsName() {
        String code = PaymentApi.newPayment(Requests.orderId());
        Checkout c = checkout.find(code).orElseThrow();
        PageView view = views.of(c, PageLanguage.EN, List.of(new ActiveBinding("BND-1", "MANDIRI_DD", "x"),
                new ActiveBinding("BND-2", "BRI_DD", "y")), Map.of(), null, Map.of(), false);
        String html = page.data("v", view).render();
        assertTrue(html.contains("<label for=\"binding-0\"><span class=\"mark mark-mandiri\" aria-hidden=\"true\">"
                + "Mandiri</span> Mandiri direct debit</label>"), html);
        assertTrue(html.contains("<label for=\"binding-1\"><span class=\"mark mark-bri\" aria-hidden=\"true\">"
                + "BRI</span> BRI direct debit</label>"), html);
    }
}
