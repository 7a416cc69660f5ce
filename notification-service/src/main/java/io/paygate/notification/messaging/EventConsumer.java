package io.paygate.notification.messaging;

import io.paygate.model.event.Topics;
import io.paygate.notification.NotificationType;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The three event topics (docs/contract.md §7), consumed in batches by the group {@code notification-service} (so a restart
 * resumes where it stopped and replicas split the partitions). A batch is acknowledged when this method returns, that
 * is after every record is stored (idempotently by eventId), ignored or dead-lettered.
 */
@ApplicationScoped
public class EventConsumer {

    private final EventIngestor ingestor;

    EventConsumer(EventIngestor ingestor) {
        this.ingestor = ingestor;
    }

    @Incoming(Topics.PAYMENT_STATUS)
    @Blocking
    public void payments(ConsumerRecords<String, String> records) {
        ingestor.ingest(NotificationType.PAYMENT, records);
    }

    @Incoming(Topics.BINDING_STATUS)
    @Blocking
    public void bindings(ConsumerRecords<String, String> records) {
        ingestor.ingest(NotificationType.BINDING, records);
    }

    @Incoming(Topics.DISBURSEMENT_STATUS)
    @Blocking
    public void disbursements(ConsumerRecords<String, String> records) {
        ingestor.ingest(NotificationType.DISBURSEMENT, records);
    }
}
