package io.paygate.notification.messaging;

import io.paygate.notification.NotificationDraft;

/** What one Kafka record turned into: a notification to store, an event nobody is notified of, or poison. */
sealed interface ParsedEvent {

    /** Becomes a notification. */
    record Notify(NotificationDraft draft) implements ParsedEvent {
    }

    /** A valid event of a state the merchant is not notified of (e.g. a payment becoming PROCESSING). */
    record Ignore(String why) implements ParsedEvent {
    }

    /** Cannot become a notification: goes to the dead-letter topic with {@code reason}. */
    record Poison(String reason) implements ParsedEvent {
    }
}
