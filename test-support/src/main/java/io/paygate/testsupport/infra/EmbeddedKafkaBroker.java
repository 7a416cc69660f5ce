package io.paygate.testsupport.infra;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Exit;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * A real Kafka broker (KRaft, one combined broker+controller node) running inside this JVM, built on
 * Kafka's own {@link KafkaClusterTestKit}. Replication factors are 1 so internal topics (consumer
 * offsets, transactions) can be created on a single node.
 *
 * <p>Clients reach the broker through a {@link TcpProxy} (the broker advertises the proxy's address), so a test can
 * take the broker away from every client and bring it back, as in an outage, with {@link #disconnect()} and
 * {@link #reconnect()}; the broker and its data stay as they were.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private final KafkaClusterTestKit cluster;
    private final TcpProxy proxy;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster, TcpProxy proxy) {
        this.cluster = cluster;
        this.proxy = proxy;
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
        keepTheHostAlive();
        TcpProxy proxy = TcpProxy.start();
        try {
            TestKitNodes.Builder nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1);
            if (baseDir != null) {
                nodes.setBaseDirectory(baseDir);
            }
            TestKitNodes built = nodes.build();
            KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(built)
                    // Clients learn the proxy's address from the metadata too, so every connection goes through it.
                    .setConfigProp("advertised.listeners",
                            built.brokerListenerName().value() + "://" + proxy.address())
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
            String direct = cluster.bootstrapServers().split(",")[0];
            int colon = direct.lastIndexOf(':');
            proxy.target(direct.substring(0, colon), Integer.parseInt(direct.substring(colon + 1)));
            return new EmbeddedKafkaBroker(cluster, proxy);
        } catch (InterruptedException e) {
            proxy.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the embedded Kafka broker", e);
        } catch (Exception e) {
            proxy.close();
            throw new IllegalStateException("Could not start the embedded Kafka broker: " + e.getMessage(), e);
        }
    }

    /** The {@code bootstrap.servers} value clients use (through the outage proxy). */
    public String bootstrapServers() {
        return proxy.address();
    }

    /**
     * Takes the broker away from its clients, as in an outage: open connections drop and new ones are refused until
     * {@link #reconnect()}. The broker itself keeps running with its data.
     */
    public void disconnect() {
        proxy.disconnect();
    }

    /** Ends a {@link #disconnect()}: clients can connect again, on the same address. */
    public void reconnect() {
        proxy.reconnect();
    }

    /** Whether clients can reach the broker (no {@link #disconnect()} in force). */
    public boolean isConnected() {
        return proxy.isConnected();
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

    /**
     * The broker runs inside a test JVM or the local stack's launcher, and Kafka ends the process on a fault it deems
     * fatal ({@code Exit.exit}/{@code Exit.halt}), also while it shuts down at JVM exit. Such a request is reported on
     * stderr instead; the host decides. (Suspected, not proven, behind a forked test JVM that twice ended with a
     * non-zero status after all its tests had passed, within a second of the broker starting to shut down.)
     */
    private static void keepTheHostAlive() {
        Exit.setExitProcedure((status, message) -> System.err.println(
                "embedded Kafka asked to exit the JVM with status " + status + " (" + message + "); ignored"));
        Exit.setHaltProcedure((status, message) -> System.err.println(
                "embedded Kafka asked to halt the JVM with status " + status + " (" + message + "); ignored"));
    }

    @Override
    public void close() {
        proxy.close();
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("Could not stop the embedded Kafka broker: " + e.getMessage(), e);
        }
    }
}
