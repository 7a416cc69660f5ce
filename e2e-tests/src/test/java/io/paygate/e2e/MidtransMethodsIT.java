package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.local.LocalStack;
import io.paygate.local.MidtransMerchant;
import io.paygate.model.json.Json;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The methods paid later on the Midtrans channel across the whole stack (docs/contract.md §2a, §3a; merchant {@code demo} on
 * {@code midtrans} against test-support's {@link MidtransSimulator} over real HTTP, as {@link MidtransCardBrowserIT}):
 * a virtual account paid by transfer, a QRIS scanned from the gateway's own image, a GoPay payment approved in the
 * wallet's app (Chromium), each captured by Midtrans's notification confirmed by its status and notified to the
 * merchant once with {@code sourceOfFunds}; a settlement the provider reverses; a QRIS refunded in two parts through
 * Midtrans's direct refund. Its own stack (port offset {@link Stack#PORT_OFFSET} + 500), stopped at the end.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class MidtransMethodsIT {

    static final String SERVER_KEY = "SB-Mid-server-e2e-m-" + Long.toHexString(System.nanoTime());
    static final String CLIENT_KEY = "SB-Mid-client-e2e-m-" + Long.toHexString(System.nanoTime());
    static MidtransSimulator midtrans;
    static LocalStack stack;
    static Browser browser;
    MerchantSink sink;

    @BeforeAll
    static void start() throws Exception {
        midtrans = MidtransSimulator.start().register(SERVER_KEY, CLIENT_KEY);
        List<String> config = new ArrayList<>(Stack.CONFIG);
        config.addAll(new MidtransMerchant("demo", SERVER_KEY, CLIENT_KEY, midtrans.baseUrl()).configLines());
        config.add("gateway.payment.provider-timeout=8s");
        config.add("gateway.payment.reconcile-interval=1s");
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        stack = LocalStack.launch(LocalStack.Options.forTests(root, Stack.PORT_OFFSET + 500, config));
        midtrans.notifyTo(payment() + MidtransMerchant.NOTIFICATION_PATH);
        browser = Browser.start();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (stack != null) {
            stack.stop();
        }
        if (midtrans != null) {
            midtrans.close();
        }
    }

    @BeforeEach
    void startSink() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stopSink() {
        browser.forget();
        sink.close();
    }

    @Test
    void aBcaVirtualAccountPaidByTransferAtMidtransIsNotifiedOnceWithItsNumber() {
        Preselected p = preselect("VA_BCA", "150000.00");
        String va = p.reply().path("paymentCode").asText();
        assertEquals("BCA", p.reply().at("/accountList/0/bank").asText());
        assertEquals("bank_transfer", lastCharge().path("payment_type").asText());

        assertEquals(MidtransSimulator.Payment.PAID, midtrans.payVa(va, new BigDecimal("150000")));
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, p.payment());
        assertEquals("CAPTURED", notification.at("/result/payment/status").asText());
        assertEquals("VA_BCA", notification.at("/sourceOfFunds/type").asText());
        assertEquals(va, notification.at("/sourceOfFunds/paymentCode").asText());
        Merchant.assertStatusAgrees(payment(), notification);
    }

    @Test
    void aQrisScannedFromTheGatewaysImageIsPaidAtMidtransAndRefundedInTwoParts() {
        Preselected p = preselect("QRIS", "120000.00");
        String payload = QrCodes.decode(given().get(p.reply().path("imageurl").asText()).then().statusCode(200)
                .extract().asByteArray());
        assertEquals(MidtransSimulator.Payment.PAID, midtrans.payQr(payload));
        awaitStates(p.payment(), List.of("CAPTURED"));

        String order = lastCharge().at("/transaction_details/order_id").asText();
        String first = Merchant.newId("RF");
        String second = Merchant.newId("RF");
        refund(p.payment(), first, "20000.00").then().statusCode(200).body("status",
                org.hamcrest.Matchers.equalTo("SUCCEEDED"));
        refund(p.payment(), second, "100000.00").then().statusCode(200).body("refundedAmount",
                org.hamcrest.Matchers.equalTo(120000.00f));
        List<JsonNode> states = awaitStates(p.payment(), List.of("CAPTURED", "PARTIALLY_REFUNDED", "REFUNDED"));
        assertEquals(first, states.get(1).at("/result/refund/refundId").asText());
        assertEquals(second, states.get(2).at("/result/refund/refundId").asText());
        assertEquals(2, midtrans.refundKeys(order).size(), "two refunds at Midtrans, each once");
        assertTrue(midtrans.requests().stream().anyMatch(r -> r.path().equals("/v2/" + order
                + "/refund/online/direct")), "QRIS goes back through the direct refund");
    }

    @Test
    void aGopayPaymentApprovedInTheWalletsAppReturnsToTheHostedPageCaptured() {
        Preselected p = preselect("GOPAY", "89000.00");
        String app = p.reply().path("appurl").asText();
        assertTrue(app.startsWith(midtrans.baseUrl()), app);
        browser.open(app); // the wallet app the phone opens
        browser.click("pay");
        browser.awaitUrlStartingWith(payment() + "/pg/pay/" + p.payment().paymentCode());
        browser.awaitView("captured");
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, p.payment());
        assertEquals("CAPTURED", notification.at("/result/payment/status").asText());
        assertEquals("GOPAY", notification.at("/sourceOfFunds/type").asText());
        Merchant.assertStatusAgrees(payment(), notification);
    }

    @Test
    void aSettledVirtualAccountThatTheProviderReversesIsNotifiedReversed() {
        Preselected p = preselect("VA_BNI", "70000.00");
        String order = lastCharge().at("/transaction_details/order_id").asText();
        midtrans.payVa(p.reply().path("paymentCode").asText(), new BigDecimal("70000"));
        awaitStates(p.payment(), List.of("CAPTURED"));
        midtrans.reverse(order);
        List<JsonNode> states = awaitStates(p.payment(), List.of("CAPTURED", "REVERSED"));
        assertEquals("Reversed by the provider", states.get(1).at("/result/payment/statusDesc").asText());
        Merchant.assertStatusAgrees(payment(), states.get(1));
    }

    private record Preselected(Merchant.Payment payment, JsonNode reply) {
    }

    private Preselected preselect(String type, String amount) {
        String orderId = Merchant.newId("ORD");
        String reply = Merchant.api(payment()).body("""
                {"order":{"id":"%s","amount":"%s"},"customer":{"email":"budi@example.com","firstName":"Budi",\
                "lastName":"Santoso","mobilePhone":"+6281234567890"},"url":{"callbackUrl":"%s"},\
                "sourceOfFunds":{"type":"%s"}}""".formatted(orderId, amount, sink.url(Merchant.PAYMENTS), type))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().asString();
        JsonNode body = Signatures.read(reply);
        String redirect = body.path("redirecturl").asText();
        return new Preselected(new Merchant.Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1),
                redirect), body);
    }

    private static io.restassured.response.Response refund(Merchant.Payment payment, String refundId, String amount) {
        return Merchant.api(payment()).body(Json.write(Map.of("orderId", payment.orderId(), "refundId", refundId,
                "amount", amount))).post("/pg/payment/card/refund");
    }

    /** Waits until the merchant holds exactly {@code states}, in this order, each signed; returns their bodies. */
    private List<JsonNode> awaitStates(Merchant.Payment payment, List<String> states) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode()).size() >= states.size());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4)).until(() ->
                Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode()).size() == states.size());
        List<MerchantSink.Received> received = Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode());
        received.forEach(Signatures::verify);
        List<JsonNode> bodies = received.stream().map(r -> Signatures.read(r.body())).toList();
        assertEquals(states, bodies.stream().map(b -> b.at("/result/payment/status").asText()).toList());
        return bodies;
    }

    private static JsonNode lastCharge() {
        List<MidtransSimulator.Request> charges = midtrans.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/v2/charge")).toList();
        return Signatures.read(charges.getLast().body());
    }

    private static String payment() {
        return stack.baseUrl("payment-service");
    }
}
