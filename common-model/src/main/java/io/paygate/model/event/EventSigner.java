package io.paygate.model.event;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.paygate.model.crypto.Hmac;
import io.paygate.model.event.EventSignatureException.Reason;
import io.paygate.model.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * Signs and verifies events between the services (docs/contract.md §7), Svix-shaped: small, final, thread-safe.
 *
 * <p>The record header {@code paygate-signature} holds {@code v1,} + base64 HMAC-SHA256 over
 * {@code eventId + "." + sequence + "." + value}, where {@code value} is the exact record value bytes as published,
 * {@code eventId} the envelope's id as written ({@code UUID.toString()}) and {@code sequence} in decimal. The key is the
 * UTF-8 bytes of {@code gateway.events.signing-key}, at least {@value #MIN_KEY_BYTES} bytes.
 *
 * <p>Rotation: construct with several keys, the current one first. {@link #sign} writes one {@code v1,} entry per key,
 * space-separated (as Standard Webhooks does); {@link #verify} accepts a header when any {@code v1,} entry matches any
 * key. So during a rotation every service holds the new key as current and the old one as previous, and producers
 * and consumers may be switched in any order. Entries of other versions are skipped. Comparisons are constant-time.
 */
public final class EventSigner {

    /** The record header. */
    public static final String HEADER = "paygate-signature";
    /** Prefix of each signature entry. */
    public static final String VERSION_PREFIX = "v1,";
    /** Shortest key accepted, in bytes. */
    public static final int MIN_KEY_BYTES = 32;

    static final int MAX_HEADER_LENGTH = 1024;
    private static final int SIGNATURE_BYTES = 32;

    private final List<Hmac> keys;

    /**
     * @param keys the current key first, then any still accepted (rotation); each at least {@value #MIN_KEY_BYTES}
     *             bytes
     * @throws IllegalArgumentException when there is no key or one is too short
     */
    public EventSigner(List<byte[]> keys) {
        Objects.requireNonNull(keys, "keys");
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("An event signing key is required");
        }
        List<Hmac> macs = new ArrayList<>();
        for (byte[] key : keys) {
            if (key == null || key.length < MIN_KEY_BYTES) {
                throw new IllegalArgumentException("An event signing key must be at least " + MIN_KEY_BYTES + " bytes");
            }
            macs.add(Hmac.sha256(key));
        }
        this.keys = List.copyOf(macs);
    }

    /**
     * A signer for configured keys: the UTF-8 bytes of {@code current}, then of each {@code previous} that is set
     * (null or blank ones are skipped).
     *
     * @throws IllegalArgumentException when {@code current} is unset or a key is shorter than {@value #MIN_KEY_BYTES} bytes
     */
    public static EventSigner of(String current, String... previous) {
        if (current == null || current.isBlank()) {
            throw new IllegalArgumentException("An event signing key is required");
        }
        List<byte[]> keys = new ArrayList<>();
        keys.add(current.getBytes(StandardCharsets.UTF_8));
        for (String key : previous) {
            if (key != null && !key.isBlank()) {
                keys.add(key.getBytes(StandardCharsets.UTF_8));
            }
        }
        return new EventSigner(keys);
    }

    /** The header value for one record: {@code v1,<base64>} per key, current key first, separated by single spaces. */
    public String sign(String eventId, long sequence, byte[] value) {
        byte[] prefix = signedPrefix(eventId, sequence);
        Objects.requireNonNull(value, "value");
        StringBuilder header = new StringBuilder(48 * keys.size());
        for (Hmac key : keys) {
            if (!header.isEmpty()) {
                header.append(' ');
            }
            header.append(VERSION_PREFIX).append(Base64.getEncoder().encodeToString(key.mac(prefix, value)));
        }
        return header.toString();
    }

    /**
     * Verifies a record whose {@code eventId} and {@code sequence} are read from its value (the envelope's top-level
     * members), as a consumer does before it trusts anything in it.
     *
     * @param header the {@code paygate-signature} header (null when absent)
     * @param value  the record value bytes as received
     * @throws EventSignatureException when the header is missing, malformed or matches no key, or the value carries
     *                                 no {@code eventId} and {@code sequence}
     */
    public void verify(String header, byte[] value) {
        requirePresent(header);
        SignedFields fields = signedFields(value);
        verify(header, fields.eventId(), fields.sequence(), value);
    }

    /**
     * Verifies a header against the signed fields.
     *
     * @throws EventSignatureException when the header is missing, malformed or matches no key
     */
    public void verify(String header, String eventId, long sequence, byte[] value) {
        requirePresent(header);
        if (header.length() > MAX_HEADER_LENGTH) {
            throw new EventSignatureException(Reason.MALFORMED, HEADER + " header too long");
        }
        List<byte[]> received = new ArrayList<>();
        for (String entry : header.strip().split(" +")) {
            if (!entry.startsWith(VERSION_PREFIX)) {
                if (entry.matches("v[0-9]+,.*")) {
                    continue; // another version: not ours to judge
                }
                throw new EventSignatureException(Reason.MALFORMED, HEADER + " entry is not version,signature");
            }
            byte[] signature;
            try {
                signature = Base64.getDecoder().decode(entry.substring(VERSION_PREFIX.length()));
            } catch (IllegalArgumentException e) {
                throw new EventSignatureException(Reason.MALFORMED, HEADER + " v1 entry is not base64");
            }
            if (signature.length != SIGNATURE_BYTES) {
                throw new EventSignatureException(Reason.MALFORMED, HEADER + " v1 entry is not an HMAC-SHA256");
            }
            received.add(signature);
        }
        if (received.isEmpty()) {
            throw new EventSignatureException(Reason.MALFORMED, HEADER + " has no v1 entry");
        }
        byte[] prefix = signedPrefix(eventId, sequence);
        Objects.requireNonNull(value, "value");
        boolean matched = false;
        for (Hmac key : keys) {
            byte[] expected = key.mac(prefix, value);
            for (byte[] signature : received) {
                matched |= MessageDigest.isEqual(expected, signature);
            }
        }
        if (!matched) {
            throw new EventSignatureException(Reason.MISMATCH, HEADER + " matches no event signing key");
        }
    }

    /**
     * The top-level {@code eventId} (text as written) and {@code sequence} of a record value, read without building
     * the envelope; what the producer signed them as.
     *
     * @throws EventSignatureException ({@link Reason#MALFORMED}) when the value is not a JSON object with exactly one
     *                                 textual {@code eventId} and one integral {@code sequence}
     */
    public static SignedFields signedFields(byte[] value) {
        if (value == null || value.length == 0) {
            throw new EventSignatureException(Reason.MALFORMED, "empty value: nothing to verify");
        }
        String eventId = null;
        Long sequence = null;
        try (JsonParser parser = Json.mapper().getFactory().createParser(value)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw unsigned();
            }
            JsonToken token;
            while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken member = parser.nextToken();
                if ("eventId".equals(name)) {
                    if (eventId != null || member != JsonToken.VALUE_STRING) {
                        throw unsigned();
                    }
                    eventId = parser.getText();
                } else if ("sequence".equals(name)) {
                    if (sequence != null || member != JsonToken.VALUE_NUMBER_INT
                            || parser.getNumberType() != JsonParser.NumberType.INT
                            && parser.getNumberType() != JsonParser.NumberType.LONG) {
                        throw unsigned();
                    }
                    sequence = parser.getLongValue();
                } else {
                    parser.skipChildren();
                }
            }
            if (token != JsonToken.END_OBJECT) {
                throw unsigned();
            }
        } catch (IOException e) {
            throw unsigned();
        }
        if (eventId == null || sequence == null) {
            throw unsigned();
        }
        return new SignedFields(eventId, sequence);
    }

    /** What the signature covers besides the value. */
    public record SignedFields(String eventId, long sequence) {
    }

    private static void requirePresent(String header) {
        if (header == null || header.isBlank()) {
            throw new EventSignatureException(Reason.MISSING, "no " + HEADER + " header");
        }
    }

    private static byte[] signedPrefix(String eventId, long sequence) {
        Objects.requireNonNull(eventId, "eventId");
        return (eventId + "." + sequence + ".").getBytes(StandardCharsets.UTF_8);
    }

    private static EventSignatureException unsigned() {
        return new EventSignatureException(Reason.MALFORMED, "value has no single eventId and sequence to verify");
    }

    /** Never a key. */
    @Override
    public String toString() {
        return "EventSigner[" + keys.size() + " key(s)]";
    }
}
