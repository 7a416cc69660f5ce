package io.paygate.payment.link;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.paygate.payment.support.Requests.json;
import static io.paygate.payment.support.Requests.with;
import static io.paygate.payment.support.Requests.without;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code POST /pg/payment-links}, {@code GET /pg/payment-links[/{id}]} and {@code …/deactivate} (docs/contract.md §11):
 * what each answers, idempotency by link.id, a foreign link answered as unknown, and every refused input (code and
 * field) with nothing written.
 */
@QuarkusTest
@PaymentTestResources
class LinkApiTest {

    @Inject
    AgroalDataSource dataSource;

    static UnaryOperator<ObjectNode> set(String path, String value) {
        return body -> with(body, path, value);
    }

    static UnaryOperator<ObjectNode> set(String path, JsonNode value) {
        return body -> with(body, path, value);
    }

    static UnaryOperator<ObjectNode> remove(String path) {
        return body -> without(body, path);
    }

    /** Whole seconds always written ({@code OffsetDateTime.toString} leaves out {@code :00}): the replies' form. */
    private static final DateTimeFormatter ISO_SECONDS = DateTimeFormatter.ISO_OFFSET_DATE_TIME;

    static String daysAhead(long days) {
        return OffsetDateTime.now(ZoneOffset.ofHours(7)).plusDays(days).withNano(0).toString();
    }

    static Arguments refused(String name, UnaryOperator<ObjectNode> edit, String code, String message) {
        return Arguments.of(name, edit, code, message);
    }

    static Stream<Arguments> refusedRequests() {
        return Stream.of(
                refused("link missing", remove("link"), "4001302", "Invalid Mandatory Field link"),
                refused("url missing", remove("url"), "4001302", "Invalid Mandatory Field url"),
                refused("link.id missing", remove("link.id"), "4001302", "Invalid Mandatory Field link.id"),
                refused("link.id with a space", set("link.id", "LNK 1"), "4001301", "Invalid Field Format link.id"),
                refused("link.id of 51", set("link.id", "l".repeat(51)), "4001301", "Invalid Field Format link.id"),
                refused("link.description missing", remove("link.description"), "4001302",
                        "Invalid Mandatory Field link.description"),
                refused("link.description of 256", set("link.description", "d".repeat(256)), "4001301",
                        "Invalid Field Format link.description"),
                refused("link.amount zero", set("link.amount", "0"), "4001301", "Invalid Field Format link.amount"),
                refused("link.amount three decimals", set("link.amount", "1.234"), "4001301",
                        "Invalid Field Format link.amount"),
                refused("link.amount as a number", set("link.amount", JsonNodeFactory.instance.numberNode(5)),
                        "4001300", "Bad Request wrong type at link.amount"),
                refused("link.amount and a range", set("link.minAmount", "10"), "4001301",
                        "Invalid Field Format link.amount"),
                refused("neither an amount nor a range", remove("link.amount"), "4001302",
                        "Invalid Mandatory Field link.amount"),
                refused("link.minAmount without maxAmount",
                        body -> with(without(body, "link.amount"), "link.minAmount", "10"), "4001302",
                        "Invalid Mandatory Field link.maxAmount"),
                refused("link.maxAmount without minAmount",
                        body -> with(without(body, "link.amount"), "link.maxAmount", "10"), "4001302",
                        "Invalid Mandatory Field link.minAmount"),
                refused("link.minAmount above maxAmount",
                        body -> with(with(without(body, "link.amount"), "link.minAmount", "100"), "link.maxAmount",
                                "99.99"), "4001301", "Invalid Field Format link.maxAmount"),
                refused("link.maxAmount of 14 digits",
                        body -> with(with(without(body, "link.amount"), "link.minAmount", "1"), "link.maxAmount",
                                "12345678901234"), "4001301", "Invalid Field Format link.maxAmount"),
                refused("link.expiresAt not ISO-8601", set("link.expiresAt", "tomorrow"), "4001301",
                        "Invalid Field Format link.expiresAt"),
                refused("link.expiresAt without offset", set("link.expiresAt", "2099-01-01T10:00:00"), "4001301",
                        "Invalid Field Format link.expiresAt"),
                refused("link.expiresAt in the past", set("link.expiresAt", daysAhead(-1)), "4001301",
                        "Invalid Field Format link.expiresAt"),
                refused("link.expiresAt 181 days ahead", set("link.expiresAt", daysAhead(181)), "4001301",
                        "Invalid Field Format link.expiresAt"),
                refused("link.usageLimit 0", set("link.usageLimit", JsonNodeFactory.instance.numberNode(0)), "4001301",
                        "Invalid Field Format link.usageLimit"),
                refused("link.usageLimit 10001", set("link.usageLimit", JsonNodeFactory.instance.numberNode(10001)),
                        "4001301", "Invalid Field Format link.usageLimit"),
                refused("link.methods unknown", set("link.methods", json("[\"CARD\",\"BITCOIN\"]")), "4001301",
                        "Invalid Field Format link.methods"),
                refused("link.methods empty", set("link.methods", json("[]")), "4001301",
                        "Invalid Field Format link.methods"),
                refused("customer.email missing", set("customer", json("""
                        {"firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"}""")), "4001302",
                        "Invalid Mandatory Field customer.email"),
                refused("customer.mobilePhone without +", set("customer", json("""
                        {"email":"budi@example.com","firstName":"Budi","lastName":"Santoso",
                         "mobilePhone":"081234567890"}""")), "4001301", "Invalid Field Format customer.mobilePhone"),
                refused("notify.email missing", set("notify", json("{}")), "4001302",
                        "Invalid Mandatory Field notify.email"),
                refused("url.callbackUrl missing", set("url", json("{\"returnUrl\":\"https://merchant.example.com/r\"}")),
                        "4001302", "Invalid Mandatory Field url.callbackUrl"),
                refused("url.callbackUrl private address", set("url.callbackUrl", "https://10.0.0.1/cb"), "4001301",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.returnUrl javascript", set("url.returnUrl", "javascript:alert(1)"), "4001301",
                        "Invalid Field Format url.returnUrl"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedRequests")
    void refusedRequestsNameTheFieldAndWriteNothing(String name, UnaryOperator<ObjectNode> edit, String code,
                                                     String message) {
        int before = links();
        Links.create(edit.apply(Links.minimal(Links.linkId()))).then().statusCode(Integer.parseInt(code.substring(0, 3)))
                .body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
        assertEquals(before, links());
    }

    @Test
    void createdLinkAnswersItsPageAndShareLinks() {
        String id = Links.linkId();
        ObjectNode body = Links.minimal(id);
        with(body, "link.description", "Kopi & teh 1 kg");
        io.restassured.path.json.JsonPath reply = Links.create(body).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("linkCode", matchesPattern("PL[0-9A-Z]{16}"))
                .body("status", equalTo("ACTIVE")).extract().jsonPath();
        String page = reply.getString("url");
        assertEquals(page, page.replaceAll("/pg/link/.*", "") + "/pg/link/" + reply.getString("linkCode"));
        assertEquals("https://wa.me/?text=Kopi%20%26%20teh%201%20kg%20" + page.replace(":", "%3A").replace("/", "%2F"),
                reply.getString("whatsappUrl"));
    }

    @Test
    void aLinkForAKnownCustomerSharesToTheirPhone() {
        ObjectNode body = Links.minimal(Links.linkId());
        with(body, "customer", json("""
                {"email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"}"""));
        Links.create(body).then().statusCode(200)
                .body("whatsappUrl", matchesPattern("https://wa\\.me/6281234567890\\?text=Coffee%20beans%201%20kg%20.*"));
    }

    @Test
    void theSameBodyAgainAnswersTheSameReplyAndAnotherIsAConflict() {
        String id = Links.linkId();
        String first = Links.created(Links.minimal(id));
        Links.create(Links.minimal(id)).then().statusCode(200).body("linkCode", equalTo(first));
        Links.create(with(Links.minimal(id), "link.amount", "1.00")).then().statusCode(409)
                .body("responseCode", equalTo("4091300"));
        assertEquals(1, new Db(dataSource).count("SELECT count(*) FROM payment_link WHERE link_id = ?", id));
    }

    @Test
    void aLinkReadsWithItsMembersAtTheTopLevel() {
        String id = Links.linkId();
        String expires = daysAhead(30);
        ObjectNode body = with(with(without(Links.minimal(id), "link.amount"), "link.minAmount", "10000"),
                "link.maxAmount", "500000");
        with(body, "link.expiresAt", expires);
        with(body, "link.usageLimit", JsonNodeFactory.instance.numberNode(3));
        with(body, "link.methods", json("[\"qris\",\"VA_BCA\",\"QRIS\"]"));
        with(body, "notify", json("{\"email\":true}"));
        String code = Links.created(body);
        Links.get(SandboxMerchants.DEMO, id).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("id", equalTo(id)).body("linkCode", equalTo(code))
                .body("description", equalTo("Coffee beans 1 kg"))
                .body("amount", nullValue()).body("minAmount", equalTo("10000.00")).body("maxAmount", equalTo("500000.00"))
                .body("currency", equalTo("IDR"))
                .body("expiresAt", equalTo(OffsetDateTime.parse(expires).format(ISO_SECONDS)))
                .body("usageLimit", equalTo(3)).body("methods", equalTo(List.of("QRIS", "VA_BCA")))
                .body("notify.email", equalTo(true)).body("callbackUrl", notNullValue())
                .body("status", equalTo("ACTIVE")).body("paymentCount", equalTo(0))
                .body("amountCollected", equalTo(0)).body("payments", hasSize(0));
    }

    @Test
    void anotherMerchantsLinkIsUnknown() {
        String id = Links.linkId();
        Links.created(Links.minimal(id));
        Links.get(SandboxMerchants.DEMO2, id).then().statusCode(404).body("responseCode", equalTo("4041301"));
        Links.deactivate(SandboxMerchants.DEMO2, id).then().statusCode(404).body("responseCode", equalTo("4041301"));
        Links.get(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("ACTIVE"));
        Links.get(SandboxMerchants.DEMO, "NO-SUCH-LINK").then().statusCode(404).body("responseCode", equalTo("4041301"));
        Links.get(SandboxMerchants.DEMO, "x".repeat(65)).then().statusCode(404);
    }

    @Test
    void anUnsignedCallIsRefused() {
        given().contentType("application/json").body(Json.write(Links.minimal(Links.linkId())))
                .post("/pg/payment-links").then().statusCode(401).body("responseCode", equalTo("4011300"));
    }

    @Test
    void deactivatingStopsTheLinkOnceAndRefusesAnExpiredOne() {
        String id = Links.linkId();
        Links.created(Links.minimal(id));
        Links.deactivate(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("INACTIVE"));
        Links.deactivate(SandboxMerchants.DEMO, id).then().statusCode(200).body("status", equalTo("INACTIVE"));
        Links.get(SandboxMerchants.DEMO, id).then().body("status", equalTo("INACTIVE"));
        Links.deactivate(SandboxMerchants.DEMO, "NO-SUCH-LINK").then().statusCode(404)
                .body("responseCode", equalTo("4041301"));

        String expired = Links.linkId();
        Links.created(Links.minimal(expired));
        new Db(dataSource).update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE link_id = ?",
                expired);
        Links.get(SandboxMerchants.DEMO, expired).then().body("status", equalTo("EXPIRED"));
        Links.deactivate(SandboxMerchants.DEMO, expired).then().statusCode(409).body("responseCode", equalTo("4091300"));
        Links.get(SandboxMerchants.DEMO, expired).then().body("status", equalTo("EXPIRED"));
    }

    @Test
    void theListPagesNewestFirstAndFiltersByStatus() {
        // demo2's own links, so that other tests' links never interleave
        String older = Links.linkId();
        String newer = Links.linkId();
        String inactive = Links.linkId();
        Links.create(SandboxMerchants.DEMO2, Links.minimal(older)).then().statusCode(200);
        Links.create(SandboxMerchants.DEMO2, Links.minimal(newer)).then().statusCode(200);
        Links.create(SandboxMerchants.DEMO2, Links.minimal(inactive)).then().statusCode(200);
        Links.deactivate(SandboxMerchants.DEMO2, inactive).then().statusCode(200);

        String cursor = Links.list(SandboxMerchants.DEMO2, "status=ACTIVE&limit=1").then().statusCode(200)
                .body("links", hasSize(1)).body("links[0].id", equalTo(newer))
                .body("links[0].payments", nullValue()).body("links[0].responseCode", nullValue())
                .extract().path("nextCursor");
        Links.list(SandboxMerchants.DEMO2, "status=ACTIVE&limit=1&cursor=" + cursor).then().statusCode(200)
                .body("links[0].id", equalTo(older));
        Links.list(SandboxMerchants.DEMO2, "status=INACTIVE").then().statusCode(200)
                .body("links.id", equalTo(List.of(inactive))).body("nextCursor", nullValue());
        Links.list(SandboxMerchants.DEMO, "status=INACTIVE").then().statusCode(200)
                .body("links.id.flatten()", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem(inactive)));
        assertNotEquals(null, cursor);

        Links.list(SandboxMerchants.DEMO, "cursor=" + cursor).then().statusCode(400)
                .body("responseCode", equalTo("4001301")).body("responseMessage", equalTo("Invalid Field Format cursor"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedListQueries")
    void refusedListQueriesNameTheParameter(String query, String field) {
        Links.list(SandboxMerchants.DEMO, query).then().statusCode(400)
                .body("responseCode", equalTo("4001301")).body("responseMessage", equalTo("Invalid Field Format " + field));
    }

    static Stream<Arguments> refusedListQueries() {
        return Stream.of(Arguments.of("status=OPEN", "status"), Arguments.of("status=active", "status"),
                Arguments.of("limit=0", "limit"), Arguments.of("limit=201", "limit"), Arguments.of("limit=x", "limit"),
                Arguments.of("cursor=not-a-cursor", "cursor"));
    }

    private int links() {
        return new Db(dataSource).count("SELECT count(*) FROM payment_link");
    }
}
