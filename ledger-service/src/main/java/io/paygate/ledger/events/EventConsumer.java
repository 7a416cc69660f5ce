package io.paygate.ledger.events;

import io.paygate.model.event.Topics;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code payment-status} and {@code disbursement-status} (docs/contract.md §7, §12) in batches, group
 * {@code ledger-service}: a batch is acknowledged when this returns, after each record was posted (once per eventId),
 * ignored, parked or refused, a merchant's records of the batch in one transaction. A record that cannot be posted now (the database away) is
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

    /**
     * The batch's records grouped by the merchant their key names, each group posted in one transaction in the order
     * consumed (a resource's events share a key, so their order holds). One merchant per transaction: a posting locks
     * its merchant's accounts, and a transaction holding two merchants' locks taken in consumption order could
     * deadlock with another holding them the other way round.
     */
    private void post(ConsumerRecords<String, String> records) {
        Map<String, List<ConsumerRecord<String, String>>> byMerchant = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> record : records) {
            byMerchant.computeIfAbsent(merchantOf(record.key()), m -> new ArrayList<>()).add(record);
        }
        for (List<ConsumerRecord<String, String>> group : byMerchant.values()) {
            ConsumerRecord<String, String> first = group.get(0);
            retry.untilDone(first.topic() + "-" + first.partition() + "@" + first.offset() + " (+" + (group.size() - 1)
                    + ")", () -> posting.postAll(group));
        }
    }

    /**
     * The merchant part of a {@code <merchantId>:<resourceId>} key, only to group the batch: the posting reads the
     * merchant from the signed value, so a key that lies costs at most a transaction of its own.
     */
    static String merchantOf(String key) {
        if (key == null) {
            return "";
        }
        int colon = key.indexOf(':');
        return colon < 0 ? key : key.substring(0, colon);
    }
}
