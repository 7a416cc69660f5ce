package io.paygate.kit.events;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventSignatureException;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.quarkus.arc.properties.IfBuildProperty;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The first look at every consumed status record (docs/contract.md §7): its producer signature, header
 * {@code paygate-signature}, must match {@code gateway.events.signing-key} (or, during a rotation,
 * {@code gateway.events.previous-signing-key}) over {@code eventId.sequence.value}, before anything in the value is
 * believed. A record that fails is counted in {@code paygate_events_rejected_total{topic, reason}} ({@code missing},
 * {@code malformed}, {@code mismatch}) and the caller refuses it (notification-service dead-letters it, ledger-service
 * posts nothing).
 *
 * <p>A bean where the service turns it on at build time ({@code gateway.events.consumer=true}: notification-service,
 * ledger-service), made at startup there so that every series of the status topics exists at 0 before the first
 * rejection (an alert on an increase sees the first forged event too); the producers export no such series.
 *
 * <p>The value is checked as the UTF-8 bytes of the deserialized string: identical to the bytes a producer's
 * StringSerializer wrote, so a genuine event verifies; a value that is not valid UTF-8 cannot (the producers never
 * write one).
 */
@Startup
@ApplicationScoped
@IfBuildProperty(name = "gateway.events.consumer", stringValue = "true")
public class EventAuthenticity {

    static final String REJECTED = "paygate.events.rejected";

    private final EventSigner signer;
    private final MeterRegistry metrics;

    EventAuthenticity(EventSigner signer, MeterRegistry metrics) {
        this.signer = signer;
        this.metrics = metrics;
        for (String topic : Topics.ALL) {
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
