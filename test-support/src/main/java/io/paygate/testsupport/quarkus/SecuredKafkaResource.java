package io.paygate.testsupport.quarkus;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Quarkus test resource: a secured Kafka broker (SASL_SSL, SCRAM-SHA-512, ACLs; see
 * {@link EmbeddedKafkaBroker#startSecured}) inside the test JVM, and a principal of its own for the application under
 * test, handed to Quarkus only as {@code kafka.*} configuration: {@code kafka.bootstrap.servers},
 * {@code kafka.security.protocol}, {@code kafka.sasl.mechanism}, {@code kafka.sasl.jaas.config},
 * {@code kafka.ssl.truststore.type}, {@code kafka.ssl.truststore.location}. One broker per test JVM, shared by every
 * test class that uses this resource; {@link #broker()} reads topics back (its {@code clientConfig()} is the super
 * user's).
 *
 * <pre>{@code
 * @WithTestResource(value = SecuredKafkaResource.class, initArgs = {
 *         @ResourceArg(name = "user", value = "payment-service"),
 *         @ResourceArg(name = "produces", value = "payment-status,disbursement-status")})
 * }</pre>
 * Init args: {@code user} (the principal, default {@code test-service}), {@code produces} (topics it may write; they
 * are created), {@code consumes} (topics it may read; created too) and {@code group} (its consumer group, default the
 * user name). Every principal may read {@code merchant-config} outside any group, as every service does.
 */
public class SecuredKafkaResource implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedKafkaBroker broker;
    private Map<String, String> args = Map.of();

    /** The JVM-wide secured broker, started on first use. */
    public static synchronized EmbeddedKafkaBroker broker() {
        if (broker == null) {
            broker = EmbeddedKafkaBroker.startSecured(null);
            EmbeddedKafkaBroker started = broker;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-secured-kafka-stop"));
        }
        return broker;
    }

    @Override
    public void init(Map<String, String> initArgs) {
        this.args = Map.copyOf(initArgs);
    }

    @Override
    public Map<String, String> start() {
        EmbeddedKafkaBroker kafka = broker();
        String user = args.getOrDefault("user", "test-service");
        String[] produces = topics("produces");
        String[] consumes = topics("consumes");
        kafka.createTopics(produces);
        kafka.createTopics(consumes);
        EmbeddedKafkaBroker.Credentials credentials = kafka.createUser(user);
        if (produces.length > 0) {
            kafka.allowProducing(user, produces);
        }
        if (consumes.length > 0) {
            kafka.allowConsuming(user, args.getOrDefault("group", user), consumes);
        }
        // docs/contract.md §10: every service follows merchant-config, outside any group.
        kafka.allowReading(user, Topics.MERCHANT_CONFIG);
        Map<String, String> config = new HashMap<>();
        kafka.clientConfig(credentials).forEach((key, value) -> config.put("kafka." + key, value));
        return config;
    }

    private String[] topics(String arg) {
        return Arrays.stream(args.getOrDefault(arg, "").split(",")).map(String::trim).filter(t -> !t.isEmpty())
                .toArray(String[]::new);
    }

    @Override
    public void stop() {
        // The broker outlives one Quarkus application: other test classes in this JVM reuse it.
    }
}
