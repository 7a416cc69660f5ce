package io.paygate.testsupport.infra;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Exit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real Kafka broker (KRaft, one combined broker+controller node) running inside this JVM, built on
 * Kafka's own {@link KafkaClusterTestKit}. Replication factors are 1 so internal topics (consumer
 * offsets, transactions) can be created on a single node.
 *
 * <p>Clients reach the broker through a {@link TcpProxy} (the broker advertises the proxy's address), so a test can
 * take the broker away from every client and bring it back, as in an outage, with {@link #disconnect()} and
 * {@link #reconnect()}; the broker and its data stay as they were.
 *
 * <p>{@link #startSecured(Path)} starts it the way production runs Kafka (docs/contract.md §7): the address clients are given
 * is a {@code SASL_SSL} listener that accepts only SCRAM-SHA-512 over TLS (a self-signed certificate for
 * {@code localhost}/{@code 127.0.0.1}, see {@link SelfSignedTls}), and Kafka's {@code StandardAuthorizer} denies
 * whatever no ACL allows. {@link #createUser} makes a principal, {@link #allowProducing} and
 * {@link #allowConsuming} give it its ACLs, {@link #clientConfig(Credentials)} is what its clients need. The broker's
 * own listeners (controller and inter-broker, on loopback, never advertised to clients) use SASL/PLAIN with a
 * random password for the broker's super user {@code admin}, which {@link #createTopics} and the ACL calls use.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    /** The super user of a secured broker (also a SCRAM user, for tests that must read every topic). */
    public static final String ADMIN = "admin";
    public static final String SCRAM_MECHANISM = "SCRAM-SHA-512";
    private static final String SECURE_LISTENER = "SECURE";

    private final KafkaClusterTestKit cluster;
    private final TcpProxy proxy;
    /** Null for a plaintext broker. */
    private final Security security;

    private EmbeddedKafkaBroker(KafkaClusterTestKit cluster, TcpProxy proxy, Security security) {
        this.cluster = cluster;
        this.proxy = proxy;
        this.security = security;
    }

    /** A secured broker's TLS identity and its super user's password. */
    private record Security(SelfSignedTls tls, Path tlsDir, boolean ownsTlsDir, String adminPassword) {
    }

    /** A SCRAM-SHA-512 principal of a secured broker. {@link #toString()} shows no password. */
    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return "Credentials[" + username + "]";
        }
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
        return start(baseDir, 0, false);
    }

    /**
     * Starts a broker whose clients connect to {@code port} of 127.0.0.1 (0: a free one).
     *
     * @param baseDir where the broker keeps its logs, or {@code null} for a temporary directory
     */
    public static EmbeddedKafkaBroker start(Path baseDir, int port) {
        return start(baseDir, port, false);
    }

    /**
     * Starts a broker whose clients must authenticate with SCRAM-SHA-512 over TLS and are allowed only what ACLs grant.
     *
     * @param baseDir where the broker keeps its logs and TLS files, or {@code null} for temporary directories
     */
    public static EmbeddedKafkaBroker startSecured(Path baseDir) {
        return start(baseDir, 0, true);
    }

    /** {@link #startSecured(Path)} with its clients' address on {@code port} of 127.0.0.1 (0: a free one). */
    public static EmbeddedKafkaBroker startSecured(Path baseDir, int port) {
        return start(baseDir, port, true);
    }

    private static EmbeddedKafkaBroker start(Path baseDir, int clientPort, boolean secured) {
        keepTheHostAlive();
        TcpProxy proxy = TcpProxy.start(clientPort);
        Security security = null;
        try {
            TestKitNodes.Builder nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1);
            if (baseDir != null) {
                nodes.setBaseDirectory(baseDir);
            }
            TestKitNodes built = nodes.build();
            KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(built);
            loopbackOnly(builder, built);
            if (secured) {
                Path tlsDir = baseDir != null ? baseDir.resolve("tls") : Files.createTempDirectory("paygate-kafka-tls-");
                security = new Security(SelfSignedTls.create(tlsDir), tlsDir, baseDir == null, SelfSignedTls.randomSecret());
                secure(builder, built, proxy, security);
            } else {
                // Clients learn the proxy's address from the metadata too, so every connection goes through it.
                builder.setConfigProp("advertised.listeners", built.brokerListenerName().value() + "://" + proxy.address());
            }
            KafkaClusterTestKit cluster = builder
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
            if (secured) {
                int port = cluster.brokers().values().iterator().next().boundPort(new ListenerName(SECURE_LISTENER));
                proxy.target("127.0.0.1", port);
            } else {
                String direct = cluster.bootstrapServers().split(",")[0];
                int colon = direct.lastIndexOf(':');
                proxy.target(direct.substring(0, colon), Integer.parseInt(direct.substring(colon + 1)));
            }
            EmbeddedKafkaBroker broker = new EmbeddedKafkaBroker(cluster, proxy, security);
            if (secured) {
                broker.upsertScram(ADMIN, security.adminPassword());
            }
            return broker;
        } catch (InterruptedException e) {
            proxy.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting the embedded Kafka broker", e);
        } catch (Exception e) {
            proxy.close();
            throw new IllegalStateException("Could not start the embedded Kafka broker: " + e.getMessage(), e);
        }
    }

    /**
     * Binds the test kit's broker and controller listeners to 127.0.0.1 before it does. The kit binds each one itself,
     * ahead of the broker, on {@code new InetSocketAddress(0)}, every interface, whatever {@code listeners} says; the
     * local stack must listen on loopback only (docs/contract.md §8). The kit takes a socket already bound for a node and
     * listener name from its socket manager, which it does not expose: the manager's table is filled here, through
     * reflection (kafka-test-common-runtime 4.1; LoopbackListenersTest notices when a new version changes it).
     */
    private static void loopbackOnly(KafkaClusterTestKit.Builder builder, TestKitNodes nodes) throws Exception {
        java.lang.reflect.Field managerField = KafkaClusterTestKit.Builder.class.getDeclaredField("socketFactoryManager");
        managerField.setAccessible(true);
        Object manager = managerField.get(builder);
        java.lang.reflect.Field socketsField = manager.getClass().getDeclaredField("sockets");
        socketsField.setAccessible(true);
        @SuppressWarnings("unchecked")
        java.util.Map<Integer, java.util.Map<String, java.nio.channels.ServerSocketChannel>> sockets =
                (java.util.Map<Integer, java.util.Map<String, java.nio.channels.ServerSocketChannel>>) socketsField.get(manager);
        nodes.brokerNodes().keySet().forEach(id -> bind(sockets, id, nodes.brokerListenerName().value()));
        nodes.controllerNodes().keySet().forEach(id -> bind(sockets, id, nodes.controllerListenerName().value()));
    }

    private static void bind(java.util.Map<Integer, java.util.Map<String, java.nio.channels.ServerSocketChannel>> sockets,
                             int nodeId, String listener) {
        try {
            // As the kit's own ServerSocketFactory opens one, on loopback instead of every interface.
            java.nio.channels.ServerSocketChannel channel = java.nio.channels.ServerSocketChannel.open();
            channel.configureBlocking(false);
            channel.socket().bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0));
            sockets.computeIfAbsent(nodeId, id -> new java.util.HashMap<>()).put(listener, channel);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Three listeners: the test kit's controller and broker listeners ({@code CONTROLLER}, {@code EXTERNAL}) with
     * SASL/PLAIN for the super user only, and {@code SECURE}, SASL_SSL with SCRAM-SHA-512, which is the one the proxy
     * forwards to and the only one advertised to clients at the proxy's address.
     */
    private static void secure(KafkaClusterTestKit.Builder builder, TestKitNodes nodes, TcpProxy proxy, Security security) {
        String external = nodes.brokerListenerName().value();
        String controller = nodes.controllerListenerName().value();
        String plainAdmin = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + ADMIN
                + "\" password=\"" + security.adminPassword() + "\" user_" + ADMIN + "=\"" + security.adminPassword() + "\";";
        String secure = "listener.name." + SECURE_LISTENER.toLowerCase() + ".";
        builder.setConfigProp("listener.security.protocol.map",
                        external + ":SASL_PLAINTEXT," + controller + ":SASL_PLAINTEXT," + SECURE_LISTENER + ":SASL_SSL")
                .setConfigProp("listeners", external + "://localhost:0," + controller + "://localhost:0,"
                        + SECURE_LISTENER + "://127.0.0.1:0")
                .setConfigProp("advertised.listeners", external + "://localhost:0," + SECURE_LISTENER + "://" + proxy.address())
                .setConfigProp("inter.broker.listener.name", external)
                .setConfigProp("controller.listener.names", controller)
                .setConfigProp("sasl.enabled.mechanisms", "PLAIN")
                .setConfigProp("sasl.mechanism.inter.broker.protocol", "PLAIN")
                .setConfigProp("sasl.mechanism.controller.protocol", "PLAIN")
                .setConfigProp("listener.name." + external.toLowerCase() + ".plain.sasl.jaas.config", plainAdmin)
                .setConfigProp("listener.name." + controller.toLowerCase() + ".plain.sasl.jaas.config", plainAdmin)
                .setConfigProp(secure + "sasl.enabled.mechanisms", SCRAM_MECHANISM)
                .setConfigProp(secure + "scram-sha-512.sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required;")
                .setConfigProp(secure + "ssl.keystore.type", "PKCS12")
                .setConfigProp(secure + "ssl.keystore.location", security.tls().keystore().toString())
                .setConfigProp(secure + "ssl.keystore.password", security.tls().keystorePassword())
                .setConfigProp(secure + "ssl.key.password", security.tls().keystorePassword())
                .setConfigProp("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
                .setConfigProp("allow.everyone.if.no.acl.found", "false")
                .setConfigProp("super.users", "User:" + ADMIN);
    }

    /** Whether clients must authenticate (SASL_SSL, SCRAM-SHA-512) and be allowed by ACLs. */
    public boolean secured() {
        return security != null;
    }

    /** The PEM certificate clients of a secured broker trust ({@code ssl.truststore.type=PEM}). */
    public Path caCertificate() {
        requireSecured();
        return security.tls().certificate();
    }

    /** The super user's credentials (every ACL check passes), for tests and tools that read any topic. */
    public Credentials admin() {
        requireSecured();
        return new Credentials(ADMIN, security.adminPassword());
    }

    /**
     * Creates (or gives a new password to) a SCRAM-SHA-512 principal of this secured broker, with no ACL yet, and
     * returns once it can authenticate.
     */
    public Credentials createUser(String username) {
        requireSecured();
        Credentials credentials = new Credentials(username, SelfSignedTls.randomSecret());
        upsertScram(username, credentials.password());
        return credentials;
    }

    /** Lets {@code username} write to (and describe) {@code topics}: a producer of its own topics. */
    public void allowProducing(String username, String... topics) {
        List<AclBinding> acls = new ArrayList<>();
        for (String topic : topics) {
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.WRITE));
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.DESCRIBE));
        }
        createAcls(acls);
    }

    /** Lets {@code username} read (and describe) {@code topics} as a member of consumer group {@code group}. */
    public void allowConsuming(String username, String group, String... topics) {
        List<AclBinding> acls = new ArrayList<>();
        acls.add(acl(username, ResourceType.GROUP, group, AclOperation.READ));
        for (String topic : topics) {
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.READ));
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.DESCRIBE));
        }
        createAcls(acls);
    }

    /**
     * Lets {@code username} read (and describe) {@code topics} without a consumer group of its own: a client that
     * assigns itself the partitions (merchant-config's followers, docs/contract.md §10).
     */
    public void allowReading(String username, String... topics) {
        List<AclBinding> acls = new ArrayList<>();
        for (String topic : topics) {
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.READ));
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.DESCRIBE));
        }
        createAcls(acls);
    }

    /** Lets {@code username} create {@code topics} (merchant-service makes merchant-config at its start). */
    public void allowCreating(String username, String... topics) {
        List<AclBinding> acls = new ArrayList<>();
        for (String topic : topics) {
            acls.add(acl(username, ResourceType.TOPIC, topic, AclOperation.CREATE));
        }
        createAcls(acls);
    }

    /**
     * What a client of this broker needs: {@code bootstrap.servers}, and on a secured broker {@code security.protocol}
     * {@code SASL_SSL}, {@code sasl.mechanism} {@code SCRAM-SHA-512}, {@code sasl.jaas.config} with these credentials,
     * and the PEM truststore ({@code ssl.truststore.type}, {@code ssl.truststore.location}).
     */
    public Map<String, String> clientConfig(Credentials credentials) {
        requireSecured();
        Map<String, String> config = new HashMap<>();
        config.put("bootstrap.servers", bootstrapServers());
        config.put("security.protocol", "SASL_SSL");
        config.put("sasl.mechanism", SCRAM_MECHANISM);
        config.put("sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + credentials.username() + "\" password=\"" + credentials.password() + "\";");
        config.put("ssl.truststore.type", "PEM");
        config.put("ssl.truststore.location", security.tls().certificate().toString());
        return config;
    }

    /** {@link #clientConfig(Credentials)} of the super user on a secured broker; only the address otherwise. */
    public Map<String, String> clientConfig() {
        return secured() ? clientConfig(admin()) : Map.of("bootstrap.servers", bootstrapServers());
    }

    /** The broker's own admin connection: through the proxy when plaintext, its internal listener when secured. */
    private Map<String, Object> adminConfig() {
        if (security == null) {
            return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        }
        return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                "security.protocol", "SASL_PLAINTEXT",
                "sasl.mechanism", "PLAIN",
                "sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
                        + ADMIN + "\" password=\"" + security.adminPassword() + "\";");
    }

    private void upsertScram(String username, String password) {
        try (Admin admin = Admin.create(adminConfig())) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(username,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password))).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not create the Kafka user " + username + ": " + e.getMessage(), e);
        }
        awaitAuthentication(new Credentials(username, password));
    }

    /** The credential reaches the broker's metadata a moment after the controller accepted it. */
    private void awaitAuthentication(Credentials credentials) {
        Map<String, Object> config = new HashMap<>(clientConfig(credentials));
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Admin admin = Admin.create(config)) {
                admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS);
                return;
            } catch (Exception e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Kafka user " + credentials.username()
                            + " cannot authenticate: " + e.getMessage(), e);
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while waiting for Kafka user " + credentials.username(), ie);
                }
            }
        }
    }

    private static AclBinding acl(String username, ResourceType type, String name, AclOperation operation) {
        return new AclBinding(new ResourcePattern(type, name, PatternType.LITERAL),
                new AccessControlEntry("User:" + username, "*", operation, AclPermissionType.ALLOW));
    }

    private void createAcls(List<AclBinding> acls) {
        requireSecured();
        try (Admin admin = Admin.create(adminConfig())) {
            admin.createAcls(acls).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not create ACLs: " + e.getMessage(), e);
        }
    }

    private void requireSecured() {
        if (security == null) {
            throw new IllegalStateException("this broker is not secured (start it with startSecured)");
        }
    }

    /**
     * Every TCP port this broker listens on, ascending: its clients' address (the outage proxy) and the broker's and
     * controller's own listeners (on loopback, never advertised). The local stack lists them among the ports no
     * callback URL may name (docs/contract.md §6, §8).
     */
    public List<Integer> ports() {
        java.util.Set<Integer> ports = new java.util.TreeSet<>();
        ports.add(proxy.port());
        cluster.brokers().values().forEach(broker -> broker.socketServer().dataPlaneAcceptors().values()
                .forEach(acceptor -> ports.add(acceptor.localPort())));
        cluster.controllers().values().forEach(controller -> controller.socketServer().dataPlaneAcceptors().values()
                .forEach(acceptor -> ports.add(acceptor.localPort())));
        return List.copyOf(ports);
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
        createTopics(partitions, topics, Map.of());
    }

    /**
     * Creates a compacted topic (key = the latest record per key, as {@code merchant-config}, docs/contract.md §10) with
     * {@code partitions} partitions, unless it exists.
     */
    public void createCompactedTopic(String topic, int partitions) {
        createTopics(partitions, List.of(topic), Map.of("cleanup.policy", "compact"));
    }

    private void createTopics(int partitions, List<String> topics, Map<String, String> configs) {
        try (Admin admin = Admin.create(adminConfig())) {
            for (String topic : topics) {
                try {
                    admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1).configs(configs))).all().get();
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
        } finally {
            if (security != null && security.ownsTlsDir()) {
                try (Stream<Path> files = Files.walk(security.tlsDir())) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                } catch (IOException ignored) {
                    // a temporary directory; the OS cleans it eventually
                }
            }
        }
    }
}
