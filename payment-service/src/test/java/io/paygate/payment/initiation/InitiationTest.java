package io.paygate.payment.initiation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.net.TestNames;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@PaymentTestResources
class InitiationTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void repliesWithPaymentCodeRedirectUrlAndExpiryLinkOneDayAheadInJakarta() {
        LocalDateTime before = LocalDateTime.now(ZoneId.of("Asia/Jakarta")).withNano(0);
        JsonPath reply = PaymentApi.initiate(Requests.minimal(Requests.orderId())).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("responseMessage", equalTo("Success"))
                .body("paymentCode", matchesPattern("^PC[0-9A-Z]{16}$"))
                .body("expiryLink", matchesPattern("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"))
                .body("processingTime", greaterThanOrEqualTo(0))
                .extract().jsonPath();
        String code = reply.getString("paymentCode");
        // No gateway.payment.public-base-url in tests: the service's own address (a random port here).
        assertEquals(io.restassured.RestAssured.baseURI + ":" + io.restassured.RestAssured.port + "/pg/pay/" + code,
                reply.getString("redirecturl"));
        assertTrue(reply.getString("redirecturl").length() <= 320);
        LocalDateTime expiry = LocalDateTime.parse(reply.getString("expiryLink"),
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        Duration ahead = Duration.between(before, expiry);
        assertTrue(ahead.compareTo(Duration.ofHours(24).minusSeconds(5)) >= 0
                && ahead.compareTo(Duration.ofHours(24).plusSeconds(30)) <= 0, "expiry 24 h ahead, was " + ahead);
    }

    @Test
    void aPaymentWithoutAPreselectedMethodIsStoredAsSentAndOpensNothingAtTheProvider() {
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200)
                .extract().jsonPath().getString("paymentCode");
        Db db = new Db(dataSource);
        assertEquals("PENDING|150000.00|IDR|" + code + "|demo|f|0|0|||",
                db.value("SELECT concat_ws('|', status, amount, currency, payment_code, merchant_id, awaiting_otp, "
                        + "sequence, version, coalesce(preselected, ''), coalesce(account_id, ''), "
                        + "coalesce(success_url, '')) FROM payment WHERE order_id = ?", orderId));
        assertEquals("t|t|t", db.value("SELECT concat_ws('|', link_expires_at = expires_at, updated_at = created_at, "
                + "expires_at - created_at = interval '24 hours') FROM payment WHERE order_id = ?", orderId));
        assertEquals(Requests.CALLBACK_URL, db.value("SELECT callback_url FROM payment WHERE order_id = ?", orderId));
        assertEquals(0, db.chargesOf(code));
        assertEquals(0, db.count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));
    }

    @Test
    void sameOrderWithSameContentGetsTheSameReply() {
        String orderId = Requests.orderId();
        ObjectNode body = Requests.minimal(orderId);
        JsonPath first = PaymentApi.initiate(body).then().statusCode(200).extract().jsonPath();
        // The same content with other member order and spacing is the same content.
        String reordered = """
                { "url": {"callbackUrl": "%s"},
                  "customer": {"mobilePhone":"+6281234567890","lastName":"Santoso","firstName":"Budi","email":"budi@example.com"},
                  "order": {"description":"Coffee beans 1 kg","amount":"150000.00","id":"%s"} }"""
                .formatted(Requests.CALLBACK_URL, orderId);
        JsonPath second = PaymentApi.initiate(SandboxMerchants.DEMO, reordered).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(first.getString("paymentCode"), second.getString("paymentCode"));
        assertEquals(first.getString("redirecturl"), second.getString("redirecturl"));
        assertEquals(first.getString("expiryLink"), second.getString("expiryLink"));
    }

    @Test
    void sameOrderWithDifferentContentIsAConflict() {
        String orderId = Requests.orderId();
        PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200);
        PaymentApi.initiate(Requests.with(Requests.minimal(orderId), "order.amount", "150001.00")).then()
                .statusCode(409)
                .body("responseCode", equalTo("4090100"))
                .body("responseMessage", matchesPattern("^Conflict.*"));
    }

    @Test
    void theSameOrderIdOfAnotherMerchantIsAnotherPayment() {
        String orderId = Requests.orderId();
        String mine = PaymentApi.newPayment(orderId);
        String theirs = PaymentApi.initiate(SandboxMerchants.DEMO2, Json.write(Requests.minimal(orderId))).then()
                .statusCode(200).extract().path("paymentCode");
        assertNotEquals(mine, theirs);
    }

    @Test
    void concurrentDuplicatesCreateOnePaymentAndAllGetItsReply() throws Exception {
        String orderId = Requests.orderId();
        String body = Json.write(Requests.minimal(orderId));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<String>> calls = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                calls.add(() -> PaymentApi.initiate(SandboxMerchants.DEMO, body).then().statusCode(200)
                        .extract().path("paymentCode"));
            }
            Set<String> codes = new HashSet<>();
            for (Future<String> f : pool.invokeAll(calls)) {
                codes.add(f.get());
            }
            assertEquals(1, codes.size(), "one payment code for all: " + codes);
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM payment WHERE merchant_id = 'demo' AND order_id = ?")) {
            s.setString(1, orderId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertEquals(1, rs.getInt(1));
            }
        }
    }

    @Test
    void currencyDefaultsToTheMerchantsAndAnExplicitOneIsKept() {
        String defaulted = Requests.orderId();
        PaymentApi.newPayment(defaulted);
        PaymentApi.status(SandboxMerchants.DEMO, defaulted).then().statusCode(200).body("order.currency", equalTo("IDR"));
        String usd = Requests.orderId();
        PaymentApi.initiate(Requests.with(Requests.minimal(usd), "order.currency", "USD")).then().statusCode(200);
        PaymentApi.status(SandboxMerchants.DEMO, usd).then().statusCode(200).body("order.currency", equalTo("USD"));
    }

    @Test
    void requestsWithoutHeadersAreUnauthorized() {
        given().contentType("application/json").body(Json.write(Requests.minimal(Requests.orderId())))
                .post("/pg/payment/card/initiate").then().statusCode(401)
                .body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Missing X-PARTNER-ID"));
    }

    @Test
    void unknownMerchantIsUnauthorized() {
        given().filter(MerchantSigningFilter.as("nobody", "whatever")).contentType("application/json")
                .body(Json.write(Requests.minimal(Requests.orderId()))).post("/pg/payment/card/initiate").then()
                .statusCode(401).body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Unknown partner"));
    }

    @Test
    void staleTimestampIsUnauthorized() {
        Clock tenMinutesAgo = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10));
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO).withClock(tenMinutesAgo))
                .contentType("application/json").body(Json.write(Requests.minimal(Requests.orderId())))
                .post("/pg/payment/card/initiate").then().statusCode(401)
                .body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Timestamp outside the allowed window"));
    }

    @Test
    void tamperedBodyIsUnauthorizedAndCreatesNothing() {
        String orderId = Requests.orderId();
        String signed = Json.write(Requests.minimal(orderId));
        String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        String signature = RequestSigner.sign("demo-client-secret", "POST", "/pg/payment/card/initiate",
                signed.getBytes(), timestamp);
        given().contentType("application/json").header("X-PARTNER-ID", "demo").header("X-TIMESTAMP", timestamp)
                .header("X-SIGNATURE", signature).body(signed.replace("150000.00", "1.00"))
                .post("/pg/payment/card/initiate").then().statusCode(401)
                .body("responseCode", equalTo("4010100"))
                .body("responseMessage", equalTo("Unauthorized. Invalid signature"));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(404);
    }

    @Test
    void malformedJsonIsABadRequest() {
        PaymentApi.initiate(SandboxMerchants.DEMO, "{\"order\":").then().statusCode(400)
                .body("responseCode", equalTo("4000100")).body("responseMessage", equalTo("Bad Request malformed JSON"));
    }

    /** Two parsers may pick different values of a repeated member; the gateway picks none. */
    @Test
    void aRepeatedMemberIsMalformedAndWritesNothing() {
        String orderId = "ORD-" + java.util.UUID.randomUUID();
        PaymentApi.initiate(SandboxMerchants.DEMO, """
                {"order":{"id":"%s","id":"%s-2","amount":"1000.00"},"customer":{"id":"C-1","email":"a@b.co",\
                "firstName":"A","lastName":"B","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"https://merchant.example.com/cb"}}""".formatted(orderId, orderId))
                .then().statusCode(400)
                .body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request duplicate member order.id"));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(404);
        PaymentApi.status(SandboxMerchants.DEMO, orderId + "-2").then().statusCode(404);
    }

    /** PostgreSQL keeps no NUL in text: refused up front, naming the field, instead of failing at the insert. */
    @Test
    void textWithANulCharacterIsAnInvalidFieldAndWritesNothing() {
        String orderId = "ORD-" + java.util.UUID.randomUUID();
        String valid = """
                {"order":{"id":"%s","amount":"1000.00","description":"Coffee"},"customer":{"id":"C-1","email":"a@b.co",\
                "firstName":"A","lastName":"B","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"https://merchant.example.com/cb"},"meta":{"note":"ok"}}""".formatted(orderId);
        PaymentApi.initiate(SandboxMerchants.DEMO, valid.replace("Coffee", "Cof\\u0000fee")).then().statusCode(400)
                .body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format order.description"));
        PaymentApi.initiate(SandboxMerchants.DEMO, valid.replace("\"ok\"", "[\"\\u0000\"]")).then().statusCode(400)
                .body("responseCode", equalTo("4000101"))
                .body("responseMessage", equalTo("Invalid Field Format meta.note"));
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(404);
    }

    /** Issue 15: 6to4 forms of private addresses, any port and names that do not resolve were accepted. */
    @Test
    void aRefusedCallbackUrlIsAnInvalidFieldAndWritesNothing() {
        TestNames.answer("six-to-four.test", "2002:a9fe:a9fe::");
        for (String url : List.of("https://[2002:a00:1::]/", "https://[2002:a9fe:a9fe::]/", "https://six-to-four.test/cb",
                "https://merchant.example.com:22/cb", "https://does-not-resolve.test/cb")) {
            String orderId = "ORD-" + java.util.UUID.randomUUID();
            PaymentApi.initiate(SandboxMerchants.DEMO, """
                    {"order":{"id":"%s","amount":"1000.00"},"customer":{"email":"a@b.co","firstName":"A","lastName":"B",\
                    "mobilePhone":"+6281234567890"},"url":{"callbackUrl":"%s"}}""".formatted(orderId, url))
                    .then().statusCode(400)
                    .body("responseCode", equalTo("4000101"))
                    .body("responseMessage", equalTo("Invalid Field Format url.callbackUrl"));
            PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(404);
            assertEquals(0, new Db(dataSource).count("SELECT count(*) FROM payment WHERE order_id = ?", orderId), url);
        }
    }

    @Test
    void missingBodyIsABadRequest() {
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .post("/pg/payment/card/initiate").then().statusCode(400).body("responseCode", equalTo("4000100"));
    }

    @Test
    void bodyThatIsNotJsonIsAnUnsupportedMediaType() {
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("text/plain")
                .body(Json.write(Requests.minimal(Requests.orderId()))).post("/pg/payment/card/initiate").then()
                .statusCode(415).body("responseCode", equalTo("4150100"));
    }

    @Test
    void bodyOver64KiBIsRefused() {
        ObjectNode body = Requests.with(Requests.minimal(Requests.orderId()), "meta",
                Requests.json("{\"data\":\"" + "x".repeat(70_000) + "\"}"));
        PaymentApi.initiate(body).then().statusCode(413).body("responseCode", equalTo("4130100"));
    }

    /** Over the transport's old 96K limit, which answered 413 with no body at all. */
    @Test
    void bodyFarOver64KiBGetsTheContractReplyToo() {
        ObjectNode body = Requests.with(Requests.minimal(Requests.orderId()), "meta",
                Requests.json("{\"data\":\"" + "x".repeat(300_000) + "\"}"));
        PaymentApi.initiate(body).then().statusCode(413).body("responseCode", equalTo("4130100"))
                .body("responseMessage", equalTo("Payload Too Large"));
    }

    @Test
    void wrongMethodAndUnknownRouteKeepTheContractShape() {
        given().get("/pg/payment/card/initiate").then().statusCode(405).body("responseCode", equalTo("4050100"));
        given().get("/pg/payment/card/nowhere").then().statusCode(404).body("responseCode", equalTo("4040100"));
    }

    @Test
    void wrongTypeIsABadRequestNamingWhere() {
        ObjectNode body = Requests.with(Requests.minimal(Requests.orderId()), "customer", Requests.json("[]"));
        PaymentApi.initiate(body).then().statusCode(400).body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request wrong type at customer"));
    }
}
