package io.paygate.ledger.events;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventSignatureException;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Every consumed record's producer signature (docs/contract.md §7, as notification-service checks it): header
 * {@code paygate-signature} must verify with {@code gateway.events.signing-key} (or the previous key during a
 * rotation) before anything in it is believed. A record that fails posts nothing and is counted in
 * {@code paygate_events_rejected_total{topic, reason}} ({@code missing}, {@code malformed}, {@code mismatch}).
 */
@Startup
@ApplicationScoped
public class EventAuthenticity {

    static final String REJECTED = "paygate.events.rejected";

    private final EventSigner signer;
    private final MeterRegistry metrics;

    EventAuthenticity(EventSigner signer, MeterRegistry metrics) {
        this.signer = signer;
        this.metrics = metrics;
        for (String topic : List.of(Topics.PAYMENT_STATUS, Topics.DISBURSEMENT_STATUS)) {
            for (EventSignatureException.Reason reason : EventSignatureException.Reason.values()) {
                Counter.builder(REJECTED).description("Events refused: producer signature missing, malformed or wrong")
                        .tag("topic", topic).tag("reason", reason.tag()).register(metrics);
            }
        }
    }

    /** Empty when the record is authentic; otherwise why not (it has been counted). */
    public Optional<String> rejection(ConsumerRecord<String, String> record) {
        Header header = record.headers().lastHeader(EventSigner.HEADER);
        try {
            signer.verify(header == null || header.value() == null ? null
                            : new String(header.value(), StandardCharsets.UTF_8),
                    record.value() == null ? null : record.value().getBytes(StandardCharsets.UTF_8));
            return Optional.empty();
        } catch (EventSignatureException e) {
            metrics.counter(REJECTED, "topic", record.topic(), "reason", e.reason().tag()).increment();
            return Optional.of("signature " + e.reason().tag() + ": " + e.getMessage());
        }
    }
}
