package io.paygate.testsupport.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simulator's charges paid later: numbers and QR, the customer's payment, cancel, expiry, reversal, refunds. */
class MidtransSimulatorMethodsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SERVER_KEY = "SB-Mid-server-methods";
    private static final DateTimeFormatter ORDER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z");

    private final HttpClient http = HttpClient.newHttpClient();
    private MidtransSimulator sim;
    private MerchantSink receiver;

    @BeforeEach
    void start() {
        receiver = MerchantSink.start();
        sim = MidtransSimulator.start().register(SERVER_KEY, "SB-Mid-client-methods")
                .notifyTo(receiver.url("/notification")).notificationRetries(2, Duration.ofMillis(50));
    }

    @AfterEach
    void stop() {
        sim.close();
        receiver.close();
    }

    @Test
    void aBcaVirtualAccountTakesItsExactAmountOnceAndNotifiesTheSettlement() throws Exception {
        JsonNode answer = charge("va-1", """
                "payment_type":"bank_transfer","bank_transfer":{"bank":"bca"}""", 3600);
        assertEquals("201", answer.path("status_code").asText());
        assertEquals("pending", answer.path("transaction_status").asText());
        String va = answer.at("/va_numbers/0/va_number").asText();
        assertEquals("bca", answer.at("/va_numbers/0/bank").asText());
        assertTrue(va.matches("12345[0-9]{11}"), va);
        assertTrue(answer.path("expiry_time").asText().matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d"));

        assertEquals(MidtransSimulator.Payment.WRONG_AMOUNT, sim.payVa(va, new BigDecimal("15001")));
        assertEquals(MidtransSimulator.Payment.PAID, sim.payVa(va, new BigDecimal("15000")));
        assertEquals(MidtransSimulator.Payment.REFUSED, sim.payVa(va, new BigDecimal("15000")));
        JsonNode settled = lastNotification("settlement");
        assertEquals("200", settled.path("status_code").asText());
        assertEquals(MidtransSignature.of("va-1", "200", "15000.00", SERVER_KEY), settled.path("signature_key").asText());
        assertEquals(412, post("/v2/va-1/cancel", "{}").statusCode(), "a settled charge cannot be cancelled");
        assertEquals(406, charge("va-1", "\"payment_type\":\"bank_transfer\",\"bank_transfer\":{\"bank\":\"bca\"}",
                3600).path("status_code").asInt(), "the same order id again");
    }

    @Test
    void permataMandiriAndStoresAnswerTheirOwnFields() throws Exception {
        assertTrue(charge("p-1", "\"payment_type\":\"bank_transfer\",\"bank_transfer\":{\"bank\":\"permata\"}", 600)
                .path("permata_va_number").asText().startsWith("8778"));
        JsonNode bill = charge("m-1", "\"payment_type\":\"echannel\",\"echannel\":{\"bill_info1\":\"Payment:\","
                + "\"bill_info2\":\"Shop\"}", 600);
        assertEquals("70012", bill.path("biller_code").asText());
        assertEquals(MidtransSimulator.Payment.PAID, sim.payBill("70012", bill.path("bill_key").asText(),
                new BigDecimal("15000")));
        JsonNode store = charge("s-1", "\"payment_type\":\"cstore\",\"cstore\":{\"store\":\"indomaret\"}", 600);
        assertEquals("indomaret", store.path("store").asText());
        assertEquals(MidtransSimulator.Payment.PAID, sim.payStore("indomaret", store.path("payment_code").asText(),
                new BigDecimal("15000")));
        assertEquals(400, charge("x-1", "\"payment_type\":\"cstore\",\"cstore\":{\"store\":\"nowhere\"}", 600)
                .path("status_code").asInt());
        assertEquals(400, charge("x-2", "\"payment_type\":\"bank_transfer\",\"bank_transfer\":{\"bank\":\"bca\"}", 5)
                .path("status_code").asInt(), "a custom expiry under 20 seconds");
    }

    @Test
    void aQrisChargeGivesAPayloadWithAValidCrcAndItsImage() throws Exception {
        JsonNode answer = charge("q-1", "\"payment_type\":\"qris\"", 900);
        String payload = answer.path("qr_string").asText();
        assertTrue(payload.startsWith("000201010212"), payload);
        assertEquals(SimQris.crc(payload.substring(0, payload.length() - 4)), payload.substring(payload.length() - 4));
        assertTrue(payload.contains("5303360") && payload.contains("540515000"), payload);
        HttpResponse<byte[]> png = http.send(HttpRequest.newBuilder(URI.create(answer.at("/actions/0/url").asText()))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, png.statusCode());
        assertEquals("image/png", png.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(MidtransSimulator.Payment.UNKNOWN, sim.payQr(payload + "x"));
        assertEquals(MidtransSimulator.Payment.PAID, sim.payQr(payload));
    }

    @Test
    void aGopayChargeLinksItsAppAndAQrAndIsRefundedByKeyOnce() throws Exception {
        JsonNode answer = charge("g-1", "\"payment_type\":\"gopay\",\"gopay\":{\"enable_callback\":true,"
                + "\"callback_url\":\"http://shop.test/back\"}", 900);
        List<String> actions = answer.path("actions").findValuesAsText("name");
        assertEquals(List.of("generate-qr-code", "deeplink-redirect"), actions);
        String app = answer.at("/actions/1/url").asText();
        assertTrue(http.send(HttpRequest.newBuilder(URI.create(app)).build(), HttpResponse.BodyHandlers.ofString())
                .body().contains("id=\"pay\""));
        HttpResponse<String> paid = http.send(HttpRequest.newBuilder(URI.create(app))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, paid.statusCode());
        assertEquals("http://shop.test/back", paid.headers().firstValue("Location").orElseThrow());
        assertEquals("settlement", sim.status("g-1").orElseThrow());

        HttpResponse<String> refund = post("/v2/g-1/refund/online/direct",
                "{\"refund_key\":\"RFD1\",\"amount\":5000,\"reason\":\"size\"}");
        assertEquals(200, refund.statusCode());
        assertEquals("partial_refund", JSON.readTree(refund.body()).path("transaction_status").asText());
        assertEquals(406, post("/v2/g-1/refund/online/direct", "{\"refund_key\":\"RFD1\",\"amount\":5000}")
                .statusCode(), "the same refund_key again refunds nothing");
        assertEquals(414, post("/v2/g-1/refund", "{\"refund_key\":\"RFD2\",\"amount\":10001}").statusCode());
        assertEquals(200, post("/v2/g-1/refund", "{\"refund_key\":\"RFD2\",\"amount\":10000}").statusCode());
        assertEquals(List.of("RFD1", "RFD2"), sim.refundKeys("g-1"));
        JsonNode refunded = lastNotification("refund");
        assertEquals("15000.00", refunded.path("refund_amount").asText());
        assertEquals("RFD2", refunded.at("/refunds/1/refund_key").asText());
    }

    /**
     * Midtrans's "Refund Transactions" and "Get Transaction Status" as documented: a QRIS charge refunded in full
     * through the direct refund answers and notifies {@code refund} (200, signed), keeps its settlement_time, lists
     * every refund with its refund_key and method; and the calls about the order are counted.
     */
    @Test
    void aRefundedQrisAnswersRefundAsMidtransDocumentsAndEveryCallIsCounted() throws Exception {
        String qr = charge("q-1", "\"payment_type\":\"qris\"", 600).path("qr_string").asText();
        assertEquals(MidtransSimulator.Payment.PAID, sim.payQr(qr));
        assertEquals(200, post("/v2/q-1/refund/online/direct", "{\"refund_key\":\"RFDA\",\"amount\":6000}")
                .statusCode());
        HttpResponse<String> whole = post("/v2/q-1/refund/online/direct", "{\"refund_key\":\"RFDB\",\"amount\":9000}");
        JsonNode answer = JSON.readTree(whole.body());
        assertEquals("refund", answer.path("transaction_status").asText());
        assertEquals("200", answer.path("status_code").asText());
        assertEquals("RFDB", answer.path("refund_key").asText());
        assertEquals("9000.00", answer.path("refund_amount").asText());

        JsonNode notified = lastNotification("refund");
        assertEquals(MidtransSignature.of("q-1", "200", "15000.00", SERVER_KEY),
                notified.path("signature_key").asText());
        assertTrue(notified.has("settlement_time"), "a refund keeps the settlement_time");
        assertEquals("15000.00", notified.path("refund_amount").asText());
        assertEquals(List.of("RFDA", "RFDB"), notified.path("refunds").findValuesAsText("refund_key"));
        assertEquals(List.of("online", "online"), notified.path("refunds").findValuesAsText("refund_method"));
        assertEquals(414, post("/v2/q-1/refund", "{\"refund_key\":\"RFDC\",\"amount\":1}").statusCode(),
                "nothing left to refund");

        HttpResponse<String> status = http.send(HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/v2/q-1/status"))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder()
                        .encodeToString((SERVER_KEY + ":").getBytes(StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("refund", JSON.readTree(status.body()).path("transaction_status").asText());
        assertEquals(1, sim.calls(MidtransSimulator.Endpoint.CHARGE, "q-1"));
        assertEquals(3, sim.calls(MidtransSimulator.Endpoint.REFUND, "q-1"));
        assertEquals(1, sim.calls(MidtransSimulator.Endpoint.STATUS, "q-1"));
        assertEquals(0, sim.calls(MidtransSimulator.Endpoint.CANCEL, "q-1"));
        assertEquals(0, sim.calls(MidtransSimulator.Endpoint.STATUS, "q-2"));
    }

    @Test
    void cancelledAndExpiredChargesTakeNoMoneyAndASettlementCanBeReversed() throws Exception {
        String va = charge("c-1", "\"payment_type\":\"bank_transfer\",\"bank_transfer\":{\"bank\":\"bni\"}", 600)
                .at("/va_numbers/0/va_number").asText();
        HttpResponse<String> cancel = post("/v2/c-1/cancel", "{}");
        assertEquals(200, cancel.statusCode());
        assertEquals("cancel", JSON.readTree(cancel.body()).path("transaction_status").asText());
        assertEquals(MidtransSimulator.Payment.REFUSED, sim.payVa(va, new BigDecimal("15000")));
        assertEquals(404, post("/v2/nothing/cancel", "{}").statusCode());

        String code = charge("e-1", "\"payment_type\":\"cstore\",\"cstore\":{\"store\":\"alfamart\"}", 20)
                .path("payment_code").asText();
        lastNotificationWithin("expire", Duration.ofSeconds(30));
        assertEquals(MidtransSimulator.Payment.REFUSED, sim.payStore("alfamart", code, new BigDecimal("15000")));

        String qr = charge("r-1", "\"payment_type\":\"qris\"", 600).path("qr_string").asText();
        sim.payQr(qr);
        sim.reverse("r-1");
        JsonNode reversed = lastNotification("deny");
        assertEquals("202", reversed.path("status_code").asText());
        assertTrue(reversed.has("settlement_time"), "deny after settlement keeps its settlement_time");
    }

    private JsonNode charge(String orderId, String method, long expirySeconds) throws Exception {
        String orderTime = ORDER_TIME.format(ZonedDateTime.now(ZoneId.of("Asia/Jakarta")));
        String body = """
                {%s,"transaction_details":{"order_id":"%s","gross_amount":15000},
                 "custom_expiry":{"order_time":"%s","expiry_duration":%d,"unit":"second"}}"""
                .formatted(method, orderId, orderTime, expirySeconds);
        return JSON.readTree(post("/v2/charge", body).body());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(sim.baseUrl() + path))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder()
                        .encodeToString((SERVER_KEY + ":").getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode lastNotification(String status) throws Exception {
        return lastNotificationWithin(status, Duration.ofSeconds(5));
    }

    private JsonNode lastNotificationWithin(String status, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            for (MidtransSimulator.Delivery d : sim.deliveries().reversed()) {
                JsonNode body = JSON.readTree(d.body());
                if (status.equals(body.path("transaction_status").asText())) {
                    return body;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + status + " notification: " + sim.deliveries());
    }
}
