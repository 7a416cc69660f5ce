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
 * in its entry's transaction), ignored, parked or refused. A record that cannot be posted now (the database away) is
 * tried again until it is ({@link PostingRetry}): nothing throws out of these methods but at shutdown, since a failure
 * would stop the channel for good.
 */
@ApplicationScoped
public class EventConsumer {

    private final EventPosting posting;
    private final PostingRetry retry;

    EventConsumer(EventPosting posting, PostingRetry retry) {
        this.posting = posting;
        this.retry = retry;
    }

    @Incoming(Topics.PAYMENT_STATUS)
    @Blocking(ordered = true)
    public void payments(ConsumerRecords<String, String> records) {
        post(records);
    }

    @Incoming(Topics.DISBURSEMENT_STATUS)
    @Blocking(ordered = true)
    public void disbursements(ConsumerRecords<String, String> records) {
        post(records);
    }

    private void post(ConsumerRecords<String, String> records) {
        for (ConsumerRecord<String, String> record : records) {
            retry.untilDone(record.topic() + "-" + record.partition() + "@" + record.offset(),
                    () -> posting.post(record));
        }
    }
}
