package io.paygate.ledger.events;

import io.paygate.model.event.Topics;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * {@code payment-status} and {@code disbursement-status} (docs/contract.md §7, §12) in batches, group
 * {@code ledger-service}: a batch is acknowledged when this returns, after each record was posted (once per eventId,
 * in its entry's transaction), ignored or refused. A failure (the database away) throws, and the batch comes again.
 */
@ApplicationScoped
public class EventConsumer {

    private final EventPosting posting;

    EventConsumer(EventPosting posting) {
        this.posting = posting;
    }

    @Incoming(Topics.PAYMENT_STATUS)
    @Blocking(ordered = true)
    public void payments(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            posting.post(record);
        }
    }

    @Incoming(Topics.DISBURSEMENT_STATUS)
    @Blocking(ordered = true)
    public void disbursements(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            posting.post(record);
        }
    }
}
