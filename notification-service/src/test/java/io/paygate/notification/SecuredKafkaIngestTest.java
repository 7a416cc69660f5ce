package io.paygate.notification;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.quarkus.SecuredKafkaResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §7 on a broker that requires SASL SCRAM-SHA-512 over TLS and ACLs: notification-service, as its own
 * principal (read the three event topics in group {@code notification-service}, write only its dead-letter topic),
 * consumes through its messaging channels and dead-letters through its own producer, both configured by nothing
 * but its {@code kafka.*} settings.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "notification_secured"))
@WithTestResource(value = SecuredKafkaResource.class, initArgs = {
        @ResourceArg(name = "user", value = "notification-service"),
        @ResourceArg(name = "consumes", value = "payment-status,binding-status,disbursement-status"),
        @ResourceArg(name = "group", value = "notification-service"),
        @ResourceArg(name = "produces", value = "notification-dead-letter")})
@WithTestResource(SandboxConfigResource.class)
class SecuredKafkaIngestTest {

    @Test
    void aPoisonRecordIsConsumedAndDeadLetteredOverSaslSsl() throws Exception {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        String key = "poison-" + UUID.randomUUID();
        Map<String, Object> admin = new HashMap<>(SecuredKafkaResource.broker().clientConfig());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(admin, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(Topics.PAYMENT_STATUS, key, "this is not JSON {")).get(30, TimeUnit.SECONDS);
        }
        List<ConsumerRecord<String, String>> letters = new TopicReader(SecuredKafkaResource.broker().clientConfig(), null)
                .awaitRecords("notification-dead-letter", r -> key.equals(r.key()), 1, Duration.ofSeconds(60));
        assertEquals(1, letters.size(), "the record went through the consumer and the dead-letter producer");
        assertEquals(Topics.PAYMENT_STATUS, new String(letters.get(0).headers().lastHeader("dead-letter-topic").value(),
                StandardCharsets.UTF_8));
    }
}
