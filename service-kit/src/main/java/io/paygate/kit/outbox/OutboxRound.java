package io.paygate.kit.outbox;

import io.micrometer.core.instrument.Counter;
import io.paygate.kit.observability.LogContext;
import io.paygate.model.event.EventSigner;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One round of the leading relay, on its session: takes the oldest due events in position order, sends them in
 * <em>waves</em> (the first event of every key, then once those are acknowledged the second of every key whose first
 * went through, …) and marks each wave published. A key's event is therefore never sent before the one before it
 * is acknowledged: when one fails, the later ones of its key wait for the next round, whatever the producer does
 * with later batches of the same partition after a failed one. A key = topic + {@code msg_key}
 * ({@code merchantId:resourceId}).
 *
 * <p>A failure of the event's own ({@link PublishFailure}) counts an attempt and makes the event wait
 * {@code retry-backoff} (doubling, at most a minute) while the other keys go on; at {@code max-attempts} it is
 * parked, and so is every later event of its key, now and when more arrive ({@code last_error} = "held behind
 * parked event …"): a key's events never overtake a parked one, they wait with it for an operator
 * ({@link OutboxParking}). An outage fails the round with nothing counted.
 */
final class OutboxRound {

    private static final Logger LOG = Logger.getLogger(OutboxRound.class);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    private static final String CLAIM = """
            SELECT o.id, o.topic, o.msg_key, o.payload, o.position,
                   (SELECT p.id FROM outbox_event p
                    WHERE p.topic = o.topic AND p.msg_key = o.msg_key AND p.position < o.position
                      AND p.published_at IS NULL AND p.parked_at IS NOT NULL
                    ORDER BY p.position LIMIT 1) AS parked_before
            FROM outbox_event o
            WHERE o.published_at IS NULL AND o.parked_at IS NULL
              AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= now())
              AND NOT EXISTS (SELECT 1 FROM outbox_event w
                              WHERE w.topic = o.topic AND w.msg_key = o.msg_key AND w.position < o.position
                                AND w.published_at IS NULL AND w.parked_at IS NULL AND w.next_attempt_at > now())
            ORDER BY o.position LIMIT ?""";
    private static final String FAILED = """
            UPDATE outbox_event SET publish_attempts = publish_attempts + 1, last_error = ?,
                next_attempt_at = now() + LEAST(?, ? * power(2, LEAST(publish_attempts, 20))::bigint)
                                          * interval '1 millisecond',
                parked_at = CASE WHEN publish_attempts + 1 >= ? THEN now() END
            WHERE id = ? AND published_at IS NULL RETURNING parked_at IS NOT NULL, publish_attempts""";
    private static final String HOLD_BEHIND = """
            UPDATE outbox_event SET parked_at = now(), last_error = ?
            WHERE topic = ? AND msg_key = ? AND position > ? AND published_at IS NULL AND parked_at IS NULL
              AND EXISTS (SELECT 1 FROM outbox_event b WHERE b.id = ? AND b.parked_at IS NOT NULL)""";

    private final Producer<String, String> producer;
    private final EventSigner signer;
    private final RelaySettings settings;
    private final Counter parked;

    OutboxRound(Producer<String, String> producer, EventSigner signer, RelaySettings settings, Counter parked) {
        this.producer = producer;
        this.signer = signer;
        this.settings = settings;
        this.parked = parked;
    }

    /** What a round did: events taken, and the outage that stopped it (null when there was none). */
    record Result(int claimed, String outage) {
    }

    Result run(Connection session) throws SQLException, InterruptedException {
        List<Row> rows = claim(session);
        Map<String, Deque<Row>> byKey = new LinkedHashMap<>();
        for (Row row : rows) {
            if (row.parkedBefore != null) {
                hold(session, row, row.parkedBefore);
            } else {
                byKey.computeIfAbsent(row.topic + '\n' + row.key, k -> new ArrayDeque<>()).add(row);
            }
        }
        String outage = null;
        while (!byKey.isEmpty() && outage == null) {
            List<Row> wave = new ArrayList<>(byKey.size());
            byKey.values().forEach(queue -> wave.add(queue.poll()));
            byKey.values().removeIf(Deque::isEmpty);
            List<UUID> published = new ArrayList<>();
            Map<Row, PublishFailure> failures = send(wave, published);
            markPublished(session, published);
            for (Map.Entry<Row, PublishFailure> failure : failures.entrySet()) {
                Row row = failure.getKey();
                byKey.remove(row.topic + '\n' + row.key); // its later events wait for it
                if (failure.getValue().eventsOwn()) {
                    recordOwnFailure(session, row, failure.getValue().message());
                } else if (outage == null) {
                    outage = failure.getValue().message();
                }
            }
        }
        return new Result(rows.size(), outage);
    }

    private List<Row> claim(Connection session) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement claim = session.prepareStatement(CLAIM)) {
            claim.setInt(1, settings.batchSize());
            try (ResultSet rs = claim.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Row(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getLong(5), rs.getObject(6, UUID.class)));
                }
            }
        }
        return rows;
    }

    /** Sends one wave (at most one event per key) and waits for every acknowledgement. */
    private Map<Row, PublishFailure> send(List<Row> wave, List<UUID> published) throws InterruptedException {
        Map<Row, PublishFailure> failures = new LinkedHashMap<>();
        List<Row> sent = new ArrayList<>(wave.size());
        List<Future<RecordMetadata>> acks = new ArrayList<>(wave.size());
        for (Row row : wave) {
            ProducerRecord<String, String> record;
            try {
                record = signed(row);
            } catch (RuntimeException unreadable) {
                failures.put(row, PublishFailure.unsignable(unreadable));
                continue;
            }
            Future<RecordMetadata> ack;
            try {
                ack = producer.send(record);
            } catch (RuntimeException e) {
                ack = java.util.concurrent.CompletableFuture.failedFuture(e);
            }
            PublishFailure failedAtOnce = failedAlready(ack);
            if (failedAtOnce != null) {
                failures.put(row, failedAtOnce);
                if (!failedAtOnce.eventsOwn()) {
                    break; // no metadata (broker unreachable): each further send would block max.block.ms for nothing
                }
                continue;
            }
            acks.add(ack);
            sent.add(row);
        }
        long deadline = System.nanoTime() + settings.publishTimeout().toNanos();
        for (int i = 0; i < acks.size(); i++) {
            try {
                acks.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                published.add(sent.get(i).id);
            } catch (ExecutionException e) {
                failures.put(sent.get(i), PublishFailure.of(e));
            } catch (TimeoutException e) {
                failures.put(sent.get(i), PublishFailure.outage("no acknowledgement within " + settings.publishTimeout()));
            }
        }
        return failures;
    }

    private static PublishFailure failedAlready(Future<RecordMetadata> ack) throws InterruptedException {
        if (!ack.isDone()) {
            return null;
        }
        try {
            ack.get();
            return null;
        } catch (ExecutionException e) {
            return PublishFailure.of(e);
        }
    }

    /**
     * The record with its producer signature (docs/contract.md §7): header {@code paygate-signature} over the row id (the
     * eventId), the envelope's sequence and the value bytes exactly as the StringSerializer writes them (UTF-8).
     */
    private ProducerRecord<String, String> signed(Row row) {
        ProducerRecord<String, String> record = new ProducerRecord<>(row.topic, row.key, row.payload);
        byte[] value = row.payload.getBytes(StandardCharsets.UTF_8);
        long sequence = EventSigner.signedFields(value).sequence();
        record.headers().add(EventSigner.HEADER,
                signer.sign(row.id.toString(), sequence, value).getBytes(StandardCharsets.US_ASCII));
        return record;
    }

    private static void markPublished(Connection session, List<UUID> ids) throws SQLException {
        if (ids.isEmpty()) {
            return;
        }
        try (PreparedStatement mark = session.prepareStatement(
                "UPDATE outbox_event SET published_at = now(), next_attempt_at = NULL WHERE id = ANY (?)")) {
            mark.setArray(1, session.createArrayOf("uuid", ids.toArray()));
            mark.executeUpdate();
        }
    }

    private void recordOwnFailure(Connection session, Row row, String error) throws SQLException {
        boolean nowParked;
        int attempts;
        try (PreparedStatement failed = session.prepareStatement(FAILED)) {
            long first = settings.retryBackoff().toMillis();
            failed.setString(1, error);
            failed.setLong(2, Math.max(first, MAX_BACKOFF.toMillis()));
            failed.setLong(3, first);
            failed.setInt(4, settings.maxAttempts());
            failed.setObject(5, row.id);
            try (ResultSet rs = failed.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                nowParked = rs.getBoolean(1);
                attempts = rs.getInt(2);
            }
        }
        // The request that wrote the event, for these lines too (docs/contract.md §0 "Request ids").
        try (LogContext.Scope ignored = LogContext.requestId(LogContext.requestIdIn(row.payload))) {
            if (nowParked) {
                parked.increment();
                LOG.errorf("outbox: event %s (topic %s, key %s) parked after %d attempts: %s", row.id, row.topic,
                        row.key, attempts, error);
                hold(session, row, row.id);
                return;
            }
            LOG.warnf("outbox: event %s (topic %s, key %s) failed, attempt %d of %d: %s", row.id, row.topic, row.key,
                    attempts, settings.maxAttempts(), error);
        }
    }

    /** Parks the events of {@code row}'s key after {@code blocker}'s position (or {@code row} itself when held). */
    private void hold(Connection session, Row row, UUID blocker) throws SQLException {
        long after = blocker.equals(row.id) ? row.position : row.position - 1;
        try (PreparedStatement hold = session.prepareStatement(HOLD_BEHIND)) {
            hold.setString(1, "held behind parked event " + blocker);
            hold.setString(2, row.topic);
            hold.setString(3, row.key);
            hold.setLong(4, after);
            hold.setObject(5, blocker); // an operator may have handed the blocker back since the claim
            int held = hold.executeUpdate();
            if (held > 0) {
                parked.increment(held);
                LOG.warnf("outbox: %d later event(s) of key %s (topic %s) parked behind event %s", held, row.key,
                        row.topic, blocker);
            }
        }
    }

    private record Row(UUID id, String topic, String key, String payload, long position, UUID parkedBefore) {
    }
}
