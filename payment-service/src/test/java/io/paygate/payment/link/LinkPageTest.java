package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.api.Customer;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static io.paygate.payment.link.LinkPageForms.page;
import static io.paygate.payment.link.LinkPageForms.paymentOf;
import static io.paygate.payment.link.LinkPageForms.post;
import static io.paygate.payment.support.Requests.with;
import static io.paygate.payment.support.Requests.without;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The payment link's page (docs/contract.md §11) as a customer's browser and a QA suite use it: the link's details and
 * form, each field refused in place with nothing made, a payment started and the customer sent on to its hosted page
 * (303) with the page's customer as its §1 customer, and the views of a link that cannot start one: expired, inactive
 * and paid (410), being paid (409, nothing made), suspended merchant (403, code 4030805), no method left (409),
 * unknown (404). On i47-links there was no page: every request here was 404 JSON.
 */
@QuarkusTest
@PaymentTestResources
class LinkPageTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    Merchants merchants;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    private Db db() {
        return new Db(dataSource);
    }

    static String fixedLink(String id) {
        return Links.created(Links.minimal(id));
    }

    static ObjectNode range(String id) {
        ObjectNode body = without(Links.minimal(id), "link.amount");
        with(body, "link.minAmount", "10000.00");
        return with(body, "link.maxAmount", "500000.00");
    }

    static ObjectNode singleUse(String id) {
        return with(Links.minimal(id), "link.usageLimit", JsonNodeFactory.instance.numberNode(1));
    }

    /** Payments made from the link {@code id} (its order ids) and its uses. */
    private int madeFrom(String id) {
        return db().count("SELECT count(*) FROM payment WHERE order_id LIKE ?", id + "-%")
                + db().count("SELECT count(*) FROM payment_link_use u JOIN payment_link l ON l.id = u.link "
                + "WHERE l.link_id = ?", id);
    }

    private Customer customerOf(String paymentCode) {
        return Json.read(db().value("SELECT customer FROM payment WHERE payment_code = ?", paymentCode),
                Customer.class);
    }

    @Test
    void aLinksPageShowsTheMerchantTheDescriptionTheAmountAndTheCustomersFieldsUnderThePageRules() {
        String code = fixedLink(Links.linkId());
        page(code).then().statusCode(200).contentType(containsString("text/html"))
                .header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                .header("Content-Language", "en")
                .header("Content-Security-Policy", matchesPattern("default-src 'none'; style-src 'nonce-.+"))
                .body(containsString("data-view=\"form\""))
                .body(containsString("id=\"merchant-name\">Demo Store<"))
                .body(containsString("id=\"description\">Coffee beans 1 kg<"))
                .body(containsString("id=\"amount\">Rp 150.000<"))
                .body(containsString("action=\"/pg/link/" + code + "\""))
                .body(containsString("name=\"name\"")).body(containsString("name=\"email\""))
                .body(containsString("name=\"phone\"")).body(not(containsString("name=\"amount\"")))
                .body(containsString("Link valid until")).body(not(containsString("http-equiv")));
    }

    @Test
    void aRangeLinkAsksForTheAmountWithinItsBoundsAndReadsItAsPeopleWriteIt() {
        String id = Links.linkId();
        String code = Links.created(range(id));
        page(code).then().statusCode(200).body(containsString("name=\"amount\""))
                .body(containsString("In rupiah, from Rp 10.000 to Rp 500.000"))
                .body(not(containsString("id=\"amount\">Rp")));
        String payment = paymentOf(post(code, "amount", "Rp 250.000", "name", "Budi Santoso", "email",
                "budi@example.com"));
        assertEquals("250000.00", db().value("SELECT amount FROM payment WHERE payment_code = ?", payment));
        String second = paymentOf(post(code, "amount", "10000", "name", "Budi Santoso", "email", "budi@example.com"));
        assertEquals("10000.00", db().value("SELECT amount FROM payment WHERE payment_code = ?", second));
    }

    @Test
    void theFormStartsAPaymentWhoseCustomerIsThePagesAndGoesOnToItsPage() {
        String id = Links.linkId();
        String code = fixedLink(id);
        Response started = post(code, "name", "  Sari   Dewi Lestari ", "email", "sari@example.com", "phone",
                "0813-1111-2222");
        started.then().statusCode(303).header("Location", endsWith("/pg/pay/" + paymentOf(started)));
        String payment = paymentOf(started);
        assertEquals(payment, db().value("SELECT payment_code FROM payment WHERE order_id = ?", id + "-1"));
        Customer customer = customerOf(payment);
        assertEquals("Sari Dewi", customer.firstName());
        assertEquals("Lestari", customer.lastName());
        assertEquals("sari@example.com", customer.email());
        assertEquals("+6281311112222", customer.mobilePhone());
        assertEquals("en", db().value("SELECT language FROM payment_link_use WHERE payment_code = ?", payment));
        PaymentApi.page(payment).then().statusCode(200).body(containsString("data-view=\"pay\""))
                .body(containsString("Coffee beans 1 kg"));
        PaymentApi.status(SandboxMerchants.DEMO, id + "-1").then().statusCode(200)
                .body("order.reference", equalTo(payment)).body("order.amount", equalTo(150000.0f));
    }

    @Test
    void aLinkPaymentWaitsForAMethodMinutesNotTheDayOfALink() {
        String code = fixedLink(Links.linkId());
        String payment = paymentOf(post(code, "name", "Sari Dewi", "email", "sari@example.com"));
        Instant created = Instant.parse(db().value("SELECT to_char(created_at AT TIME ZONE 'UTC', "
                + "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM payment WHERE payment_code = ?", payment));
        Instant expires = Instant.parse(db().value("SELECT to_char(expires_at AT TIME ZONE 'UTC', "
                + "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM payment WHERE payment_code = ?", payment));
        Instant link = Instant.parse(db().value("SELECT to_char(link_expires_at AT TIME ZONE 'UTC', "
                + "'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM payment WHERE payment_code = ?", payment));
        assertEquals("900", db().value("SELECT choice_timeout_seconds FROM payment WHERE payment_code = ?", payment));
        Duration waits = Duration.between(created, expires);
        assertTrue(waits.compareTo(Duration.ofMinutes(14)) > 0 && waits.compareTo(Duration.ofMinutes(16)) < 0,
                waits::toString);
        assertTrue(Duration.between(created, link).compareTo(Duration.ofHours(23)) > 0, "the link lifetime stays");
    }

    @Test
    void aNameOfOneWordIsTheFirstNameAndAMobileNumberAloneIsEnough() {
        String code = fixedLink(Links.linkId());
        Customer customer = customerOf(paymentOf(post(code, "name", "Sukarno", "phone", "+62 812 3456 7890")));
        assertEquals("Sukarno", customer.firstName());
        assertNull(customer.lastName());
        assertNull(customer.email());
        assertEquals("+6281234567890", customer.mobilePhone());
    }

    @Test
    void aLinkThatNamesItsCustomerAsksOnlyForTheClick() {
        String id = Links.linkId();
        ObjectNode body = Links.minimal(id);
        body.set("customer", Json.tree("""
                {"email":"rina@example.com","firstName":"Rina","lastName":"Wati","mobilePhone":"+6281299998888"}"""));
        String code = Links.created(body);
        page(code).then().statusCode(200).body(not(containsString("name=\"name\"")))
                .body(not(containsString("name=\"email\""))).body(containsString("id=\"continue-button\""));
        Customer customer = customerOf(paymentOf(post(code, "name", "Someone Else", "email", "x@example.com")));
        assertEquals("rina@example.com", customer.email());
        assertEquals("Rina", customer.firstName());
    }

    @Test
    void everyBadFieldIsRefusedInPlaceAndNothingIsMade() {
        String id = Links.linkId();
        String code = Links.created(range(id));
        String longName = "A".repeat(51);
        String[][] cases = {
                {"", "Budi", "budi@example.com", "", "amount", "Enter the amount to pay."},
                {"abc", "Budi", "budi@example.com", "", "amount",
                        "Enter the amount in rupiah, digits only, for example 150000."},
                {"150000.001", "Budi", "budi@example.com", "", "amount",
                        "Enter the amount in rupiah, digits only, for example 150000."},
                {"9999", "Budi", "budi@example.com", "", "amount", "Enter an amount from Rp 10.000 to Rp 500.000."},
                {"500000.01", "Budi", "budi@example.com", "", "amount",
                        "Enter an amount from Rp 10.000 to Rp 500.000."},
                {"20000", "", "budi@example.com", "", "name", "Enter your name."},
                {"20000", "Budi <b>", "budi@example.com", "", "name",
                        "Enter your name with letters, spaces, dots, hyphens or apostrophes."},
                {"20000", "Budi 1234", "budi@example.com", "", "name",
                        "Enter your name with letters, spaces, dots, hyphens or apostrophes."},
                {"20000", longName + " Santoso", "budi@example.com", "", "name",
                        "Your name is too long: at most 50 characters for your last name and 50 for the names before "
                                + "it."},
                {"20000", "Budi " + longName, "budi@example.com", "", "name",
                        "Your name is too long: at most 50 characters for your last name and 50 for the names before "
                                + "it."},
                {"20000", "Budi", "", "", "email", "Enter your e-mail or your mobile number."},
                {"20000", "Budi", "budi@example", "", "email", "Enter an e-mail address such as budi@example.com."},
                {"20000", "Budi", "budi@@example.com", "+6281234567890", "email",
                        "Enter an e-mail address such as budi@example.com."},
                {"20000", "Budi", "", "12345", "phone",
                        "Enter a mobile number such as 0812 3456 7890 or +62 812 3456 7890."},
                {"20000", "Budi", "", "+62 812 abc", "phone",
                        "Enter a mobile number such as 0812 3456 7890 or +62 812 3456 7890."},
        };
        for (String[] c : cases) {
            String what = String.join(" | ", c);
            String html = post(code, "amount", c[0], "name", c[1], "email", c[2], "phone", c[3]).then()
                    .statusCode(400).header("Cache-Control", "no-store").extract().asString();
            assertTrue(html.contains("data-view=\"form\""), what);
            assertTrue(html.contains("id=\"error-summary\""), what);
            assertTrue(html.contains("<a href=\"#" + c[4] + "\">" + c[5] + "</a>"), what);
            assertTrue(html.contains("id=\"" + c[4] + "-error\">" + c[5] + "<"), what);
            assertTrue(html.contains("aria-invalid=\"true\""), what);
        }
        // what was typed comes back, escaped
        post(code, "amount", "abc", "name", "Budi <b>", "email", "budi@example", "phone", "").then().statusCode(400)
                .body(containsString("value=\"Budi &lt;b&gt;\"")).body(not(containsString("Budi <b>")))
                .body(containsString("value=\"budi@example\""));
        assertEquals(0, madeFrom(id));
        Links.get(SandboxMerchants.DEMO, id).then().body("payments", equalTo(List.of()));
    }

    @Test
    void theFormSpeaksIndonesianAndTheUseKeepsTheLanguage() {
        String id = Links.linkId();
        String code = Links.created(range(id));
        page(code, "id-ID,id;q=0.9,en;q=0.5").then().statusCode(200).header("Content-Language", "id")
                .body(containsString("<html lang=\"id\""))
                .body(containsString("Dalam rupiah, dari Rp 10.000 sampai Rp 500.000"))
                .body(containsString("Nama Anda")).body(containsString("Lanjut ke pembayaran"));
        LinkPageForms.form(given().cookie("paygate_lang", "id"), "amount", "5000", "name", "Budi", "email",
                "budi@example").post("/pg/link/" + code).then().statusCode(400).header("Content-Language", "id")
                .body(containsString("id=\"amount-error\">Masukkan jumlah dari Rp 10.000 sampai Rp 500.000.<"))
                .body(containsString("id=\"email-error\">Masukkan alamat email seperti budi@example.com.<"));
        String payment = paymentOf(LinkPageForms.form(given().cookie("paygate_lang", "id"), "amount", "20000",
                "name", "Budi", "email", "budi@example.com").post("/pg/link/" + code));
        assertEquals("id", db().value("SELECT language FROM payment_link_use WHERE payment_code = ?", payment));
        page(code + "?lang=en").then().statusCode(200).header("Content-Language", "en")
                .body(containsString("Your name"));
    }

    @Test
    void anExpiredInactiveOrPaidLinkSaysSoWith410AndMakesNothing() {
        String expired = Links.linkId();
        String expiredCode = fixedLink(expired);
        db().update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE link_id = ?", expired);
        page(expiredCode).then().statusCode(410).body(containsString("data-view=\"expired\""))
                .body(containsString("This payment link has expired")).body(not(containsString("<form")));
        post(expiredCode, "name", "Budi", "email", "budi@example.com").then().statusCode(410)
                .body(containsString("data-view=\"expired\""));
        assertEquals(0, madeFrom(expired));

        String inactive = Links.linkId();
        String inactiveCode = fixedLink(inactive);
        Links.deactivate(SandboxMerchants.DEMO, inactive).then().statusCode(200);
        page(inactiveCode).then().statusCode(410).body(containsString("data-view=\"inactive\""))
                .body(containsString("This payment link is no longer active"));
        post(inactiveCode, "name", "Budi", "email", "budi@example.com").then().statusCode(410);
        assertEquals(0, madeFrom(inactive));

        String paid = Links.linkId();
        String paidCode = Links.created(singleUse(paid));
        String payment = paymentOf(post(paidCode, "name", "Budi", "email", "budi@example.com"));
        LinkSlotsTest.decide(payment, "CAPTURED");
        page(paidCode).then().statusCode(410).body(containsString("data-view=\"paid\""))
                .body(containsString("This payment link has been paid"));
        post(paidCode, "name", "Budi", "email", "budi@example.com").then().statusCode(410);
        assertEquals(2, madeFrom(paid)); // the one payment and its use
    }

    @Test
    void anUnknownLinkIs404AndItsCodeIsNotEchoedWhenItIsNotOne() {
        page("PL0000000000000000").then().statusCode(404).body(containsString("data-view=\"notfound\""))
                .body(containsString("Payment link not found"))
                .body(containsString("href=\"/pg/link/PL0000000000000000?lang=id\""));
        post("PL0000000000000000", "name", "Budi", "email", "budi@example.com").then().statusCode(404)
                .body(containsString("data-view=\"notfound\""));
        page("x'onmouseover=alert(1)").then().statusCode(404).body(not(containsString("onmouseover")));
    }

    @Test
    void aSingleUseLinkBeingPaidSaysTryAgainInAFewMinutesAndMakesNothingMore() {
        String id = Links.linkId();
        String code = Links.created(singleUse(id));
        String payment = paymentOf(post(code, "name", "Budi", "email", "budi@example.com"));
        ValidatableResponse busy = page(code).then().statusCode(409).body(containsString("data-view=\"busy\""))
                .body(containsString("Someone is paying with this link right now. Please try again in a few "
                        + "minutes. Nothing was charged."))
                .body(containsString("id=\"try-again\"")).body(not(containsString("http-equiv")));
        busy.body(containsString("href=\"/pg/link/" + code + "\""));
        post(code, "name", "Sari", "email", "sari@example.com").then().statusCode(409)
                .body(containsString("data-view=\"busy\""));
        page(code, "id").then().statusCode(409).body(containsString("Tautan ini sedang dibayar"));
        assertEquals(2, madeFrom(id));

        LinkSlotsTest.decide(payment, "FAILED");
        page(code).then().statusCode(200).body(containsString("data-view=\"form\""));
        String next = paymentOf(post(code, "name", "Sari", "email", "sari@example.com"));
        assertEquals(next, db().value("SELECT payment_code FROM payment WHERE order_id = ?", id + "-2"));
    }

    @Test
    void aSuspendedMerchantsLinkIs403WithItsCodeInBothLanguagesAndMakesNothing() {
        String merchant = "lp-" + UUID.randomUUID().toString().substring(0, 8);
        String secret = merchant + "-secret";
        MerchantState active = RegistryRecords.active(merchant, 1, secret);
        RegistryMerchants.publish(merchants, active);
        String id = Links.linkId();
        String code = RegistryMerchants.as(merchant, secret).body(Json.write(Links.minimal(id)))
                .post("/pg/payment-links").then().statusCode(200).extract().path("linkCode");
        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));

        page(code).then().statusCode(403).body(containsString("data-view=\"suspended\""))
                .body(containsString("id=\"response-code\">Code 4030805<")).body(not(containsString("<form")));
        post(code, "name", "Budi", "email", "budi@example.com").then().statusCode(403)
                .body(containsString("id=\"response-code\">Code 4030805<"));
        page(code, "id").then().statusCode(403).body(containsString("id=\"response-code\">Kode 4030805<"));
        assertEquals(0, madeFrom(id));

        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.ACTIVE, 3));
        paymentOf(post(code, "name", "Budi", "email", "budi@example.com"));
    }

    @Test
    void aLinkWhoseMethodsTheMerchantNoLongerOffersSaysSoAndMakesNothing() {
        String merchant = "lm-" + UUID.randomUUID().toString().substring(0, 8);
        String secret = merchant + "-secret";
        MerchantState active = RegistryRecords.active(merchant, 1, secret);
        RegistryMerchants.publish(merchants, active);
        String id = Links.linkId();
        ObjectNode body = with(Links.minimal(id), "link.methods", Json.tree("[\"QRIS\"]"));
        String code = RegistryMerchants.as(merchant, secret).body(Json.write(body)).post("/pg/payment-links").then()
                .statusCode(200).extract().path("linkCode");
        RegistryMerchants.publish(merchants, RegistryMerchants.withMethods(active, List.of("VA_BNI"), 2));

        page(code).then().statusCode(409).body(containsString("data-view=\"nomethod\""))
                .body(containsString("This link cannot be paid at the moment"));
        post(code, "name", "Budi", "email", "budi@example.com").then().statusCode(409);
        assertEquals(0, madeFrom(id));
    }
}
