package io.paygate.testsupport.infra;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * A real Kafka broker (KRaft, one combined broker+controller node) running inside this JVM, built on
 * Kafka's own {@link KafkaClusterTestKit}. Replication factors are 1 so internal topics (consumer
 * offsets, transactions) can be created on a single node.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private final KafkaClusterTestKit cluster;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /** Starts a broker with its logs in a temporary directory, removed on close. */
    public static EmbeddedKafkaBroker start() {
        return start(null);
    }

    /**
     * Starts a broker.
     *
     * @param baseDir where the broker keeps its logs, or {@code null} for a temporary directory
     */
    public static EmbeddedKafkaBroker start(Path baseDir) {
        try {
            TestKitNodes.Builder nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1);
            if (baseDir != null) {
                nodes.setBaseDirectory(baseDir);
            }
            KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes.build())
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    .setConfigProp("offsets.topic.num.partitions", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("share.coordinator.state.topic.replication.factor", "1")
                    .setConfigProp("share.coordinator.state.topic.min.isr", "1")
                    .setConfigProp("default.replication.factor", "1")
                    .setConfigProp("min.insync.replicas", "1")
                    .setConfigProp("num.partitions", "3")
                    .setConfigProp("auto.create.topics.enable", "true")
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .setDeleteOnClose(baseDir == null)
                    .build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return new EmbeddedKafkaBroker(cluster);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the embedded Kafka broker", e);
        } catch (Exception e) {
            throw new IllegalStateException("Could not start the embedded Kafka broker: " + e.getMessage(), e);
        }
    }

    /** The {@code bootstrap.servers} value clients use. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Creates the topics (3 partitions, replication 1) unless they exist. */
    public void createTopics(String... topics) {
        createTopics(3, Arrays.asList(topics));
    }

    public void createTopics(int partitions, List<String> topics) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            for (String topic : topics) {
                try {
                    admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("Could not create topic " + topic, e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topics", e);
        }
    }

    @Override
    public void close() {
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("Could not stop the embedded Kafka broker: " + e.getMessage(), e);
        }
    }
}
