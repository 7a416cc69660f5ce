package io.paygate.kit.registry;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.MerchantStateException;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.observability.LogText;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSignatureException;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.EventTypes;
import io.paygate.model.merchant.MerchantState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a record of {@code merchant-config} must be before its merchant is believed (docs/contract.md §7, §10), checked in
 * this order: a value (a tombstone is nothing); the producer signature {@code paygate-signature} by the service's
 * {@link EventSigner} (the same key merchant-service's outbox relay signs with); an envelope of type
 * {@code MerchantConfig} whose key, merchant id and data's id agree and whose sequence is the state's version; every
 * sealed secret opening for this merchant and member, every key and address block parsing ({@link Merchants#read}).
 * A record that fails is refused: counted in {@code paygate_merchant_config_rejected_total{reason}}, logged in one line
 * (where, which key, why; never a value, a secret or a signature), and never applied.
 */
final class MerchantConfigRecords {

    private static final Logger LOG = Logger.getLogger(MerchantConfigRecords.class);
    static final String REJECTED = "paygate.merchant-config.rejected";

    /** Every reason a record is refused for, as its metric tag. */
    enum Rejection {
        EMPTY("empty"), SIGNATURE_MISSING("signature-missing"), SIGNATURE_MALFORMED("signature-malformed"),
        SIGNATURE_MISMATCH("signature-mismatch"), INVALID("invalid"), UNDECRYPTABLE("undecryptable"),
        NO_KEY("no-key");

        final String tag;

        Rejection(String tag) {
            this.tag = tag;
        }
    }

    private final Merchants merchants;
    private final EventSigner signer;
    private final Map<Rejection, Counter> rejected = new LinkedHashMap<>();
    private volatile boolean keyMissing;

    MerchantConfigRecords(Merchants merchants, EventSigner signer, MeterRegistry metrics) {
        this.merchants = merchants;
        this.signer = signer;
        // Every series exists from the start at 0, so an alert on an increase sees the first forged record too.
        for (Rejection reason : Rejection.values()) {
            rejected.put(reason, Counter.builder(REJECTED)
                    .description("merchant-config records refused: unsigned, forged, malformed or undecryptable")
                    .tag("reason", reason.tag).register(metrics));
        }
    }

    /** The merchant of {@code record}, or empty when it was refused (counted and logged). */
    Optional<Merchant> check(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return refuse(record, Rejection.EMPTY, "no value (a tombstone: the registry deletes no merchant)");
        }
        byte[] value = record.value().getBytes(StandardCharsets.UTF_8);
        Header header = record.headers().lastHeader(EventSigner.HEADER);
        try {
            signer.verify(header == null || header.value() == null ? null
                    : new String(header.value(), StandardCharsets.UTF_8), value);
        } catch (EventSignatureException e) {
            Rejection reason = switch (e.reason()) {
                case MISSING -> Rejection.SIGNATURE_MISSING;
                case MALFORMED -> Rejection.SIGNATURE_MALFORMED;
                case MISMATCH -> Rejection.SIGNATURE_MISMATCH;
            };
            return refuse(record, reason, "producer signature " + e.reason().tag());
        }
        MerchantState state;
        try {
            state = state(record);
        } catch (RuntimeException e) {
            // A parser's message may quote the value: only this class's own phrases are logged.
            return refuse(record, Rejection.INVALID, e instanceof InvalidRecord ? e.getMessage()
                    : "not a MerchantConfig envelope with a merchant's state");
        }
        try {
            return Optional.of(merchants.read(state));
        } catch (MerchantStateException e) {
            return refuse(record, e);
        } catch (RuntimeException e) {
            return refuse(record, Rejection.INVALID, "the state could not be read");
        }
    }

    private Optional<Merchant> refuse(ConsumerRecord<String, String> record, MerchantStateException e) {
        Rejection reason = switch (e.reason()) {
            case INVALID -> Rejection.INVALID;
            case UNDECRYPTABLE -> Rejection.UNDECRYPTABLE;
            case NO_KEY -> Rejection.NO_KEY;
        };
        if (reason == Rejection.NO_KEY) {
            keyMissing = true;
        }
        return refuse(record, reason, e.getMessage());
    }

    /** Whether a record was refused because this service has no {@code gateway.merchants.encryption-key}. */
    boolean keyMissing() {
        return keyMissing;
    }

    private static MerchantState state(ConsumerRecord<String, String> record) {
        EventEnvelope envelope = EventEnvelope.fromJson(record.value());
        if (!EventTypes.MERCHANT_CONFIG.equals(envelope.type())) {
            throw new InvalidRecord("type is not " + EventTypes.MERCHANT_CONFIG);
        }
        if (!envelope.merchantId().equals(record.key())) {
            throw new InvalidRecord("record key is not the envelope's merchant id");
        }
        MerchantState state = envelope.dataAs(MerchantState.class);
        if (!state.id().equals(envelope.merchantId())) {
            throw new InvalidRecord("the state's id is not the envelope's merchant id");
        }
        if (state.version() != envelope.sequence()) {
            throw new InvalidRecord("the state's version is not the envelope's sequence");
        }
        return state;
    }

    /** A record that is well-formed JSON but not a merchant's state as the contract says. */
    private static final class InvalidRecord extends RuntimeException {
        InvalidRecord(String message) {
            super(message, null, false, false);
        }
    }

    private Optional<Merchant> refuse(ConsumerRecord<String, String> record, Rejection reason, String why) {
        rejected.get(reason).increment();
        LOG.warnf("merchant-config record %s-%d@%d (key %s) refused, not applied: %s", record.topic(),
                record.partition(), record.offset(), LogText.of(record.key()), LogText.of(why));
        return Optional.empty();
    }
}
