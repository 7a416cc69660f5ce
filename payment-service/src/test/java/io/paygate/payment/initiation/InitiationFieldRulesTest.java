package io.paygate.payment.initiation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static io.paygate.payment.support.Requests.objectWithMembers;
import static io.paygate.payment.support.Requests.with;
import static io.paygate.payment.support.Requests.without;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/** Every field rule of docs/contract.md §1, each with a request it refuses (exact code and field) and one it accepts. */
@QuarkusTest
@PaymentTestResources
class InitiationFieldRulesTest {

    static final String EMAIL_254 = "x".repeat(64) + "@" + ("d".repeat(60) + ".").repeat(3) + "com.id";

    static Arguments refused(String name, UnaryOperator<ObjectNode> edit, String code, String message) {
        return Arguments.of(name, edit, code, message);
    }

    static Arguments accepted(String name, UnaryOperator<ObjectNode> edit) {
        return Arguments.of(name, edit);
    }

    static UnaryOperator<ObjectNode> set(String path, String value) {
        return body -> with(body, path, value);
    }

    static UnaryOperator<ObjectNode> set(String path, JsonNode value) {
        return body -> with(body, path, value);
    }

    static UnaryOperator<ObjectNode> remove(String path) {
        return body -> without(body, path);
    }

    static Stream<Arguments> refusedRequests() {
        return Stream.of(
                refused("order missing", remove("order"), "4000102", "Invalid Mandatory Field order"),
                refused("customer missing", remove("customer"), "4000102", "Invalid Mandatory Field customer"),
                refused("url missing", remove("url"), "4000102", "Invalid Mandatory Field url"),
                refused("order.id missing", remove("order.id"), "4000102", "Invalid Mandatory Field order.id"),
                refused("order.id with a space", set("order.id", "ORD 1"), "4000101", "Invalid Field Format order.id"),
                refused("order.id with a slash", set("order.id", "ORD/1"), "4000101", "Invalid Field Format order.id"),
                refused("order.id of 65", set("order.id", "a".repeat(65)), "4000101", "Invalid Field Format order.id"),
                refused("order.amount missing", remove("order.amount"), "4000102", "Invalid Mandatory Field order.amount"),
                refused("order.amount zero", set("order.amount", "0"), "4000101", "Invalid Field Format order.amount"),
                refused("order.amount 0.00", set("order.amount", "0.00"), "4000101", "Invalid Field Format order.amount"),
                refused("order.amount three decimals", set("order.amount", "1.234"), "4000101",
                        "Invalid Field Format order.amount"),
                refused("order.amount leading zero", set("order.amount", "01"), "4000101",
                        "Invalid Field Format order.amount"),
                refused("order.amount 14 digits", set("order.amount", "12345678901234"), "4000101",
                        "Invalid Field Format order.amount"),
                refused("order.amount negative", set("order.amount", "-5"), "4000101", "Invalid Field Format order.amount"),
                refused("order.amount exponent", set("order.amount", "1e3"), "4000101", "Invalid Field Format order.amount"),
                refused("order.amount as a number", set("order.amount", JsonNodeFactory.instance.numberNode(150000)),
                        "4000100", "Bad Request wrong type at order.amount"),
                refused("order.description of 256", set("order.description", "d".repeat(256)), "4000101",
                        "Invalid Field Format order.description"),
                refused("order.currency lower case", set("order.currency", "idr"), "4000101",
                        "Invalid Field Format order.currency"),
                refused("order.currency too long", set("order.currency", "RUPIAH"), "4000101",
                        "Invalid Field Format order.currency"),
                refused("customer.id empty", set("customer.id", ""), "4000101", "Invalid Field Format customer.id"),
                refused("customer.id of 65", set("customer.id", "c".repeat(65)), "4000101",
                        "Invalid Field Format customer.id"),
                refused("customer.email missing", remove("customer.email"), "4000102",
                        "Invalid Mandatory Field customer.email"),
                refused("customer.email without @", set("customer.email", "budi.example.com"), "4000101",
                        "Invalid Field Format customer.email"),
                refused("customer.email without a dot in the domain", set("customer.email", "budi@localhost"), "4000101",
                        "Invalid Field Format customer.email"),
                refused("customer.email of 255", set("customer.email", EMAIL_254 + "x"), "4000101",
                        "Invalid Field Format customer.email"),
                refused("customer.firstName missing", remove("customer.firstName"), "4000102",
                        "Invalid Mandatory Field customer.firstName"),
                refused("customer.firstName blank", set("customer.firstName", " "), "4000102",
                        "Invalid Mandatory Field customer.firstName"),
                refused("customer.firstName of 51", set("customer.firstName", "f".repeat(51)), "4000101",
                        "Invalid Field Format customer.firstName"),
                refused("customer.lastName missing", remove("customer.lastName"), "4000102",
                        "Invalid Mandatory Field customer.lastName"),
                refused("customer.lastName of 51", set("customer.lastName", "l".repeat(51)), "4000101",
                        "Invalid Field Format customer.lastName"),
                refused("customer.mobilePhone missing", remove("customer.mobilePhone"), "4000102",
                        "Invalid Mandatory Field customer.mobilePhone"),
                refused("customer.mobilePhone without +", set("customer.mobilePhone", "081234567890"), "4000101",
                        "Invalid Field Format customer.mobilePhone"),
                refused("customer.mobilePhone +0", set("customer.mobilePhone", "+0812345678"), "4000101",
                        "Invalid Field Format customer.mobilePhone"),
                refused("customer.mobilePhone too short", set("customer.mobilePhone", "+123456"), "4000101",
                        "Invalid Field Format customer.mobilePhone"),
                refused("customer.mobilePhone too long", set("customer.mobilePhone", "+1234567890123456"), "4000101",
                        "Invalid Field Format customer.mobilePhone"),
                refused("url.callbackUrl missing",
                        body -> without(with(body, "url.returnUrl", "https://merchant.example.com/r"), "url.callbackUrl"),
                        "4000102",
                        "Invalid Mandatory Field url.callbackUrl"),
                refused("url.callbackUrl ftp", set("url.callbackUrl", "ftp://merchant.example.com/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl relative", set("url.callbackUrl", "/callbacks/payment"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl private address", set("url.callbackUrl", "https://10.0.0.1/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl metadata address", set("url.callbackUrl", "https://169.254.169.254/latest"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl CGNAT address", set("url.callbackUrl", "https://100.64.0.1/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl 6to4 form of 10.0.0.1", set("url.callbackUrl", "https://[2002:a00:1::]/"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl 6to4 form of the metadata address",
                        set("url.callbackUrl", "https://[2002:a9fe:a9fe::]/"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl NAT64 form of the metadata address",
                        set("url.callbackUrl", "https://[64:ff9b::a9fe:a9fe]/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl Teredo with a private server",
                        set("url.callbackUrl", "https://[2001:0:a00:1::f7f7:f7f7]/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl port 22", set("url.callbackUrl", "https://merchant.example.com:22/cb"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl port 6379", set("url.callbackUrl", "https://merchant.example.com:6379/cb"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl this service's own port on loopback (issue 31)",
                        body -> with(body, "url.callbackUrl", "http://127.0.0.1:" + RestAssured.port + "/q/metrics"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl this service's own port by name",
                        body -> with(body, "url.callbackUrl", "http://localhost:" + RestAssured.port + "/pg/payments"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl a listed gateway management port",
                        set("url.callbackUrl", "http://127.0.0.1:9083/q/metrics"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl a listed gateway API port on IPv6 loopback",
                        set("url.callbackUrl", "http://[::1]:8082/pg/bind/x"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl host that does not resolve",
                        set("url.callbackUrl", "https://does-not-resolve.test/cb"), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl with user info", set("url.callbackUrl", "https://u:p@merchant.example.com/cb"),
                        "4000101", "Invalid Field Format url.callbackUrl"),
                refused("url.callbackUrl of 2049", set("url.callbackUrl", longUrl(2049)), "4000101",
                        "Invalid Field Format url.callbackUrl"),
                refused("url.returnUrl javascript", set("url.returnUrl", "javascript:alert(1)"), "4000101",
                        "Invalid Field Format url.returnUrl"),
                refused("url.returnUrl empty", set("url.returnUrl", ""), "4000101", "Invalid Field Format url.returnUrl"),
                refused("url without members", remove("url.callbackUrl"), "4000101", "Invalid Field Format url"),
                refused("order without members", set("order", JsonNodeFactory.instance.objectNode()), "4000101",
                        "Invalid Field Format order"),
                refused("order of 13 members", body -> addMembers(body, "order", 10), "4000101",
                        "Invalid Field Format order"),
                refused("customer of 9 members", body -> addMembers(body, "customer", 5), "4000101",
                        "Invalid Field Format customer"),
                refused("url of 5 members", body -> addMembers(body, "url", 4), "4000101", "Invalid Field Format url"),
                refused("billing of 2 members", set("billing", objectWithMembers(2)), "4000101",
                        "Invalid Field Format billing"),
                refused("billing empty", set("billing", objectWithMembers(0)), "4000101", "Invalid Field Format billing"),
                refused("shipping of 5 members", set("shipping", objectWithMembers(5)), "4000101",
                        "Invalid Field Format shipping"),
                refused("meta of 2 members", set("meta", Requests.json("{\"data\":1,\"more\":2}")), "4000101",
                        "Invalid Field Format meta"),
                refused("card of 8 members", set("card", objectWithMembers(8)), "4000101", "Invalid Field Format card"),
                refused("recurring of 12 members", set("recurring", objectWithMembers(12)), "4000101",
                        "Invalid Field Format recurring"),
                refused("sourceOfFunds of 12 members", set("sourceOfFunds", objectWithMembers(12)), "4000101",
                        "Invalid Field Format sourceOfFunds"),
                refused("device of 8 members", set("device", objectWithMembers(8)), "4000101",
                        "Invalid Field Format device"),
                refused("sourceOfFunds.type unknown", set("sourceOfFunds.type", "VA_XYZ"), "4000101",
                        "Invalid Field Format sourceOfFunds.type"),
                refused("sourceOfFunds.type empty", set("sourceOfFunds.type", ""), "4000101",
                        "Invalid Field Format sourceOfFunds.type"),
                refused("sourceOfFunds.type a number", set("sourceOfFunds.type", JsonNodeFactory.instance.numberNode(7)),
                        "4000100", "Bad Request wrong type at sourceOfFunds.type"),
                refused("OVO without sourceOfFunds.accountId", set("sourceOfFunds.type", "OVO"), "4000102",
                        "Invalid Mandatory Field sourceOfFunds.accountId"),
                refused("OVO with an accountId that is no phone", body -> with(with(body, "sourceOfFunds.type", "ovo"),
                        "sourceOfFunds.accountId", "0812345"), "4000101",
                        "Invalid Field Format sourceOfFunds.accountId"),
                refused("order.timeout 0", set("order.timeout", JsonNodeFactory.instance.numberNode(0)), "4000101",
                        "Invalid Field Format order.timeout"),
                refused("order.timeout 43201", set("order.timeout", JsonNodeFactory.instance.numberNode(43201)),
                        "4000101", "Invalid Field Format order.timeout"),
                refused("order.timeout a string", set("order.timeout", "60"), "4000100",
                        "Bad Request wrong type at order.timeout"),
                refused("order.timeout with a fraction", set("order.timeout", JsonNodeFactory.instance.numberNode(1.5)),
                        "4000100", "Bad Request wrong type at order.timeout"),
                refused("url.successUrl javascript:", set("url.successUrl", "javascript:alert(document.cookie)"),
                        "4000101", "Invalid Field Format url.successUrl"),
                refused("url.failUrl data:", set("url.failUrl", "data:text/html,<script>alert(1)</script>"),
                        "4000101", "Invalid Field Format url.failUrl"),
                refused("url.backUrl relative", set("url.backUrl", "/cart"), "4000101",
                        "Invalid Field Format url.backUrl"),
                refused("url.successUrl of 2049", set("url.successUrl", longUrl(2049)), "4000101",
                        "Invalid Field Format url.successUrl"));
    }

    static Stream<Arguments> acceptedRequests() {
        return Stream.of(
                accepted("order.id of 64 with . _ -", set("order.id", "A.b_C-" + "9".repeat(58))),
                accepted("order.amount whole", set("order.amount", "1")),
                accepted("order.amount one decimal", set("order.amount", "0.5")),
                accepted("order.amount 13 digits and 2 decimals", set("order.amount", "9999999999999.99")),
                accepted("order.description of 255", set("order.description", "d".repeat(255))),
                accepted("order.description empty", set("order.description", "")),
                accepted("order.description absent", remove("order.description")),
                accepted("order.currency USD", set("order.currency", "USD")),
                accepted("order with unknown members", body -> addMembers(body, "order", 8)),
                accepted("customer.id of 64", set("customer.id", "c".repeat(64))),
                accepted("customer.email of 254", set("customer.email", EMAIL_254)),
                accepted("customer names of 50", body -> with(with(body, "customer.firstName", "f".repeat(50)),
                        "customer.lastName", "l".repeat(50))),
                accepted("customer.mobilePhone of 15 digits", set("customer.mobilePhone", "+123456789012345")),
                accepted("customer of 8 members", body -> addMembers(with(body, "customer.id", "C1"), "customer", 3)),
                accepted("url.callbackUrl of 2048", set("url.callbackUrl", longUrl(2048))),
                accepted("url.callbackUrl loopback in the local sandbox", set("url.callbackUrl", "http://127.0.0.1:9/cb")),
                accepted("url.callbackUrl port 8443", set("url.callbackUrl", "https://merchant.example.com:8443/cb")),
                accepted("url.callbackUrl 6to4 form of a public address",
                        set("url.callbackUrl", "https://[2002:0808:0808::1]/cb")),
                accepted("url.callbackUrl loopback on any port in the local sandbox",
                        set("url.callbackUrl", "http://localhost:6379/cb")),
                accepted("url.callbackUrl loopback next to the gateway's ports",
                        set("url.callbackUrl", "http://127.0.0.1:9099/cb")),
                accepted("url.returnUrl https", set("url.returnUrl", "https://merchant.example.com/orders/1")),
                accepted("url of 4 members", body -> addMembers(with(body, "url.returnUrl", "https://m.example.com/r"),
                        "url", 2)),
                accepted("billing of 1 member", set("billing", objectWithMembers(1))),
                accepted("shipping of 4 members", set("shipping", objectWithMembers(4))),
                accepted("meta with null data", set("meta", Requests.json("{\"data\":null}"))),
                accepted("meta with an object", set("meta", Requests.json("{\"data\":{\"cart\":\"A-17\"}}"))),
                accepted("card of 7 members", set("card", objectWithMembers(7))),
                accepted("recurring of 11 members", set("recurring", objectWithMembers(11))),
                accepted("sourceOfFunds of 11 members", set("sourceOfFunds", objectWithMembers(11))),
                accepted("device of 7 members", set("device", objectWithMembers(7))),
                accepted("unknown top-level member", set("somethingElse", "ignored")),
                accepted("url with success, fail and back URLs", body -> with(with(with(body, "url.successUrl",
                        "https://merchant.example.com/ok"), "url.failUrl", "https://merchant.example.com/retry"),
                        "url.backUrl", "https://merchant.example.com/cart")),
                accepted("order.timeout 1", set("order.timeout", JsonNodeFactory.instance.numberNode(1))),
                accepted("order.timeout 43200", set("order.timeout", JsonNodeFactory.instance.numberNode(43200))),
                accepted("sourceOfFunds.type CARD", set("sourceOfFunds.type", "CARD")),
                accepted("sourceOfFunds.type a binding's source code", set("sourceOfFunds.type", "BCA_DD")),
                accepted("sourceOfFunds.type qris in lower case", set("sourceOfFunds.type", "qris")));
    }

    @ParameterizedTest(name = "refuses {0}")
    @MethodSource("refusedRequests")
    void refusesARequestBreakingARuleNamingTheField(String name, UnaryOperator<ObjectNode> edit, String code,
                                                     String message) {
        String orderId = Requests.orderId();
        ObjectNode body = edit.apply(Requests.minimal(orderId));
        PaymentApi.initiate(body).then()
                .statusCode(Integer.parseInt(code.substring(0, 3)))
                .body("responseCode", equalTo(code))
                .body("responseMessage", equalTo(message));
        // nothing was written: the order is unknown
        PaymentApi.status(io.paygate.testsupport.SandboxMerchants.DEMO, orderId).then().statusCode(404);
    }

    @ParameterizedTest(name = "accepts {0}")
    @MethodSource("acceptedRequests")
    void acceptsARequestAtTheEdgeOfARule(String name, UnaryOperator<ObjectNode> edit) {
        ObjectNode body = edit.apply(Requests.minimal(Requests.orderId()));
        PaymentApi.initiate(body).then()
                .statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("responseMessage", equalTo("Success"))
                .body("paymentCode", notNullValue());
    }

    static String longUrl(int length) {
        String prefix = "https://merchant.example.com/";
        return prefix + "p".repeat(length - prefix.length());
    }

    static ObjectNode addMembers(ObjectNode body, String object, int count) {
        ObjectNode target = (ObjectNode) body.get(object);
        for (int i = 0; i < count; i++) {
            target.put("extra" + i, i);
        }
        return body;
    }
}
