package io.paygate.testsupport.kafka;

import io.paygate.model.event.EventSigner;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

import java.nio.charset.StandardCharsets;

/**
 * Signs hand-made event records the way the services' outbox relay does (docs/contract.md §7, header
 * {@code paygate-signature}), with the key the services run with in tests: {@link #TEST_SIGNING_KEY} is service-kit's
 * {@code %test.gateway.events.signing-key} and what {@code SandboxConfigResource} sets.
 */
public final class SignedEvents {

    /** The event signing key of every service under test. */
    public static final String TEST_SIGNING_KEY = "test-only-paygate-event-signing-key-000";

    /** A second key, for tests of a key rotation (the services run with the test key unless told otherwise). */
    public static final String ROTATED_TEST_SIGNING_KEY = "rotated-test-paygate-event-signing-key1";

    private static final EventSigner SIGNER = EventSigner.of(TEST_SIGNING_KEY);

    private SignedEvents() {
    }

    /** The signer with the test key. */
    public static EventSigner signer() {
        return SIGNER;
    }

    /** {@code record} with a {@code paygate-signature} header from {@code signer} over its (UTF-8) value. */
    public static ProducerRecord<String, String> sign(ProducerRecord<String, String> record, EventSigner signer) {
        byte[] value = record.value().getBytes(StandardCharsets.UTF_8);
        EventSigner.SignedFields fields = EventSigner.signedFields(value);
        record.headers().add(EventSigner.HEADER,
                signer.sign(fields.eventId(), fields.sequence(), value).getBytes(StandardCharsets.US_ASCII));
        return record;
    }

    /** {@code record} signed with the test key. */
    public static ProducerRecord<String, String> sign(ProducerRecord<String, String> record) {
        return sign(record, SIGNER);
    }

    /** Verifies a consumed record's header with the test key (header and value bytes as received). */
    public static void verify(Header header, byte[] value) {
        SIGNER.verify(header == null ? null : new String(header.value(), StandardCharsets.US_ASCII), value);
    }
}
