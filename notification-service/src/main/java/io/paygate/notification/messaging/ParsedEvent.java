package io.paygate.notification.messaging;

import io.paygate.notification.NotificationDraft;

import java.util.List;

/** What one Kafka record turned into: a notification to store, an event nobody is notified of, or poison. */
sealed interface ParsedEvent {

    /**
     * Becomes one notification or two (a payment made through SNAP: its §6 notification and its SNAP one).
     * {@code rejectedPart}, when not null, is why a part could not be made (a SNAP body its event lacks data for): the
     * record also goes to the dead-letter topic with it, and the rest is stored.
     */
    record Notify(List<NotificationDraft> drafts, String rejectedPart) implements ParsedEvent {

        Notify(NotificationDraft draft) {
            this(List.of(draft), null);
        }
    }

    /** A valid event of a state the merchant is not notified of (e.g. a payment becoming PROCESSING). */
    record Ignore(String why) implements ParsedEvent {
    }

    /** Cannot become a notification: goes to the dead-letter topic with {@code reason}. */
    record Poison(String reason) implements ParsedEvent {
    }
}
