package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.local.LocalStack;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.sink.MerchantSink;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The whole stack with Kafka as production runs it (docs/contract.md §7): {@code deploy/local/run --kafka-security sasl-ssl},
 * a broker that accepts only SCRAM-SHA-512 over TLS, each service with its own principal and ACLs, handed to it only as
 * {@code KAFKA_*} environment. A card payment and a binding travel through the outbox relays and notification-service's
 * consumers to the merchant, signed; a principal cannot write another service's topic, and a client that knows only
 * the address gets nothing. Its own stack, on ports 18181–18183 (beside the suite's), stopped at the end.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@OwnStack
class SecuredKafkaIT {

    static final String PAYMENTS = "/payments";
    static final String BINDINGS = "/bindings";
    static LocalStack stack;
    static MerchantSink sink;

    @BeforeAll
    static void start() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        stack = LocalStack.launch(LocalStack.Options.forTests(root, Stack.PORT_OFFSET + 100, List.of(
                        "gateway.notification.retry.delays=1s,1s,2s",
                        "gateway.disbursement.bank-step-delay=1s"))
                .withKafkaSecurity(LocalStack.KafkaSecurity.SASL_SSL));
        sink = MerchantSink.start();
    }

    @AfterAll
    static void stop() {
        if (sink != null) {
            sink.close();
        }
        if (stack != null) {
            stack.stop();
        }
    }

    @Test
    void aCardPaymentIsNotifiedThroughTheSecuredBroker() throws Exception {
        given().baseUri(stack.managementUrl("notification-service")).get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"));
        String orderId = Merchant.newId("ORD");
        String redirect = Merchant.api(stack.baseUrl("payment-service")).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee beans 1 kg"},"customer":{"id":"CUST-SEC",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, sink.url(PAYMENTS)))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        String paymentCode = redirect.substring(redirect.lastIndexOf('/') + 1);
        given().baseUri(stack.baseUrl("payment-service")).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + paymentCode + "/card").then().statusCode(303);

        MerchantSink.Received notification = awaitOne(PAYMENTS, paymentCode);
        Signatures.verify(notification);
        JsonNode body = Signatures.read(notification.body());
        assertEquals(orderId, body.path("order").path("id").asText());
        assertEquals("CAPTURED", body.path("result").path("payment").path("status").asText());
    }

    @Test
    void aBindingIsNotifiedThroughTheSecuredBroker() throws Exception {
        Merchant.api(stack.baseUrl("notification-service")).body("{\"bindingCallbackUrl\":\"" + sink.url(BINDINGS) + "\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        String bindingId = Merchant.api(stack.baseUrl("binding-service")).body("""
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"BCA_DD"}}""".formatted(Merchant.newId("CUST")))
                .post("/pg/payment/card/directdebit/bind").then().statusCode(200).extract().path("bindingId");
        given().baseUri(stack.baseUrl("binding-service")).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded").formParam("otp", "123456")
                .post("/pg/bind/" + bindingId + "/authorize").then().statusCode(303);

        MerchantSink.Received notification = awaitOne(BINDINGS, bindingId);
        Signatures.verify(notification);
        assertEquals("ACTIVE", Signatures.read(notification.body()).path("binding").path("status").asText());
    }

    @Test
    void aServicePrincipalCannotWriteAnotherServicesTopic() {
        EmbeddedKafkaBroker kafka = stack.kafka();
        Map<String, String> notificationService = kafka.clientConfig(stack.kafkaPrincipal("notification-service"));
        try (KafkaProducer<String, String> forger = producer(notificationService)) {
            ExecutionException refused = assertThrows(ExecutionException.class, () -> forger.send(
                    new ProducerRecord<>(Topics.PAYMENT_STATUS, "demo:forged", "{}")).get(30, TimeUnit.SECONDS));
            assertInstanceOf(TopicAuthorizationException.class, refused.getCause());
        }
        try (KafkaProducer<String, String> bindingService = producer(kafka.clientConfig(stack.kafkaPrincipal("binding-service")))) {
            ExecutionException refused = assertThrows(ExecutionException.class, () -> bindingService.send(
                    new ProducerRecord<>(Topics.PAYMENT_STATUS, "demo:forged", "{}")).get(30, TimeUnit.SECONDS));
            assertInstanceOf(TopicAuthorizationException.class, refused.getCause());
        }
    }

    @Test
    void aClientWithOnlyTheBrokerAddressGetsNothing() {
        try (KafkaProducer<String, String> bare = producer(Map.of("bootstrap.servers", stack.kafkaBootstrapServers()))) {
            ExecutionException refused = assertThrows(ExecutionException.class, () -> bare.send(
                    new ProducerRecord<>(Topics.PAYMENT_STATUS, "demo:" + UUID.randomUUID(), "{}")).get(30, TimeUnit.SECONDS));
            assertInstanceOf(org.apache.kafka.common.errors.TimeoutException.class, refused.getCause());
        }
    }

    private static MerchantSink.Received awaitOne(String path, String resourceId) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> !Merchant.notifications(sink, path, resourceId).isEmpty());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4))
                .until(() -> Merchant.notifications(sink, path, resourceId).size() == 1);
        return Merchant.notifications(sink, path, resourceId).get(0);
    }

    private static KafkaProducer<String, String> producer(Map<String, String> client) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }
}
