package io.paygate.testsupport.quarkus;

import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.util.Map;

/**
 * Quarkus test resource: a real Kafka broker (KRaft) inside the test JVM. One broker per test JVM,
 * started on first use and stopped when the JVM exits. Tests read topics back through
 * {@link #broker()}.
 *
 * <pre>{@code @WithTestResource(KafkaResource.class)}</pre>
 */
public class KafkaResource implements QuarkusTestResourceLifecycleManager {

    private static EmbeddedKafkaBroker broker;

    /** The JVM-wide broker, started on first use. */
    public static synchronized EmbeddedKafkaBroker broker() {
        if (broker == null) {
            broker = EmbeddedKafkaBroker.start();
            EmbeddedKafkaBroker started = broker;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "embedded-kafka-stop"));
        }
        return broker;
    }

    @Override
    public Map<String, String> start() {
        return Map.of(
                "kafka.bootstrap.servers", broker().bootstrapServers());
    }

    @Override
    public void stop() {
        // The broker outlives one Quarkus application: other test classes in this JVM reuse it.
    }
}
