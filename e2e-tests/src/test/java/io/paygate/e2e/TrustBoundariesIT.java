package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Customer;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.response.Response;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import io.paygate.model.auth.RequestSigner;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #15's attacks, repeated against the whole stack as {@code deploy/local/run} starts it: each must be refused
 * with the contract's answer and change nothing.
 */
class TrustBoundariesIT {

    private static String initiation(String orderId) {
        return """
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"email":"budi@example.com",\
                "firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"http://127.0.0.1:9/callbacks/payment"}}""".formatted(orderId);
    }

    /** Attack 1: a full body with no Content-Type, signed over an empty body, plain and chunked. */
    @Test
    void aBodyWithoutContentTypeSignedOverNothingChangesNothing() throws Exception {
        String orderId = Merchant.newId("ORD");
        byte[] body = initiation(orderId).getBytes(StandardCharsets.UTF_8);
        String path = "/pg/payment/card/initiate";
        for (boolean chunked : new boolean[]{false, true}) {
            RawHttp.Reply reply = RawHttp.send(Stack.payment(), "POST", path, RawHttp.signedAsDemo("POST", path, ""),
                    null, body, chunked);
            assertEquals(415, reply.status(), reply.text());
            assertTrue(reply.text().contains("\"responseCode\":\"4150100\""), reply.text());
        }
        Merchant.api(Stack.payment()).get("/pg/payment/card/status/" + orderId).then().statusCode(404)
                .body("responseCode", equalTo("4040301"));

        String before = Merchant.api(Stack.notification()).get("/pg/merchant/callbacks").asString();
        String callbacks = "/pg/merchant/callbacks";
        RawHttp.Reply reply = RawHttp.send(Stack.notification(), "PUT", callbacks,
                RawHttp.signedAsDemo("PUT", callbacks, ""), null,
                "{\"disbursementCallbackUrl\":\"https://attacker.example.net/d\"}".getBytes(StandardCharsets.UTF_8),
                false);
        assertEquals(415, reply.status(), reply.text());
        assertTrue(reply.text().contains("\"responseCode\":\"4150600\""), reply.text());
        assertEquals(before, Merchant.api(Stack.notification()).get("/pg/merchant/callbacks").asString());

        String partnerRef = Merchant.newId("TRF");
        String transfer = "/pg/disbursement/transfer";
        reply = RawHttp.send(Stack.payment(), "POST", transfer, RawHttp.signedAsDemo("POST", transfer, ""), null, ("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}""")
                .formatted(partnerRef).getBytes(StandardCharsets.UTF_8), true);
        assertEquals(415, reply.status(), reply.text());
        Merchant.api(Stack.payment()).get("/pg/disbursement/status/" + partnerRef).then().statusCode(404);

        String bind = "/pg/payment/card/directdebit/bind";
        reply = RawHttp.send(Stack.binding(), "POST", bind, RawHttp.signedAsDemo("POST", bind, ""), null, """
                {"customer":{"id":"CUST-ATTACK","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"BCA_DD"}}""".getBytes(StandardCharsets.UTF_8),
                false);
        assertEquals(415, reply.status(), reply.text());
        assertTrue(reply.text().contains("\"responseCode\":\"4150200\""), reply.text());
    }

    /** Attack 1, second half: an empty Content-Type header was a 500. */
    @Test
    void anEmptyContentTypeIsUnsupportedNotAnError() throws Exception {
        String path = "/pg/payment/card/initiate";
        String body = initiation(Merchant.newId("ORD"));
        RawHttp.Reply reply = RawHttp.send(Stack.payment(), "POST", path, RawHttp.signedAsDemo("POST", path, body), "",
                body.getBytes(StandardCharsets.UTF_8), false);
        assertEquals(415, reply.status(), reply.text());
        assertTrue(reply.text().contains("\"responseCode\":\"4150100\""), reply.text());
    }

    /**
     * Attack 2: forged {@code PaymentStatusChanged} events written straight to the broker (unsigned, and signed
     * with a key the gateway does not hold), FAILED with sequence 1000000 for a real payment and a callback URL of
     * the attacker's: nothing reaches that URL, and the real CAPTURED still reaches the merchant, once.
     */
    @Test
    void forgedEventsAreNeitherDeliveredNorSupersedeTheRealOne() throws Exception {
        try (MerchantSink sink = MerchantSink.start();
             KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                     ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, Stack.get().kafkaBootstrapServers()),
                     new StringSerializer(), new StringSerializer())) {
            Merchant.Payment payment = Merchant.initiate(Merchant.newId("CUST"), "150000.00", sink, null);
            EventSigner stranger = EventSigner.of("a-key-the-gateway-does-not-hold-0123456789");
            for (boolean signed : new boolean[]{false, true}) {
                PaymentStatusChanged forged = new PaymentStatusChanged(payment.paymentCode(), payment.orderId(),
                        new BigDecimal("150000.00"), "IDR", new Customer("CUST", "budi@example.com", "Budi",
                        "Santoso", "+6281234567890"), null, null, PaymentStatus.FAILED, "forged",
                        sink.url("/forged"), null);
                EventEnvelope event = EventEnvelope.of(SandboxMerchants.DEMO.id(), 1_000_000, forged,
                        Clock.systemUTC());
                ProducerRecord<String, String> record = new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(),
                        event.toJson());
                producer.send(signed ? SignedEvents.sign(record, stranger) : record).get(10, TimeUnit.SECONDS);
            }
            Thread.sleep(2_000); // the forgeries are consumed (and refused) before the real event exists
            Merchant.ops(Stack.payment()).body("{\"status\":\"CAPTURED\"}")
                    .post("/pg/sandbox/payments/" + payment.paymentCode() + "/simulate").then().statusCode(200);
            JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
            assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
            assertTrue(sink.received().stream().noneMatch(r -> r.path().equals("/forged")), "a forgery was delivered");
        }
    }

    /**
     * Attack 3: numbers outside double range, overlong UTF-8 and a lone surrogate, each in a correctly signed
     * initiation, are {@code 4000100} and write nothing (they were a 500, or accepted and signed as {@code ?}).
     */
    @Test
    void hostileNumbersAndTextAreBadRequestsThatWriteNothing() throws Exception {
        String path = "/pg/payment/card/initiate";
        for (String hostile : new String[]{"1e309", "-1e400", "1e1000000000", "\"\\ud800\"", "\"\\udc00\\ud800\"",
                "OVERLONG"}) {
            String orderId = Merchant.newId("ORD");
            String initiation = initiation(orderId);
            String text = initiation.substring(0, initiation.length() - 1) + ",\"meta\":{\"data\":{\"x\":" + hostile
                    + "}}}";
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            if (hostile.equals("OVERLONG")) { // "/" written as the overlong C0 AF inside a string
                String[] halves = text.split("OVERLONG");
                byte[] head = (halves[0] + "\"a").getBytes(StandardCharsets.UTF_8);
                byte[] tail = ("\"" + halves[1]).getBytes(StandardCharsets.UTF_8);
                body = new byte[head.length + 2 + tail.length];
                System.arraycopy(head, 0, body, 0, head.length);
                body[head.length] = (byte) 0xC0;
                body[head.length + 1] = (byte) 0xAF;
                System.arraycopy(tail, 0, body, head.length + 2, tail.length);
            }
            RawHttp.Reply reply = RawHttp.send(Stack.payment(), "POST", path,
                    RawHttp.signedAsDemo("POST", path, body), "application/json", body, false);
            assertEquals(400, reply.status(), hostile + ": " + reply.text());
            assertTrue(reply.text().contains("\"responseCode\":\"4000100\""), hostile + ": " + reply.text());
            Merchant.api(Stack.payment()).get("/pg/payment/card/status/" + orderId).then().statusCode(404);
        }
    }

    /**
     * Attack 4: one merchant flooding, and wrong-secret guesses from one address, against a payment-service with the
     * contract's default limits (the suite's stack lifts them for the other tests), started beside the stack on its
     * database. The merchant gets 429 {@code 4290300} with {@code Retry-After} once past its burst of 200 and its
     * 100/s; the guesses get 429 after the address's burst of 40, after which even a correct request from that
     * address waits, while another address is served.
     */
    @Test
    void floodsAndGuessesAreLimitedByTheContractsDefaults() throws Exception {
        try (ExtraService payments = ExtraService.start("payment-service", "payment",
                "gateway.sandbox.allowed-in-production=true", "gateway.trusted-proxies=127.0.0.1,::1")
                .awaitReady(Duration.ofSeconds(120))) {
            String path = "/pg/payment/card/status/ORD-FLOOD";
            long started = System.nanoTime();
            List<HttpResponse<String>> flood = sendAll(payments.baseUrl(), path, 1_000, "198.51.100.1",
                    SandboxMerchants.DEMO2.clientSecret(), SandboxMerchants.DEMO2.id());
            double seconds = (System.nanoTime() - started) / 1e9;
            long served = flood.stream().filter(r -> r.statusCode() == 404).count();
            List<HttpResponse<String>> limited = flood.stream().filter(r -> r.statusCode() == 429).toList();
            assertEquals(1_000, served + limited.size(), "only 404 (served) and 429 (limited)");
            assertTrue(served <= 200 + 100 * seconds + 20, served + " served in " + seconds + " s");
            assertTrue(!limited.isEmpty());
            for (HttpResponse<String> r : limited) {
                assertTrue(r.body().contains("\"responseCode\":\"4290300\""), r.body());
                assertTrue(Integer.parseInt(r.headers().firstValue("Retry-After").orElse("0")) >= 1);
            }

            started = System.nanoTime();
            List<HttpResponse<String>> guesses = sendAll(payments.baseUrl(), path, 200, "203.0.113.9",
                    "not-the-client-secret", SandboxMerchants.DEMO.id());
            seconds = (System.nanoTime() - started) / 1e9;
            long unauthorized = guesses.stream().filter(r -> r.statusCode() == 401).count();
            long refused = guesses.stream().filter(r -> r.statusCode() == 429).count();
            assertEquals(200, unauthorized + refused);
            assertTrue(unauthorized <= 40 + 20 * seconds + 10, unauthorized + " guesses checked in " + seconds + " s");
            assertTrue(refused > 0);
            HttpResponse<String> correctFromGuesser = sendAll(payments.baseUrl(), path, 1, "203.0.113.9",
                    SandboxMerchants.DEMO.clientSecret(), SandboxMerchants.DEMO.id()).get(0);
            assertEquals(429, correctFromGuesser.statusCode(), correctFromGuesser.body());
            HttpResponse<String> correctFromElsewhere = sendAll(payments.baseUrl(), path, 1, "203.0.113.10",
                    SandboxMerchants.DEMO.clientSecret(), SandboxMerchants.DEMO.id()).get(0);
            assertEquals(404, correctFromElsewhere.statusCode(), correctFromElsewhere.body());
        }
    }

    /** {@code count} signed GETs at once (64 in flight), as coming through the Ingress from {@code client}. */
    private static List<HttpResponse<String>> sendAll(String baseUrl, String path, int count, String client,
                                                      String secret, String partnerId) throws Exception {
        HttpClient http = HttpClient.newBuilder().executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        Semaphore inFlight = new Semaphore(64);
        List<CompletableFuture<HttpResponse<String>>> replies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            inFlight.acquire();
            String timestamp = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .header(RequestSigner.PARTNER_ID, partnerId).header(RequestSigner.TIMESTAMP, timestamp)
                    .header(RequestSigner.SIGNATURE, RequestSigner.sign(secret, "GET", path, new byte[0], timestamp))
                    .header("X-Forwarded-For", client).timeout(Duration.ofSeconds(30)).GET().build();
            replies.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((r, e) -> inFlight.release()));
        }
        List<HttpResponse<String>> done = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> reply : replies) {
            done.add(reply.get(60, TimeUnit.SECONDS));
        }
        return done;
    }

    /**
     * Attack 5: callback URLs that carry a private or metadata IPv4 in a 6to4 address, a port other than 443/8443
     * on a public address, or a name that does not resolve, are refused at initiation and registration.
     * (The local stack allows loopback on any port, so the 6to4 form of 127.0.0.1 is not among them.)
     */
    @Test
    void callbackUrlsThatHidePrivateAddressesUseOtherPortsOrDoNotResolveAreRefused() throws Exception {
        for (String url : new String[]{"https://[2002:a00:1::]/cb", "https://[2002:a9fe:a9fe::]/cb",
                "https://93.184.216.34:22/cb", "https://93.184.216.34:6379/cb", "https://no-such-host.invalid/cb"}) {
            String orderId = Merchant.newId("ORD");
            Merchant.api(Stack.payment()).body(initiation(orderId).replace("http://127.0.0.1:9/callbacks/payment", url))
                    .post("/pg/payment/card/initiate").then().statusCode(400)
                    .body("responseCode", equalTo("4000101"))
                    .body("responseMessage", equalTo("Invalid Field Format url.callbackUrl"));
            Merchant.api(Stack.payment()).get("/pg/payment/card/status/" + orderId).then().statusCode(404);
            String before = Merchant.api(Stack.notification()).get("/pg/merchant/callbacks").asString();
            Merchant.api(Stack.notification()).body("{\"bindingCallbackUrl\":\"" + url + "\"}")
                    .put("/pg/merchant/callbacks").then().statusCode(400)
                    .body("responseCode", equalTo("4000601"))
                    .body("responseMessage", equalTo("Invalid Field Format bindingCallbackUrl"));
            assertEquals(before, Merchant.api(Stack.notification()).get("/pg/merchant/callbacks").asString());
        }
    }

    /** Attack 6: the bank page sends the payment page's headers, and both send HSTS over https. */
    @Test
    void theBankPageSendsThePaymentPagesHeadersAndBothSendHstsOverHttps() throws Exception {
        String bindingId = Merchant.api(Stack.binding()).body("""
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"BRI_DD"}}""".formatted(Merchant.newId("CUST")))
                .post("/pg/payment/card/directdebit/bind").then().statusCode(200).extract().path("bindingId");
        Response bank = given().baseUri(Stack.binding()).get("/pg/bind/" + bindingId);
        assertEquals(200, bank.statusCode());
        assertTrue(bank.header("Content-Security-Policy").contains("frame-ancestors 'none'"));
        assertEquals("DENY", bank.header("X-Frame-Options"));
        assertEquals("nosniff", bank.header("X-Content-Type-Options"));
        assertEquals("no-store", bank.header("Cache-Control"));
        assertEquals("no-referrer", bank.header("Referrer-Policy"));
        assertNull(bank.header("Strict-Transport-Security"));
        given().baseUri(Stack.binding()).header("X-Forwarded-Proto", "https").get("/pg/bind/" + bindingId).then()
                .statusCode(200).header("Strict-Transport-Security", equalTo("max-age=31536000; includeSubDomains"));

        String redirect = Merchant.api(Stack.payment()).body(initiation(Merchant.newId("ORD")))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        String page = redirect.substring(redirect.indexOf("/pg/pay/"));
        given().baseUri(Stack.payment()).get(page).then().statusCode(200).header("X-Frame-Options", equalTo("DENY"));
        assertNull(given().baseUri(Stack.payment()).get(page).header("Strict-Transport-Security"));
        given().baseUri(Stack.payment()).header("X-Forwarded-Proto", "https").get(page).then().statusCode(200)
                .header("Strict-Transport-Security", equalTo("max-age=31536000; includeSubDomains"));
    }
}
