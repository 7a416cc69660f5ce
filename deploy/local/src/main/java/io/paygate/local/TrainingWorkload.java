package io.paygate.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The training run's traffic ({@link AotTraining}): what a merchant, its customers and the platform's probes do, so that
 * the services load, link and profile the code of their real paths before they write their AOT caches. Signed
 * initiations, the hosted page, card payments (captured, declined, 3-D Secure with OTP), a direct-debit binding and a
 * payment through it, status queries, callback registration, a disbursement the sandbox bank pays, notifications
 * delivered to a local merchant sink and read back, the balance and its transactions, refused requests (bad
 * signature, invalid body), health and metrics. Every step must answer as the contract says, or the training fails:
 * a cache trained on errors would prepare the wrong paths.
 */
final class TrainingWorkload {

    /**
     * Short clocks, so the bank moves a transfer and the notifications arrive within the run; the page's rate limit
     * lifted, since one "customer" polls every page of the run from one address.
     */
    static final List<String> CONFIG = List.of("gateway.disbursement.bank-step-delay=200ms",
            "gateway.notification.retry.delays=1s,1s,2s",
            "gateway.rate-limit.page.per-second=1000000", "gateway.rate-limit.page.burst=1000000",
            "gateway.rate-limit.address.per-second=1000000", "gateway.rate-limit.address.burst=1000000");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String[] CARDS = {"4111111111111111", "5555555555554444", "4000000000000002",
            "4000000000003220"};
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LocalStack stack;
    private final int rounds;
    private final String payments;
    private final String bindings;
    private final String notifications;
    private final String merchants;
    private final String ledger;

    TrainingWorkload(LocalStack stack, int rounds) {
        this.stack = stack;
        this.rounds = rounds;
        this.payments = stack.baseUrl("payment-service");
        this.bindings = stack.baseUrl("binding-service");
        this.notifications = stack.baseUrl("notification-service");
        this.merchants = stack.baseUrl("merchant-service");
        this.ledger = stack.baseUrl("ledger-service");
    }

    void run() throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        try (MerchantSink sink = MerchantSink.start()) {
            probes();
            send("PUT", notifications, "/pg/merchant/callbacks", """
                    {"disbursementCallbackUrl":"%s","bindingCallbackUrl":"%s"}""".formatted(
                    sink.url("/disbursements"), sink.url("/bindings")), 200);
            send("GET", notifications, "/pg/merchant/callbacks", null, 200);
            send("GET", merchants, "/pg/merchant", null, 200);
            String customer = "CUST-" + UUID.randomUUID();
            String bindingId = bind(customer);
            int expected = 1; // the binding's ACTIVE
            for (int i = 0; i < rounds; i++) {
                for (String card : CARDS) {
                    payByCard(customer, card, sink);
                    expected++;
                }
                payByDirectDebit(customer, bindingId, sink);
                transfer();
                expected += 2; // the payment's CAPTURED, the transfer's 00 (its 02 may be overtaken by it)
                refused();
            }
            send("DELETE", bindings, "/pg/payment/card/directdebit/bind/" + bindingId, null, 200);
            sink.awaitReceived(expected, WAIT);
            JsonNode list = JSON.readTree(send("GET", notifications, "/pg/notifications?limit=20", null, 200));
            String id = list.path("notifications").path(0).path("id").asText();
            send("GET", notifications, "/pg/notifications/" + id, null, 200);
            send("GET", ledger, "/pg/balance", null, 200); // posted from the events above (docs/contract.md §12)
            send("GET", ledger, "/pg/balance/transactions?limit=20", null, 200);
            probes();
            System.out.printf("  training workload: %d requests' worth of flows, %d notifications delivered, %.0f s%n",
                    rounds * 6, sink.received().size(), (System.nanoTime() - t0) / 1e9);
        }
    }

    private void probes() throws IOException, InterruptedException {
        for (String service : List.of("payment-service", "binding-service", "notification-service",
                "merchant-service", "ledger-service")) {
            String management = stack.managementUrl(service);
            for (String path : List.of("/q/health/ready", "/q/health/live", "/q/health", "/q/metrics")) {
                expect(http.send(HttpRequest.newBuilder(URI.create(management + path)).build(),
                        HttpResponse.BodyHandlers.ofString()), 200, path);
            }
        }
    }

    private String bind(String customer) throws IOException, InterruptedException {
        String bindingId = field(send("POST", bindings, "/pg/payment/card/directdebit/bind", """
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}""".formatted(customer), 200),
                "bindingId");
        form(bindings, "/pg/bind/" + bindingId, null, 200); // the bank page
        form(bindings, "/pg/bind/" + bindingId + "/authorize", Map.of("otp", "123456"), 303);
        send("GET", bindings, "/pg/payment/card/directdebit/bind/" + bindingId, null, 200);
        return bindingId;
    }

    private void payByCard(String customer, String card, MerchantSink sink) throws IOException, InterruptedException {
        String[] payment = initiate(customer, sink);
        form(payments, "/pg/pay/" + payment[1], null, 200);
        form(payments, "/pg/pay/" + payment[1] + "/card", Map.of("cardNumber", card, "expiryMonth", "12",
                "expiryYear", "2031", "cvv", "123", "cardholderName", "Budi Santoso"), 303);
        if (card.endsWith("3220")) {
            awaitState(payment[1], state -> state.path("awaitingOtp").asBoolean());
            form(payments, "/pg/pay/" + payment[1] + "/otp", Map.of("otp", "123456"), 303);
        }
        awaitState(payment[1], state -> !List.of("PENDING", "PROCESSING").contains(state.path("status").asText()));
        form(payments, "/pg/pay/" + payment[1], null, 200);
        send("GET", payments, "/pg/payment/card/status/" + payment[0], null, 200);
    }

    private void payByDirectDebit(String customer, String bindingId, MerchantSink sink)
            throws IOException, InterruptedException {
        String[] payment = initiate(customer, sink);
        form(payments, "/pg/pay/" + payment[1], null, 200); // lists the customer's ACTIVE binding
        form(payments, "/pg/pay/" + payment[1] + "/directdebit", Map.of("bindingId", bindingId), 303);
        awaitState(payment[1], state -> state.path("status").asText().equals("CAPTURED"));
        send("GET", payments, "/pg/payment/card/status/" + payment[0], null, 200);
    }

    /** {@code {orderId, paymentCode}}. */
    private String[] initiate(String customer, MerchantSink sink) throws IOException, InterruptedException {
        String orderId = "ORD-" + UUID.randomUUID();
        String redirect = field(send("POST", payments, "/pg/payment/card/initiate", """
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee beans 1 kg"},"customer":{"id":"%s",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, customer, sink.url("/payments")), 200), "redirecturl");
        return new String[] {orderId, redirect.substring(redirect.lastIndexOf('/') + 1)};
    }

    private void transfer() throws IOException, InterruptedException {
        String partnerRef = "TRF-" + UUID.randomUUID();
        send("POST", payments, "/pg/disbursement/transfer", """
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}"""
                .formatted(partnerRef), 200);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!field(send("GET", payments, "/pg/disbursement/status/" + partnerRef, null, 200),
                "latestTransactionStatus").equals("00")) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("transfer " + partnerRef + " not paid by the sandbox bank in " + WAIT);
            }
            Thread.sleep(100);
        }
    }

    /** What the services refuse every day: a wrong signature (401), an invalid body (400), an unknown order (404). */
    private void refused() throws IOException, InterruptedException {
        expect(http.send(HttpRequest.newBuilder(URI.create(payments + "/pg/payment/card/initiate"))
                .header("Content-Type", "application/json").header(RequestSigner.PARTNER_ID, "demo")
                .header(RequestSigner.TIMESTAMP, RequestSigner.timestamp(Clock.systemDefaultZone()))
                .header(RequestSigner.SIGNATURE, "bad").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString()), 401, "a bad signature");
        send("POST", payments, "/pg/payment/card/initiate", "{\"order\":{\"id\":\"\"}}", 400);
        send("GET", payments, "/pg/payment/card/status/ORD-unknown", null, 404);
    }

    private void awaitState(String paymentCode, java.util.function.Predicate<JsonNode> done)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.test(JSON.readTree(form(payments, "/pg/pay/" + paymentCode + "/state", null, 200)))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("payment " + paymentCode + " did not move in " + WAIT);
            }
            Thread.sleep(100);
        }
    }

    /** A merchant request signed as {@code demo} (docs/contract.md §0); the reply's body when its status is {@code status}. */
    private String send(String method, String base, String path, String body, int status)
            throws IOException, InterruptedException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        String timestamp = RequestSigner.timestamp(Clock.systemDefaultZone());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header(RequestSigner.PARTNER_ID, SandboxMerchants.DEMO.id())
                .header(RequestSigner.TIMESTAMP, timestamp)
                .header(RequestSigner.SIGNATURE, RequestSigner.sign(SandboxMerchants.DEMO.clientSecret(), method, path,
                        bytes, timestamp))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(bytes));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return expect(http.send(request.build(), HttpResponse.BodyHandlers.ofString()), status, method + " " + path);
    }

    /** What a customer's browser does: a GET of a page, or a form POST when {@code form} is given. */
    private String form(String base, String path, Map<String, String> form, int status)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
        if (form != null) {
            request.header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(
                    form.entrySet().stream().map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(),
                            StandardCharsets.UTF_8)).collect(Collectors.joining("&"))));
        }
        return expect(http.send(request.build(), HttpResponse.BodyHandlers.ofString()), status, path);
    }

    private static String expect(HttpResponse<String> response, int status, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException("training: " + what + " answered " + response.statusCode() + ", not "
                    + status + ": " + response.body());
        }
        return response.body();
    }

    private static String field(String json, String name) throws IOException {
        return JSON.readTree(json).path(name).asText();
    }
}
