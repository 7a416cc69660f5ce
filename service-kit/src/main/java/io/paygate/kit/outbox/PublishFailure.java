package io.paygate.kit.outbox;

import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;

import java.util.concurrent.ExecutionException;

/**
 * Why one event was not published, and whether that is the event's own fault. Only failures that would recur for
 * this record whatever the broker's health count towards parking it: the record is too large for the topic
 * ({@code max.message.bytes}) or the producer, the service's principal may not write the topic, the topic name is
 * invalid, the value cannot be serialized, or the stored payload cannot be signed (no readable {@code sequence}).
 * Everything else, retriable Kafka errors (timeouts, no leader, network, not enough replicas) as much as failed
 * authentication, cluster authorization or a fenced producer, is about the broker or the service's setup and
 * would fail every event alike: an outage, retried with the relay's backoff, never parking anything.
 */
record PublishFailure(String message, boolean eventsOwn) {

    private static final int MAX_MESSAGE = 500;

    static PublishFailure of(Throwable error) {
        Throwable cause = error instanceof ExecutionException && error.getCause() != null ? error.getCause() : error;
        return new PublishFailure(describe(cause), isEventsOwn(cause));
    }

    /** The stored payload could not be turned into a signed record. */
    static PublishFailure unsignable(RuntimeException error) {
        return new PublishFailure(describe(error), true);
    }

    static PublishFailure outage(String message) {
        return new PublishFailure(message, false);
    }

    private static boolean isEventsOwn(Throwable cause) {
        return cause instanceof RecordTooLargeException
                || cause instanceof RecordBatchTooLargeException
                || cause instanceof TopicAuthorizationException
                || cause instanceof InvalidTopicException
                || cause instanceof SerializationException;
    }

    private static String describe(Throwable cause) {
        String text = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        return text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) : text;
    }
}
