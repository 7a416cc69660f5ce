package io.paygate.testsupport;

import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedInfrastructureTest {

    static EmbeddedPostgresServer postgres;
    static EmbeddedKafkaBroker kafka;

    @BeforeAll
    static void start() {
        postgres = EmbeddedPostgresServer.start();
        kafka = EmbeddedKafkaBroker.start();
    }

    @AfterAll
    static void stop() {
        kafka.close();
        postgres.close();
    }

    @Test
    void aStoppedPostgresRefusesConnectionsAndComesBackOnItsPortWithItsRows() throws Exception {
        try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start()) {
            String url = server.createDatabase("outage_it");
            int port = server.port();
            try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
                 Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id int primary key)");
                s.execute("INSERT INTO t VALUES (7)");
            }

            server.stop();
            assertFalse(server.running());
            java.sql.SQLException refused = assertThrows(java.sql.SQLException.class, () ->
                    DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD));
            assertEquals("08001", refused.getSQLState(), refused.getMessage());

            server.restart();
            assertTrue(server.running());
            assertEquals(port, server.port());
            try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
                 Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM t")) {
                assertTrue(rs.next());
                assertEquals(7, rs.getInt(1));
            }
        }
    }

    @Test
    void postgresKeepsRowsInSeparateDatabases() throws Exception {
        String payments = postgres.createDatabase("payments_it");
        String bindings = postgres.createDatabase("bindings_it");
        assertEquals(payments, postgres.createDatabase("payments_it"), "creating twice is harmless");
        try (Connection c = DriverManager.getConnection(payments, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id int primary key)");
            s.execute("INSERT INTO t VALUES (1), (2)");
            try (ResultSet rs = s.executeQuery("SELECT count(*), current_setting('server_version_num')::int FROM t")) {
                rs.next();
                assertEquals(2, rs.getInt(1));
                assertTrue(rs.getInt(2) >= 140000, "a real PostgreSQL 14+ answers");
            }
        }
        try (Connection c = DriverManager.getConnection(bindings, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = 't'")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "the other database does not see the table");
        }
    }

    @Test
    void kafkaDeliversWhatWasProducedInKeyOrder() throws Exception {
        kafka.createTopics("infra-check");
        Map<String, Object> producerConfig = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        try (KafkaProducer<String, String> producer =
                     new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>("infra-check", "demo:pay-1", "event-" + i)).get();
            }
        }
        Map<String, Object> consumerConfig = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "infra-check",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                     new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("infra-check"));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (values.size() < 5 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    values.add(record.value());
                }
            }
        }
        assertEquals(List.of("event-0", "event-1", "event-2", "event-3", "event-4"), values);
    }
}
