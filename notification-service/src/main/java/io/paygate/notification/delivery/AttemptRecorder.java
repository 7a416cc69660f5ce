package io.paygate.notification.delivery;

import io.paygate.kit.observability.MerchantTags;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Writes attempt results to the database in batches: whatever finished while the previous batch was being written
 * goes into the next transaction (group commit), so a busy dispatcher pays one commit per batch, not per attempt,
 * and a quiet one still records each result at once. Each caller waits for its own result to be durable.
 */
@ApplicationScoped
public class AttemptRecorder {

    private static final Logger LOG = Logger.getLogger(AttemptRecorder.class);
    private static final int MAX_BATCH = 500;

    private final DeliveryQueue queue;
    private final BlockingQueue<Pending> pending = new LinkedBlockingQueue<>();
    private volatile boolean running = true;
    private final Thread writer;

    private final MeterRegistry metrics;
    private final MerchantTags merchants;

    /** A recorder outside CDI (tests racing several dispatchers); its metrics go nowhere. */
    AttemptRecorder(DeliveryQueue queue) {
        this(queue, new SimpleMeterRegistry(), null);
    }

    @Inject
    AttemptRecorder(DeliveryQueue queue, MeterRegistry metrics, MerchantTags merchants) {
        this.queue = queue;
        this.metrics = metrics;
        this.merchants = merchants;
        this.writer = Thread.ofPlatform().name("notification-recorder").daemon().start(this::run);
    }

    /** After the dispatcher (which waits for the attempts in flight), so their results are still written. */
    void onStop(@Observes @Priority(Interceptor.Priority.LIBRARY_AFTER) ShutdownEvent event) throws InterruptedException {
        close();
    }

    /** Writes what is pending, then stops. */
    void close() throws InterruptedException {
        running = false;
        writer.join(5_000);
    }

    /**
     * Records one attempt; completes with what was written (its number is negative when the lease had been lost), or
     * exceptionally when the database refused the batch (the notification is then retried when its lease runs out).
     */
    public CompletableFuture<DeliveryQueue.Written> record(ClaimedNotification claimed, AttemptRecord attempt) {
        if (!running) {
            return CompletableFuture.failedFuture(new IllegalStateException("shutting down"));
        }
        Pending item = new Pending(new DeliveryQueue.Recorded(claimed, attempt), new CompletableFuture<>());
        pending.add(item);
        return item.done();
    }

    private void run() {
        List<Pending> batch = new ArrayList<>(MAX_BATCH);
        while (running || !pending.isEmpty()) {
            try {
                Pending first = pending.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                pending.drainTo(batch, MAX_BATCH - 1);
                write(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                batch.clear();
            }
        }
    }

    private void write(List<Pending> batch) {
        try {
            Map<UUID, DeliveryQueue.Written> numbers = queue.record(batch.stream().map(Pending::result).toList());
            for (Pending item : batch) {
                DeliveryQueue.Written written = numbers.get(item.result().claimed().id());
                if (written == null) {
                    item.done().completeExceptionally(new IllegalStateException("notification no longer exists"));
                } else {
                    item.done().complete(written);
                    if (written.number() >= 0) {
                        count(item.result().claimed(), item.result().attempt());
                    }
                }
            }
        } catch (Exception e) {
            LOG.errorf("could not record %d attempt(s): %s", batch.size(), e.getMessage());
            batch.forEach(item -> item.done().completeExceptionally(e));
        }
    }

    /**
     * {@code paygate_notifications_attempts_seconds{type,outcome}} (attempt latency, acknowledged or failed; SLO
     * buckets from service-kit's SloBuckets) and {@code paygate_notifications_outcomes_total{type,status,merchant}}
     * (DELIVERED, FAILED, or PENDING = retry scheduled; the merchant as configured, else {@code unknown}).
     */
    private void count(ClaimedNotification claimed, AttemptRecord attempt) {
        String type = claimed.type().value();
        Timer.builder("paygate.notifications.attempts").description("Delivery attempts to merchants")
                .tag("type", type).tag("outcome", attempt.acknowledged() ? "acknowledged" : "failed")
                .register(metrics).record(java.time.Duration.ofMillis(attempt.durationMs()));
        String merchant = merchants == null ? MerchantTags.UNKNOWN : merchants.of(claimed.merchantId());
        metrics.counter("paygate.notifications.outcomes", "type", type, "status", attempt.nextStatus().name(),
                MerchantTags.TAG, merchant).increment();
    }

    private record Pending(DeliveryQueue.Recorded result, CompletableFuture<DeliveryQueue.Written> done) {
    }
}
