package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.AgroalConnectionFactoryConfiguration;
import io.agroal.api.security.AgroalDefaultSecurityProvider;
import io.agroal.api.security.AgroalSecurityProvider;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventSigner;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Publishes the outbox to Kafka (docs/contract.md §7) with an idempotent producer ({@code acks=all}, built by
 * {@link KafkaClientConfig}), each record signed ({@code paygate-signature}).
 *
 * <p><b>Order, at any number of replicas.</b> One replica per service publishes at a time: the one whose own
 * database session holds the outbox's advisory lock ({@link OutboxLeadership}); the others check every
 * {@code leader-check-interval} and one takes over within seconds of the leader's session ending. The leader reads
 * events in position order and never sends a key's event before the previous one is acknowledged
 * ({@link OutboxRound}), so a resource's events reach Kafka in the order their transactions committed. Position
 * (assigned at insert) equals commit order for one resource because every event-writing state change in the
 * services changes the resource's row in the same transaction (its {@code sequence}), under the row lock
 * ({@code PESSIMISTIC_WRITE}) or the entity's {@code @Version} check: a second transaction on the same resource
 * either waits for the first to commit before it writes its event, or fails and writes nothing. Events of
 * different resources may commit out of position order; a late one is simply found in a later round.
 * During a hand-over the old leader may still be sending a wave it claimed when it lost its session: those events
 * arrive twice, each copy in order, and consumers drop the second copy by {@code eventId}.
 *
 * <p>Woken by every commit that wrote events, on any replica: after the commit the writing replica wakes its own
 * relay and its {@link CommitNotifier} sends one {@code NOTIFY} per burst of commits, outside the writer's transaction
 * (a NOTIFY inside it would serialise all writers' commits); otherwise every {@code poll-interval}. While the broker
 * is down events stay unpublished, nothing is counted against them, and the leader retries with backoff. An event
 * that fails for a reason of its own is retried and then parked ({@link OutboxParking}). Published events are purged
 * after {@code gateway.outbox.retention}.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);

    private final AgroalDataSource dataSource;
    private final GatewayConfig.Outbox config;
    private final KafkaClientConfig kafka;
    private final EventSigner signer;
    private final Counter parked;
    private volatile RelayWorker worker;
    private volatile long lastNotifiesSent; // by workers stopped before (tests restart the relay): the counter only rises

    OutboxRelay(AgroalDataSource dataSource, GatewayConfig config, KafkaClientConfig kafka, EventSigner signer,
                MeterRegistry registry) {
        this.dataSource = dataSource;
        this.config = config.outbox();
        this.kafka = kafka;
        this.signer = signer;
        this.parked = parkedCounter(registry);
        Gauge.builder("paygate.outbox.leader", this, relay -> relay.isLeading() ? 1 : 0)
                .description("1 on the replica whose relay publishes the outbox, 0 on the others").register(registry);
        FunctionCounter.builder("paygate.outbox.wake.notifies", this, OutboxRelay::notifiesSent)
                .description("NOTIFYs this replica sent to wake the leading relay (one per burst of commits)")
                .register(registry);
    }

    static Counter parkedCounter(MeterRegistry registry) {
        return Counter.builder("paygate.outbox.parked")
                .description("Events parked: failed max-attempts times, or held behind a parked event of their key")
                .register(registry);
    }

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        Duration publishTimeout = config.publishTimeout();
        worker = new RelayWorker("outbox-relay", directConnections(dataSource), () -> newProducer(kafka, publishTimeout),
                signer, RelaySettings.of(config), parked); // the producer is made on the relay's thread
        worker.start();
    }

    synchronized void stop(@Observes ShutdownEvent event) throws InterruptedException {
        RelayWorker running = worker;
        if (running == null) {
            return;
        }
        worker = null;
        running.stop();
        lastNotifiesSent += running.notifiesSent();
        running.producer().ifPresent(producer -> producer.close(Duration.ofSeconds(5)));
    }

    /**
     * The relay's producer: the service's Kafka configuration (address, SASL, TLS: docs/contract.md §7), then its own
     * settings: idempotent, {@code acks=all}.
     */
    static Producer<String, String> newProducer(KafkaClientConfig kafka, Duration publishTimeout) {
        return new KafkaProducer<>(kafka.producer(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                // No lingering: a round sends a whole wave and then waits for its acknowledgements, so nothing would
                // join a batch during linger.ms, which only delays every event. Records sent while a request is in
                // flight are still batched together (up to 5 requests in flight, idempotence keeps their order).
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Math.max(7_000, publishTimeout.toMillis()),
                ProducerConfig.CLIENT_ID_CONFIG, "outbox-relay")),
                new StringSerializer(), new StringSerializer());
    }

    /**
     * Opens sessions to the service's database with the pool's URL, driver properties and credentials, but outside
     * the pool: the leader's session lives as long as its leadership and must end with it.
     */
    static OutboxLeadership.LeaderConnections directConnections(AgroalDataSource dataSource) {
        AgroalConnectionFactoryConfiguration factory =
                dataSource.getConfiguration().connectionPoolConfiguration().connectionFactoryConfiguration();
        return () -> {
            Properties properties = new Properties();
            properties.putAll(factory.jdbcProperties());
            List<Object> security = new ArrayList<>(factory.credentials());
            if (factory.principal() != null) {
                security.add(factory.principal());
            }
            List<AgroalSecurityProvider> providers = new ArrayList<>(factory.securityProviders());
            providers.add(new AgroalDefaultSecurityProvider());
            for (Object item : security) {
                for (AgroalSecurityProvider provider : providers) {
                    Properties p = provider.getSecurityProperties(item);
                    if (p != null) {
                        properties.putAll(p);
                        break;
                    }
                }
            }
            properties.setProperty("ApplicationName", "outbox-relay");
            properties.setProperty("tcpKeepAlive", "true");
            Connection connection = new org.postgresql.Driver().connect(factory.jdbcUrl(), properties);
            if (connection == null) {
                throw new SQLException("not a PostgreSQL URL: the outbox relay needs PostgreSQL");
            }
            return connection;
        };
    }

    public boolean isRunning() {
        return worker != null && worker.isRunning();
    }

    /** Whether this replica's relay holds the leadership and publishes. */
    public boolean isLeading() {
        return worker != null && worker.isLeading();
    }

    /** The error of the last round when it failed (the broker is unreachable, say); empty once a round succeeds. */
    public Optional<String> lastError() {
        return worker == null ? Optional.empty() : worker.lastError();
    }

    /** Asks this replica's relay to look for events now (an operator requeued parked events here). */
    public void wake() {
        if (worker != null) {
            worker.wake();
        }
    }

    /**
     * After a commit that wrote events: wakes the leading relay, here or (by a coalesced NOTIFY) on another replica.
     * Never blocks; with the relay disabled here it does nothing, and the leader's poll finds the events.
     */
    public void committed() {
        RelayWorker running = worker;
        if (running != null) {
            running.committed();
        }
    }

    /** NOTIFYs sent by this replica's notifier (0 while the relay is stopped). */
    long notifiesSent() {
        RelayWorker running = worker;
        return running == null ? lastNotifiesSent : lastNotifiesSent + running.notifiesSent();
    }

    /** Removes published events older than {@code gateway.outbox.retention}. */
    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgePublished() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement delete = c.prepareStatement(
                     "DELETE FROM outbox_event WHERE published_at IS NOT NULL AND published_at < ?")) {
            delete.setTimestamp(1, Timestamp.from(Instant.now().minus(config.retention())));
            int removed = delete.executeUpdate();
            if (removed > 0) {
                LOG.infof("outbox: purged %d published events", removed);
            }
        }
    }
}
