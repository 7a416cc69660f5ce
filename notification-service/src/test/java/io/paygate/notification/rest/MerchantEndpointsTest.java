package io.paygate.notification.rest;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.TestDns;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The merchant endpoints of docs/contract.md §6: callback registration (06) with the URL rules, the notification log (07)
 * with filters and cursor, isolation between merchants, authentication. Only this class uses merchant demo2.
 */
@QuarkusTest
@NotificationTestResources
class MerchantEndpointsTest extends MerchantSinkTestBase {

    @Test
    void registersReplacesAndReadsTheCallbackUrls() {
        MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":\"https://merchant.example.com/d\","
                        + "\"bindingCallbackUrl\":\"https://merchant.example.com/b\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("responseMessage", equalTo("Success"))
                .body("disbursementCallbackUrl", equalTo("https://merchant.example.com/d"));
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then().statusCode(200)
                .body("bindingCallbackUrl", equalTo("https://merchant.example.com/b"));

        // docs/contract.md §9: a PUT changes the members it sends and leaves the others; null unregisters one.
        MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"https://merchant.example.com/b2\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200)
                .body("disbursementCallbackUrl", equalTo("https://merchant.example.com/d"));
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then().statusCode(200)
                .body("disbursementCallbackUrl", equalTo("https://merchant.example.com/d"))
                .body("bindingCallbackUrl", equalTo("https://merchant.example.com/b2"));
        MerchantApi.as(DEMO2).body("{\"snapVaPaymentUrl\":\"https://merchant.example.com/v1.0/transfer-va/payment\","
                        + "\"snapQrNotifyUrl\":\"https://merchant.example.com/v1.0/qr/qr-mpm-notify\","
                        + "\"snapDebitNotifyUrl\":\"https://merchant.example.com/v1.0/debit/notify?shop=7\","
                        + "\"snapBindingNotifyUrl\":\"https://merchant.example.com/snap/binding\","
                        + "\"disbursementCallbackUrl\":null}")
                .put("/pg/merchant/callbacks").then().statusCode(200)
                .body("disbursementCallbackUrl", nullValue())
                .body("snapVaPaymentUrl", equalTo("https://merchant.example.com/v1.0/transfer-va/payment"));
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then().statusCode(200)
                .body("disbursementCallbackUrl", nullValue())
                .body("bindingCallbackUrl", equalTo("https://merchant.example.com/b2"))
                .body("snapVaPaymentUrl", equalTo("https://merchant.example.com/v1.0/transfer-va/payment"))
                .body("snapQrNotifyUrl", equalTo("https://merchant.example.com/v1.0/qr/qr-mpm-notify"))
                .body("snapDebitNotifyUrl", equalTo("https://merchant.example.com/v1.0/debit/notify?shop=7"))
                .body("snapBindingNotifyUrl", equalTo("https://merchant.example.com/snap/binding"));
        MerchantApi.as(DEMO2).body("{\"snapQrNotifyUrl\":null}").put("/pg/merchant/callbacks").then().statusCode(200)
                .body("snapQrNotifyUrl", nullValue())
                .body("snapVaPaymentUrl", equalTo("https://merchant.example.com/v1.0/transfer-va/payment"));
        MerchantApi.as(DEMO2).body("{}").put("/pg/merchant/callbacks").then().statusCode(200)
                .body("bindingCallbackUrl", equalTo("https://merchant.example.com/b2"));
    }

    /** docs/contract.md §9: the SNAP URLs follow the callback URL rules, the gateway's own ports included. */
    @Test
    void refusesBadSnapUrlsNamingTheMemberAndWritingNothing() throws Exception {
        MerchantApi.registerCallbacks(DEMO2, "https://merchant.example.com/d", null);
        java.sql.Timestamp registeredAt = callbacksUpdatedAt();
        int own = io.restassured.RestAssured.port;
        List<String> refused = List.of("https://10.0.0.1/cb", "https://169.254.169.254/latest/meta-data",
                "ftp://merchant.example.com/cb", "https://merchant.example.com:22/cb", "https://does-not-resolve.test/cb",
                "http://127.0.0.1:" + own + "/q/metrics", "http://localhost:9083/q/metrics", "not a url");
        for (String member : List.of("snapDebitNotifyUrl", "snapVaPaymentUrl", "snapQrNotifyUrl",
                "snapBindingNotifyUrl")) {
            for (String url : refused) {
                MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"https://merchant.example.com/b\",\"" + member
                                + "\":\"" + url + "\"}")
                        .put("/pg/merchant/callbacks").then().statusCode(400)
                        .body("responseCode", equalTo("4000601"))
                        .body("responseMessage", equalTo("Invalid Field Format " + member));
            }
            MerchantApi.as(DEMO2).body("{\"" + member + "\":\"\"}").put("/pg/merchant/callbacks").then()
                    .statusCode(400).body("responseMessage", equalTo("Invalid Field Format " + member));
            MerchantApi.as(DEMO2).body("{\"" + member + "\":42}").put("/pg/merchant/callbacks").then()
                    .statusCode(400).body("responseCode", equalTo("4000600"));
            MerchantApi.as(DEMO2).body("{\"" + member + "\":\"https://a.example/" + "x".repeat(2050) + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400).body("responseCode", equalTo("4000601"));
        }
        MerchantApi.as(DEMO2).body("[]").put("/pg/merchant/callbacks").then().statusCode(400)
                .body("responseCode", equalTo("4000600"));
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then().body("bindingCallbackUrl", nullValue());
        assertEquals(registeredAt, callbacksUpdatedAt(), "no refused registration wrote the row");
    }

    /** Found by e2e's MutatedBodiesIT: racing first registrations both inserted, and the loser answered 500. */
    @Test
    void racingFirstRegistrationsAllSucceedAndLeaveOneRow() throws Exception {
        try (var c = dataSource.getConnection(); var s = c.createStatement()) {
            s.executeUpdate("DELETE FROM merchant_callbacks WHERE merchant_id = 'demo2'");
        }
        java.util.List<java.util.concurrent.Future<Integer>> replies = new java.util.ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 8; i++) {
                String url = "https://merchant.example.com/race/" + i;
                replies.add(pool.submit(() -> MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"" + url + "\"}")
                        .put("/pg/merchant/callbacks").statusCode()));
            }
        }
        for (var reply : replies) {
            org.junit.jupiter.api.Assertions.assertEquals(200, reply.get());
        }
        try (var c = dataSource.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*), min(binding_callback_url) FROM merchant_callbacks WHERE merchant_id = 'demo2'")) {
            rs.next();
            org.junit.jupiter.api.Assertions.assertEquals(1, rs.getInt(1));
            org.junit.jupiter.api.Assertions.assertTrue(rs.getString(2).startsWith("https://merchant.example.com/race/"));
        }
    }

    @Test
    void refusesPrivateReservedAndNonHttpCallbackUrlsAtRegistration() {
        TestDns.answer("intranet.test", "10.1.2.3");
        TestDns.answer("mixed.test", "93.184.216.34", "192.168.1.10");
        MerchantApi.registerCallbacks(DEMO2, "https://merchant.example.com/d", null);
        List<String> refused = List.of("https://10.0.0.1/cb", "https://169.254.169.254/latest/meta-data",
                "https://100.64.0.1/cb", "https://[::ffff:10.0.0.1]/cb", "https://[fd00::1]/cb",
                "https://intranet.test/cb", "https://mixed.test/cb", "ftp://merchant.example.com/cb",
                "https://user:pw@merchant.example.com/cb", "not a url");
        for (String url : refused) {
            MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":\"" + url + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseCode", equalTo("4000601"))
                    .body("responseMessage", equalTo("Invalid Field Format disbursementCallbackUrl"));
        }
        MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"" + "https://a.example/" + "x".repeat(2050) + "\"}")
                .put("/pg/merchant/callbacks").then().statusCode(400).body("responseCode", equalTo("4000601"));
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then()
                .body("disbursementCallbackUrl", equalTo("https://merchant.example.com/d"));
    }

    /** Issue 15: 6to4 forms of private addresses, any port and names that do not resolve were registered. */
    @Test
    void refusesCarriedPrivateAddressesOtherPortsAndUnresolvableNamesWritingNothing() throws Exception {
        TestDns.answer("six-to-four.test", "2002:a9fe:a9fe::");
        MerchantApi.registerCallbacks(DEMO2, "https://merchant.example.com/d", "https://merchant.example.com:8443/b");
        java.sql.Timestamp registeredAt = callbacksUpdatedAt();
        List<String> refused = List.of("https://[2002:a00:1::]/", "https://[2002:a9fe:a9fe::]/",
                "https://[64:ff9b::a9fe:a9fe]/cb", "https://[2001:0:a00:1::f7f7:f7f7]/cb", "https://six-to-four.test/cb",
                "https://merchant.example.com:22/cb", "https://merchant.example.com:6379/cb",
                "https://merchant.example.com:80/cb", "https://does-not-resolve.test/cb");
        for (String url : refused) {
            MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"" + url + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseCode", equalTo("4000601"))
                    .body("responseMessage", equalTo("Invalid Field Format bindingCallbackUrl"));
            MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":\"" + url
                            + "\",\"bindingCallbackUrl\":\"https://merchant.example.com/b2\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseMessage", equalTo("Invalid Field Format disbursementCallbackUrl"));
        }
        MerchantApi.as(DEMO2).get("/pg/merchant/callbacks").then()
                .body("disbursementCallbackUrl", equalTo("https://merchant.example.com/d"))
                .body("bindingCallbackUrl", equalTo("https://merchant.example.com:8443/b"));
        assertEquals(registeredAt, callbacksUpdatedAt(), "no refused registration wrote the row");
    }

    /** Issue 31: with allow-local, the service's own port (/q/metrics) was registered and read back. */
    @Test
    void refusesTheGatewaysOwnPortsOnLoopbackWritingNothing() throws Exception {
        TestDns.answer("own-host.test", "127.0.0.1");
        MerchantApi.registerCallbacks(DEMO2, "https://merchant.example.com/d", "http://127.0.0.1:" + sink.port() + "/b");
        java.sql.Timestamp registeredAt = callbacksUpdatedAt();
        int own = io.restassured.RestAssured.port;
        List<String> refused = List.of("http://127.0.0.1:" + own + "/q/metrics", "http://localhost:" + own + "/q/metrics",
                "http://[::ffff:127.0.0.1]:" + own + "/q/metrics", "http://own-host.test:" + own + "/q/metrics",
                "http://127.0.0.1:9083/q/metrics", "http://localhost:8081/pg/payments", "http://[::1]:9081/q/metrics");
        for (String url : refused) {
            MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"" + url + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseCode", equalTo("4000601"))
                    .body("responseMessage", equalTo("Invalid Field Format bindingCallbackUrl"));
            MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":\"" + url + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseMessage", equalTo("Invalid Field Format disbursementCallbackUrl"));
        }
        assertEquals(registeredAt, callbacksUpdatedAt(), "no refused registration wrote the row");
        MerchantApi.as(DEMO2).body("{\"bindingCallbackUrl\":\"http://127.0.0.1:9099/b\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
    }

    /**
     * Issue 43: the SNAP URLs pass the callback URL rules as the others do: a gateway port on loopback, a private
     * address or another port is refused naming the member, and nothing is written.
     */
    @Test
    void refusesAGatewayPortOrAPrivateAddressInEverySnapUrlNamingTheMember() throws Exception {
        MerchantApi.registerCallbacks(DEMO2, "https://merchant.example.com/d", "https://merchant.example.com/b");
        java.sql.Timestamp registeredAt = callbacksUpdatedAt();
        int own = io.restassured.RestAssured.port;
        List<String> refused = List.of("http://127.0.0.1:" + own + "/q/metrics",
                "http://localhost:8081/v1.0/debit/notify", "http://[::1]:9083/q/metrics",
                "https://10.0.0.1/v1.0/qr/qr-mpm-notify", "https://merchant.example.com:6379/notify");
        for (String member : List.of("snapDebitNotifyUrl", "snapVaPaymentUrl", "snapQrNotifyUrl",
                "snapBindingNotifyUrl")) {
            for (String url : refused) {
                MerchantApi.as(DEMO2).body("{\"" + member + "\":\"" + url + "\"}")
                        .put("/pg/merchant/callbacks").then().statusCode(400)
                        .body("responseCode", equalTo("4000601"))
                        .body("responseMessage", equalTo("Invalid Field Format " + member));
            }
        }
        assertEquals(registeredAt, callbacksUpdatedAt(), "no refused registration wrote the row");
        MerchantApi.as(DEMO2).body("{\"snapQrNotifyUrl\":\"http://127.0.0.1:" + sink.port() + "/qr\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200)
                .body("snapQrNotifyUrl", equalTo("http://127.0.0.1:" + sink.port() + "/qr"));
    }

    private java.sql.Timestamp callbacksUpdatedAt() throws Exception {
        try (var c = dataSource.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT updated_at FROM merchant_callbacks WHERE merchant_id = 'demo2'")) {
            assertTrue(rs.next());
            return rs.getTimestamp(1);
        }
    }

    @Test
    void malformedRegistrationBodyIsABadRequestOfServiceSix() {
        MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":").put("/pg/merchant/callbacks").then()
                .statusCode(400).body("responseCode", equalTo("4000600"));
        MerchantApi.as(DEMO2).body("{\"disbursementCallbackUrl\":42}").put("/pg/merchant/callbacks").then()
                .statusCode(400).body("responseCode", equalTo("4000600"));
    }

    @Test
    void everyEndpointRequiresTheMerchantSignature() {
        given().get("/pg/merchant/callbacks").then().statusCode(401).body("responseCode", equalTo("4010600"));
        given().get("/pg/notifications").then().statusCode(401).body("responseCode", equalTo("4010700"));
        given().post("/pg/notifications/" + UUID.randomUUID() + "/redeliver").then().statusCode(401)
                .body("responseCode", equalTo("4010700"));
    }

    @Test
    void anotherMerchantsNotificationIsAnsweredLikeAnUnknownOne() {
        UUID id = deliveredPayment(DEMO);
        MerchantApi.as(DEMO2).get("/pg/notifications/" + id).then().statusCode(404)
                .body("responseCode", equalTo("4040701")).body("responseMessage", equalTo("Transaction Not Found"));
        MerchantApi.as(DEMO2).post("/pg/notifications/" + id + "/redeliver").then().statusCode(404)
                .body("responseCode", equalTo("4040701"));
        MerchantApi.as(DEMO2).get("/pg/notifications/" + UUID.randomUUID()).then().statusCode(404);
        MerchantApi.as(DEMO2).get("/pg/notifications/not-an-id").then().statusCode(404);
        List<String> demo2Ids = MerchantApi.as(DEMO2).queryParam("limit", "100").get("/pg/notifications").then()
                .statusCode(200).extract().jsonPath().getList("notifications.id");
        assertTrue(!demo2Ids.contains(id.toString()), "not in the other merchant's list");
    }

    @Test
    void theLogShowsTheSignedRequestAsSentToItsMerchantOnlyAndTheVerifierAcceptsIt() throws Exception {
        UUID id = deliveredPayment(DEMO);
        MerchantSink.Received received = sink.awaitReceived(1, WAIT).getLast();

        String reply = MerchantApi.as(DEMO).get("/pg/notifications/" + id).then().statusCode(200)
                .body("responseCode", equalTo("2000000")).extract().asString();
        JsonPath detail = JsonPath.from(reply);
        String body = detail.getString("request.body");
        Map<String, String> headers = detail.getMap("request.headers");
        assertEquals(received.body(), body, "the body exactly as the merchant received it");
        for (String name : List.of("Content-Type", "webhook-id", "webhook-timestamp", "webhook-signature",
                "X-SIGNATURE")) {
            assertEquals(received.header(name), headers.get(name), name + " as sent");
        }
        assertEquals(id.toString(), headers.get("webhook-id"));
        NotificationVerifier.of(DEMO.notificationSecret()).verify(headers, body);
        assertThrows(SignatureVerificationException.class,
                () -> NotificationVerifier.of(DEMO2.notificationSecret()).verify(headers, body));
        String secretKey = DEMO.notificationSecret().substring("whsec_".length());
        assertFalse(reply.contains(secretKey), "the notification secret is never returned");

        String foreign = MerchantApi.as(DEMO2).get("/pg/notifications/" + id).then().statusCode(404)
                .body("responseCode", equalTo("4040701")).extract().asString();
        assertFalse(foreign.contains(received.header("X-SIGNATURE")), "nothing of it reaches another merchant");
        assertEquals(0, db.count("SELECT count(*) FROM notification_attempt WHERE request_body LIKE ? "
                + "OR request_headers LIKE ?", "%" + secretKey + "%", "%" + secretKey + "%"), "no secret stored");
    }

    @Test
    void anAttemptThatSentNothingHasNoRequest() {
        EventEnvelope event = Events.payment(DEMO2.id(), Events.id("PC"), "https://10.0.0.1/callback");
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
        UUID id = db.byEvent(event.eventId()).orElseThrow().id();
        MerchantApi.as(DEMO2).get("/pg/notifications/" + id).then().statusCode(200)
                .body("attemptLog.size()", greaterThanOrEqualTo(1))
                .body("request", nullValue());
    }

    @Test
    void listPagesNewestFirstWithAnOpaqueCursorAndFilters() {
        List<UUID> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(deliveredPayment(DEMO2));
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            var request = MerchantApi.as(DEMO2).queryParam("type", "payment").queryParam("limit", "2");
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/pg/notifications").then().statusCode(200)
                    .body("responseCode", equalTo("2000000")).extract().jsonPath();
            List<String> ids = page.getList("notifications.id");
            assertTrue(ids.size() <= 2);
            seen.addAll(ids);
            cursor = page.getString("nextCursor");
            pages++;
        } while (cursor != null && pages < 50);
        assertEquals(seen.size(), seen.stream().distinct().count(), "no notification twice across pages");
        List<String> newestFirst = created.reversed().stream().map(UUID::toString).toList();
        assertEquals(newestFirst, seen.subList(0, 5), "newest first, in creation order");

        JsonPath first = MerchantApi.as(DEMO2).queryParam("status", "DELIVERED").queryParam("limit", "1")
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath();
        assertEquals(created.get(4).toString(), first.getString("notifications[0].id"));
        assertEquals("payment", first.getString("notifications[0].type"));
        assertEquals("DELIVERED", first.getString("notifications[0].status"));
        assertEquals(1, first.getInt("notifications[0].attempts"));
        assertEquals(200, first.getInt("notifications[0].lastHttpStatus"));
        assertNull(first.get("notifications[0].nextAttemptAt"));
        assertTrue(first.getString("notifications[0].resourceId").startsWith("PC"));
        assertTrue(first.getString("notifications[0].createdAt").endsWith("Z"));
        MerchantApi.as(DEMO2).queryParam("type", "binding").get("/pg/notifications").then().statusCode(200)
                .body("notifications.size()", equalTo(0)).body("nextCursor", nullValue());
    }

    @Test
    void invalidListParametersAreInvalidFieldFormatOfServiceSeven() {
        for (String[] param : new String[][]{{"status", "LOST"}, {"type", "refund"}, {"limit", "0"},
                {"limit", "101"}, {"limit", "ten"}, {"cursor", "!!"}, {"cursor", "cDE6YWJj"}}) {
            MerchantApi.as(DEMO2).queryParam(param[0], param[1]).get("/pg/notifications").then().statusCode(400)
                    .body("responseCode", equalTo("4000701"))
                    .body("responseMessage", equalTo("Invalid Field Format " + param[0]));
        }
    }

    private UUID deliveredPayment(io.paygate.testsupport.SandboxMerchants.Merchant merchant) {
        EventEnvelope event = Events.payment(merchant.id(), Events.id("PC"), sink.url("/callback"));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("DELIVERED"))
                .orElse(false));
        return db.byEvent(event.eventId()).orElseThrow().id();
    }
}
