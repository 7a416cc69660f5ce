package io.paygate.notification.messaging;

import io.paygate.kit.events.EventAuthenticity;
import io.paygate.kit.observability.LogContext;
import io.paygate.kit.registry.MerchantConfigFollower;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.delivery.Dispatcher;
import io.paygate.notification.repository.LeaseOffer;
import io.paygate.notification.repository.NotificationStore;
import io.paygate.notification.repository.StoredBatch;
import io.paygate.notification.repository.StoredNotification;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Stores one polled batch of events as notifications and hands what the store could lease to this instance's dispatcher
 * ({@link Dispatcher#offer}, {@link Dispatcher#handOff}), or wakes it for the rest. A record whose producer signature
 * does not verify ({@link EventAuthenticity}) goes to the dead-letter topic before it is parsed; returns only when
 * every record is stored, ignored or dead-lettered, so acknowledging the batch afterwards loses nothing (docs/contract.md §7).
 * A database outage is waited out with backoff (Kafka keeps the partition paused, not rebalanced); a record the
 * database refuses for its data goes to the dead-letter topic so it cannot hold the others up. Nothing is parsed before
 * the merchants are known ({@link MerchantConfigFollower#caughtUp()}, docs/contract.md §10): an event of a merchant only
 * the registry knows is never dead-lettered as an unknown merchant's because it arrived before the registry was read.
 */
@ApplicationScoped
public class EventIngestor {

    private static final Logger LOG = Logger.getLogger(EventIngestor.class);
    /** Short, so that the consumer resumes within seconds of the database's return (each try costs one round trip). */
    private static final long MAX_BACKOFF_MILLIS = 5_000;

    private final EventAuthenticity authenticity;
    private final EventParser parser;
    private final NotificationStore store;
    private final DeadLetters deadLetters;
    private final Dispatcher dispatcher;
    private final MerchantConfigFollower registry;
    private volatile boolean stopping;

    EventIngestor(EventAuthenticity authenticity, EventParser parser, NotificationStore store, DeadLetters deadLetters,
                  Dispatcher dispatcher, MerchantConfigFollower registry) {
        this.registry = registry;
        this.authenticity = authenticity;
        this.parser = parser;
        this.store = store;
        this.deadLetters = deadLetters;
        this.dispatcher = dispatcher;
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    public void ingest(NotificationType topicType, Iterable<ConsumerRecord<String, String>> records) {
        awaitMerchants();
        long started = System.currentTimeMillis();
        long oldest = Long.MAX_VALUE;
        int count = 0;
        List<NotificationDraft> drafts = new ArrayList<>();
        List<ConsumerRecord<String, String>> sources = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            count++;
            oldest = Math.min(oldest, record.timestamp());
            // docs/contract.md §7: nothing of an event is read, stored or compared (sequence) before its signature verifies.
            Optional<String> forged = authenticity.rejection(record);
            if (forged.isPresent()) {
                withRetry(() -> deadLetters.send(record, forged.get()));
                continue;
            }
            ParsedEvent parsed;
            try {
                parsed = parser.parse(topicType, record.value());
            } catch (RuntimeException e) {
                parsed = new ParsedEvent.Poison("could not build the notification");
            }
            switch (parsed) {
                case ParsedEvent.Notify notify -> {
                    for (NotificationDraft draft : notify.drafts()) {
                        drafts.add(draft);
                        sources.add(record);
                    }
                    if (notify.rejectedPart() != null) {
                        LOG.warnf("event %s-%d@%d: %s; dead-lettered, its other notification stored", record.topic(),
                                record.partition(), record.offset(), notify.rejectedPart());
                        withRetry(() -> deadLetters.send(record, notify.rejectedPart()));
                    }
                }
                case ParsedEvent.Ignore ignore -> LOG.debugf("event %s-%d@%d ignored: %s", record.topic(),
                        record.partition(), record.offset(), ignore.why());
                case ParsedEvent.Poison poison -> withRetry(() -> deadLetters.send(record, poison.reason()));
            }
        }
        if (!drafts.isEmpty()) {
            boolean[] waiting = {false};
            withRetry(() -> waiting[0] = storeAll(drafts, sources));
            if (waiting[0]) {
                dispatcher.wake(Dispatcher.Wake.STORED); // after the commit: what the store did not hand off
            }
        }
        LOG.debugf("%s: %d event(s) handled in %d ms; the oldest was produced %d ms before", topicType.topic(), count,
                System.currentTimeMillis() - started, started - oldest);
    }

    /** Returns whether it left anything for a claim ({@link StoredBatch#leftWaiting()}). */
    private boolean storeAll(List<NotificationDraft> drafts, List<ConsumerRecord<String, String>> sources)
            throws Exception {
        try {
            return store(drafts);
        } catch (SQLException e) {
            if (!isDataError(e)) {
                throw e;
            }
            // One record the database refuses must not block the rest: store them one by one.
            boolean waiting = false;
            for (int i = 0; i < drafts.size(); i++) {
                try {
                    waiting |= store(List.of(drafts.get(i)));
                } catch (SQLException single) {
                    if (!isDataError(single)) {
                        throw single;
                    }
                    deadLetters.send(sources.get(i), "refused by the database (SQLState " + single.getSQLState() + ")");
                }
            }
            return waiting;
        }
    }

    /** One store transaction with the room the dispatcher offers; what it leased is started after the commit. */
    private boolean store(List<NotificationDraft> drafts) throws SQLException {
        LeaseOffer offer = dispatcher.offer(drafts);
        StoredBatch batch = null;
        try {
            batch = store.store(drafts, offer);
        } finally {
            dispatcher.handOff(offer, batch == null ? List.of() : batch.leased(),
                    batch == null ? 0 : batch.leaseSetNanos());
        }
        log(batch, drafts);
        return batch.leftWaiting();
    }

    private static boolean isDataError(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23"));
    }

    /** A line per stored notification, carrying the request id of its event (docs/contract.md §0). */
    private static void log(StoredBatch batch, List<NotificationDraft> drafts) {
        java.util.Map<UUID, String> requestIds = new java.util.HashMap<>();
        drafts.forEach(d -> requestIds.put(d.eventId(), d.requestId()));
        for (StoredNotification n : batch.stored()) {
            try (LogContext.Scope ignored = LogContext.requestId(requestIds.get(n.eventId()))) {
                if (n.status() == NotificationStatus.PENDING) {
                    LOG.debugf("notification %s stored PENDING for event %s", n.id(), n.eventId());
                } else {
                    LOG.infof("notification %s stored %s for event %s: %s", n.id(), n.status(), n.eventId(),
                            n.reason());
                }
            }
        }
        for (UUID eventId : batch.duplicateEvents()) {
            LOG.debugf("event %s was already stored; nothing changed", eventId);
        }
        for (UUID older : batch.obsoleted()) {
            LOG.infof("notification %s superseded by a newer event for its resource: not sent (again)", older);
        }
    }

    /** Waits (this batch's worker thread) until the registry was read to its end offsets at start. */
    private void awaitMerchants() {
        boolean logged = false;
        while (!registry.caughtUp()) {
            if (stopping) {
                throw new IllegalStateException("shutting down before the merchants were read; the events will be "
                        + "consumed again");
            }
            if (!logged) {
                LOG.info("events wait until merchant-config has been read (readiness check merchant-config)");
                logged = true;
            }
            try {
                registry.awaitCaughtUp(Duration.ofSeconds(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted before the merchants were read", e);
            }
        }
    }

    private void withRetry(Step step) {
        long backoff = 200;
        while (true) {
            try {
                step.run();
                return;
            } catch (Exception e) {
                if (stopping) {
                    throw new IllegalStateException("shutting down with events not stored; they will be consumed again", e);
                }
                LOG.warnf("storing events failed (%s); retrying in %d ms", e.getMessage(), backoff);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted with events not stored", ie);
                }
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }
}
