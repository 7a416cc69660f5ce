package io.paygate.kit;

import io.agroal.api.AgroalDataSource;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.quarkus.SecuredKafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §7: on a broker that requires SASL SCRAM-SHA-512 over TLS and ACLs, the outbox relay publishes as the
 * service's own principal, with nothing but the service's {@code kafka.*} configuration; a client built from the
 * bootstrap address alone (what the relay used to do) gets nothing through.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_secured"))
@WithTestResource(value = SecuredKafkaResource.class, initArgs = {
        @ResourceArg(name = "user", value = "kit-service"),
        @ResourceArg(name = "produces", value = "kit-test")})
@WithTestResource(SandboxConfigResource.class)
class SecuredOutboxRelayTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void theRelayPublishesToASaslSslBrokerAsTheServicePrincipal() throws Exception {
        // Read here, not injected: an injected key is required by every test application of this module.
        assertEquals("SASL_SSL", ConfigProvider.getConfig().getValue("kafka.security.protocol", String.class),
                "the application is configured for the secured broker");
        String resource = "res-" + UUID.randomUUID();
        String eventId = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body("{\"resourceId\":\"" + resource + "\",\"failAfterWrite\":false}").post("/pg/kit/events")
                .then().statusCode(200).extract().path("eventId");

        List<ConsumerRecord<String, String>> records = new TopicReader(SecuredKafkaResource.broker().clientConfig(), null)
                .awaitRecords("kit-test", r -> r.key().equals("demo:" + resource), 1, Duration.ofSeconds(30));
        assertEquals(1, records.size(), "the event reached the secured broker once");
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT published_at FROM outbox_event WHERE id = ?")) {
            s.setObject(1, UUID.fromString(eventId));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertNotNull(rs.getTimestamp(1), "marked published");
            }
        }
    }

    @Test
    void aProducerBuiltFromTheBootstrapAddressAloneIsRefused() {
        try (KafkaProducer<String, String> bare = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class),
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000), new StringSerializer(), new StringSerializer())) {
            ExecutionException refused = assertThrows(ExecutionException.class,
                    () -> bare.send(new ProducerRecord<>("kit-test", "k", "v")).get(10, TimeUnit.SECONDS));
            assertInstanceOf(org.apache.kafka.common.errors.TimeoutException.class, refused.getCause(),
                    "no metadata from a TLS listener for a plaintext client");
        }
    }
}
