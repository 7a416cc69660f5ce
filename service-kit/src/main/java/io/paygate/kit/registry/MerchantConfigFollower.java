package io.paygate.kit.registry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.config.MerchantRegistryConfig;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Follows merchant-service's registry (docs/contract.md §10): the compacted topic {@code merchant-config}, read from its
 * beginning at start-up and then followed, each record's merchant applied to {@link Merchants} once
 * {@link MerchantConfigRecords} found it genuine (a forged, unsigned or undecryptable record is refused, counted and
 * never applied). One line is logged per applied change (merchant id, version, status; never a secret).
 *
 * <p>A plain {@link KafkaConsumer} on a thread of its own, built from the service's Kafka settings
 * ({@link KafkaClientConfig#consumer}: on a secured broker it authenticates as the service, which needs READ and
 * DESCRIBE on the topic). No consumer group: it assigns itself every partition and seeks to the beginning, so every
 * replica reads everything and nothing is committed. Ready ({@link #caughtUp()}, the readiness check
 * {@code merchant-config}) once it has read up to the end offsets it found at start; a topic that does not exist yet
 * counts as empty, and partitions that appear later (the topic created, or grown) are read from their beginning when
 * the partition list is next looked at ({@link #PARTITION_CHECK}). The service's start waits up to
 * {@code gateway.merchants.registry.start-wait} for the catch-up. With the broker away it goes on with what it holds,
 * and the client reconnects by itself.
 */
@Singleton
public class MerchantConfigFollower {

    private static final Logger LOG = Logger.getLogger(MerchantConfigFollower.class);
    static final Duration PARTITION_CHECK = Duration.ofSeconds(5);
    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final boolean enabled;
    private final Duration startWait;
    private final String topic;
    private final Supplier<Consumer<String, String>> consumers;
    private final Merchants merchants;
    private final MerchantConfigRecords records;
    private final Counter appliedCounter;
    private final CountDownLatch caughtUpLatch = new CountDownLatch(1);
    private volatile boolean running;
    private volatile Thread thread;
    private volatile Consumer<String, String> consumer;
    private volatile String waitingFor = "not started";
    private long lastWarning = System.nanoTime() - WARN_EVERY_NANOS;

    @Inject
    MerchantConfigFollower(MerchantRegistryConfig config, KafkaClientConfig kafka, Merchants merchants,
                           EventSigner signer, MeterRegistry metrics) {
        this(config.registry().enabled(), config.registry().startWait(), Topics.MERCHANT_CONFIG,
                () -> new KafkaConsumer<>(kafka.consumer(Map.of(
                        ConsumerConfig.CLIENT_ID_CONFIG, "merchant-config-follower",
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                        // A topic that does not exist yet is empty, never created here (it must be compacted).
                        ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false)),
                        new StringDeserializer(), new StringDeserializer()),
                merchants, signer, metrics);
    }

    /** A follower of {@code topic} through the consumers {@code consumers} makes (tests). */
    MerchantConfigFollower(boolean enabled, String topic, Supplier<Consumer<String, String>> consumers,
                           Merchants merchants, EventSigner signer, MeterRegistry metrics) {
        this(enabled, Duration.ZERO, topic, consumers, merchants, signer, metrics);
    }

    private MerchantConfigFollower(boolean enabled, Duration startWait, String topic,
                                   Supplier<Consumer<String, String>> consumers, Merchants merchants,
                                   EventSigner signer, MeterRegistry metrics) {
        this.enabled = enabled;
        this.startWait = startWait;
        this.topic = topic;
        this.consumers = consumers;
        this.merchants = merchants;
        this.records = new MerchantConfigRecords(merchants, signer, metrics);
        this.appliedCounter = Counter.builder("paygate.merchant-config.applied")
                .description("merchant-config records applied (a merchant's new state)").register(metrics);
        if (!enabled) {
            caughtUpLatch.countDown();
        }
    }

    void onStart(@Observes StartupEvent event) throws InterruptedException {
        start();
        if (enabled && !awaitCaughtUp(startWait)) {
            LOG.infof("merchant-config: not read to its end after %d s; starting anyway, readiness merchant-config "
                    + "DOWN until it is", startWait.toSeconds());
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    /** Starts following on a thread of its own (once; nothing when the registry is off). */
    synchronized void start() {
        if (!enabled || thread != null) {
            return;
        }
        running = true;
        waitingFor = "the end offsets of " + topic;
        Thread t = new Thread(this::run, "merchant-config-follower");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Stops following and waits for the thread to end. */
    synchronized void stop() {
        running = false;
        Consumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        Thread t = thread;
        if (t != null) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(15));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        thread = null;
    }

    /** Whether this service follows the registry at all ({@code gateway.merchants.registry.enabled}). */
    public boolean enabled() {
        return enabled;
    }

    /** Whether every record up to the end offsets found at start was read (always, when the registry is off). */
    public boolean caughtUp() {
        return caughtUpLatch.getCount() == 0;
    }

    /** Waits up to {@code timeout} for {@link #caughtUp()}; whether it is. */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        return caughtUpLatch.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether records were refused because this service has no {@code gateway.merchants.encryption-key}. */
    public boolean keyMissing() {
        return records.keyMissing();
    }

    /** What it waits for before it is caught up, for the readiness check (never a secret). */
    String waitingFor() {
        return waitingFor;
    }

    private void run() {
        try (Consumer<String, String> c = consumers.get()) {
            consumer = c;
            follow(c);
        } catch (RuntimeException e) {
            LOG.errorf("merchant-config follower stopped: %s", e.toString());
        } finally {
            consumer = null;
        }
    }

    private void follow(Consumer<String, String> c) {
        Set<TopicPartition> assigned = Set.of();
        Map<TopicPartition, Long> target = null;
        long nextCheck = System.nanoTime();
        while (running) {
            try {
                if (System.nanoTime() - nextCheck >= 0) {
                    assigned = assign(c, assigned);
                    if (target == null) {
                        target = assigned.isEmpty() ? Map.of() : Map.copyOf(c.endOffsets(assigned, CALL_TIMEOUT));
                        LOG.infof("merchant-config: reading %d partition(s) of %s from the beginning up to %s",
                                assigned.size(), topic, target.values());
                    }
                    nextCheck = System.nanoTime() + PARTITION_CHECK.toNanos();
                }
                if (assigned.isEmpty()) {
                    markCaughtUpIfReached(c, target);
                    sleep(POLL);
                    continue;
                }
                apply(c.poll(POLL));
                markCaughtUpIfReached(c, target);
            } catch (WakeupException e) {
                if (running) {
                    continue;
                }
                return;
            } catch (RuntimeException e) {
                // The broker away or refusing (authorization, timeouts): keep what is held, try again.
                waitingFor = "the broker: " + e.getClass().getSimpleName();
                warn("merchant-config: cannot read " + topic + " (" + e + "); serving the merchants held and retrying");
                sleep(Duration.ofSeconds(1));
            }
        }
    }

    /** Every partition of the topic assigned, the ones new since {@code assigned} read from their beginning. */
    private Set<TopicPartition> assign(Consumer<String, String> c, Set<TopicPartition> assigned) {
        List<PartitionInfo> infos = c.partitionsFor(topic, CALL_TIMEOUT);
        Set<TopicPartition> all = new HashSet<>();
        if (infos != null) {
            infos.forEach(info -> all.add(new TopicPartition(info.topic(), info.partition())));
        }
        if (all.equals(assigned) || !all.containsAll(assigned)) {
            return assigned; // unchanged, or a transient metadata answer without partitions already read
        }
        Set<TopicPartition> added = new HashSet<>(all);
        added.removeAll(assigned);
        c.assign(all);
        c.seekToBeginning(added);
        if (!assigned.isEmpty()) {
            LOG.infof("merchant-config: %d new partition(s) of %s, read from the beginning", added.size(), topic);
        }
        return Set.copyOf(all);
    }

    private void apply(ConsumerRecords<String, String> batch) {
        if (batch.isEmpty()) {
            return;
        }
        List<Merchant> checked = new ArrayList<>(batch.count());
        for (ConsumerRecord<String, String> record : batch) {
            Optional<Merchant> merchant = records.check(record);
            merchant.ifPresent(checked::add);
        }
        for (Merchant merchant : merchants.apply(checked)) {
            appliedCounter.increment();
            LOG.infof("merchant-config: merchant %s version %d applied (%s)", merchant.id(), merchant.version(),
                    merchant.status());
        }
    }

    private void markCaughtUpIfReached(Consumer<String, String> c, Map<TopicPartition, Long> target) {
        if (caughtUp() || target == null) {
            return;
        }
        for (Map.Entry<TopicPartition, Long> end : target.entrySet()) {
            if (c.position(end.getKey(), CALL_TIMEOUT) < end.getValue()) {
                waitingFor = "records up to the end offsets found at start";
                return;
            }
        }
        waitingFor = "nothing";
        caughtUpLatch.countDown();
        LOG.infof("merchant-config: caught up (%d merchant(s) known)", merchants.all().size());
    }

    private void warn(String message) {
        long now = System.nanoTime();
        if (now - lastWarning >= WARN_EVERY_NANOS) {
            lastWarning = now;
            LOG.warn(message);
        }
    }

    private void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
