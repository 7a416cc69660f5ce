package io.paygate.kit.outbox;

import io.micrometer.core.instrument.Counter;
import io.paygate.model.event.EventSigner;
import org.apache.kafka.clients.producer.Producer;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One replica's relay thread: contends for leadership ({@link OutboxLeadership}) and, while it leads, runs rounds
 * ({@link OutboxRound}) on the leader's session until it is out of events, then waits for a commit's NOTIFY (sent
 * by the committing replica's {@link CommitNotifier}), a local wake, or {@code poll-interval}. While Kafka is away it keeps leading and retries with backoff (nothing is
 * counted against the events). A lost session ends leadership; the replica then contends again like the others.
 */
final class RelayWorker {

    private static final Logger LOG = Logger.getLogger(RelayWorker.class);

    private final OutboxLeadership leadership;
    private final Supplier<Producer<String, String>> producers;
    private final EventSigner signer;
    private final Counter parked;
    private final RelaySettings settings;
    private final String name;
    private final Semaphore wakeups = new Semaphore(0);
    private final CommitNotifier notifier;
    private volatile boolean running;
    private volatile boolean leading;
    private volatile String lastError;
    private volatile Producer<String, String> producer;
    private Thread thread;

    RelayWorker(String name, OutboxLeadership.LeaderConnections connections, Producer<String, String> producer,
                EventSigner signer, RelaySettings settings, Counter parked) {
        this(name, connections, () -> producer, signer, settings, parked);
    }

    /**
     * {@code producers} makes the relay's producer on the relay's own thread, when it starts: building a
     * {@code KafkaProducer} takes a few hundred milliseconds (configuration, metrics, the sender thread), which the
     * service's start-up then does not wait for, as it does not wait for its consumers.
     */
    RelayWorker(String name, OutboxLeadership.LeaderConnections connections,
                Supplier<Producer<String, String>> producers, EventSigner signer, RelaySettings settings,
                Counter parked) {
        this.name = name;
        this.settings = settings;
        this.producers = producers;
        this.signer = signer;
        this.parked = parked;
        this.leadership = new OutboxLeadership(connections, name, settings.leaderIdleTimeout());
        this.notifier = new CommitNotifier(connections, name + "-notifier");
    }

    /** The producer this worker made, once its thread made it. */
    Optional<Producer<String, String>> producer() {
        return Optional.ofNullable(producer);
    }

    synchronized void start() {
        running = true;
        notifier.start();
        thread = Thread.ofPlatform().name(name).daemon().start(this::loop);
    }

    /** Stops the thread and closes the leader's session, which hands leadership to another replica. */
    synchronized void stop() throws InterruptedException {
        running = false;
        wake();
        if (thread != null) {
            thread.join(settings.publishTimeout().toMillis() + settings.pollInterval().toMillis() + 2_000);
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(2_000);
            }
            thread = null;
        }
        leadership.close();
        leading = false;
        notifier.stop();
    }

    boolean isRunning() {
        return running;
    }

    boolean isLeading() {
        return leading;
    }

    Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    /**
     * After a commit on this replica that wrote events. The local wake starts the leader's next round when it is
     * between rounds; the NOTIFY (coalesced, {@link CommitNotifier}) reaches the leader wherever it runs, and on this
     * replica too it is what ends the leader's wait on its LISTEN socket at once (a local wake alone is seen only at
     * the end of the current 200 ms slice of that wait).
     */
    void committed() {
        wake();
        notifier.signal();
    }

    /** NOTIFYs this replica's notifier has sent. */
    long notifiesSent() {
        return notifier.sent();
    }

    /** The producer made and the rounds set up; null when the worker was stopped before it could make one. */
    private OutboxRound firstRound() {
        while (running) {
            try {
                producer = producers.get();
                return new OutboxRound(producer, signer, settings, parked);
            } catch (RuntimeException e) {
                lastError = "the producer could not be made: " + e.getMessage();
                LOG.errorf("outbox: %s; trying again in %d ms", lastError, RelaySettings.MAX_OUTAGE_BACKOFF.toMillis());
                try {
                    sleep(RelaySettings.MAX_OUTAGE_BACKOFF);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
        return null;
    }

    void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    private void loop() {
        OutboxRound round = firstRound();
        int outages = 0;
        while (round != null && running) {
            try {
                if (!leadership.tryLead()) {
                    leading = false;
                    pause(settings.leaderCheckInterval());
                    continue;
                }
                leading = true;
                OutboxRound.Result result = round.run(leadership.session());
                if (result.outage() != null) {
                    outages++;
                    lastError = result.outage();
                    long backoff = Math.min(RelaySettings.MAX_OUTAGE_BACKOFF.toMillis(),
                            settings.pollInterval().toMillis() << Math.min(outages, 5));
                    LOG.warnf("outbox: publishing failed (%s); retrying in %d ms", result.outage(), backoff);
                    sleep(Duration.ofMillis(backoff)); // commits do not cut an outage's backoff short
                    continue;
                }
                outages = 0;
                lastError = null;
                if (result.claimed() < settings.batchSize()) {
                    leadership.awaitWork(settings.pollInterval(), wakeups);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (SQLException | RuntimeException e) {
                // The session is gone or unusable: this replica no longer leads; contend again after a pause.
                lastError = e.getMessage();
                if (running) {
                    LOG.warnf("outbox: %s lost its database session (%s); contending again", name, e.getMessage());
                }
                leadership.close();
                leading = false;
                try {
                    pause(settings.leaderCheckInterval());
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        leadership.close();
        leading = false;
    }

    private void sleep(Duration duration) throws InterruptedException {
        long deadline = System.nanoTime() + duration.toNanos();
        while (running && System.nanoTime() < deadline) {
            Thread.sleep(Math.min(100, Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
        }
    }

    private void pause(Duration duration) throws InterruptedException {
        if (running && wakeups.tryAcquire(duration.toMillis(), TimeUnit.MILLISECONDS)) {
            wakeups.drainPermits();
        }
    }
}
