package io.paygate.model.event;

import io.paygate.model.event.EventSignatureException.Reason;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code paygate-signature} (docs/contract.md §7) against vectors computed with openssl (see common-model/README.md). */
class EventSignerTest {

    static final String CURRENT = "paygate-event-signing-key-current-0001";
    static final String PREVIOUS = "paygate-event-signing-key-previous-0001";
    static final String EVENT_ID = "0b8f6a3e-5c2d-4e7f-9a1b-2c3d4e5f6a7b";
    static final String VALUE = "{\"eventId\":\"0b8f6a3e-5c2d-4e7f-9a1b-2c3d4e5f6a7b\",\"type\":\"PaymentStatusChanged\","
            + "\"occurredAt\":\"2026-11-21T03:15:42Z\",\"merchantId\":\"demo\",\"resourceId\":\"PC7F3K9Q2M4X8B1N\","
            + "\"sequence\":3,\"data\":{\"paymentCode\":\"PC7F3K9Q2M4X8B1N\",\"status\":\"CAPTURED\"}}";
    static final String SIGNED_WITH_CURRENT = "v1,GzJGOclHvCASailXUcXJBz+Tq9qfN2fbQXZTPjAj/pk=";
    static final String SIGNED_WITH_PREVIOUS = "v1,OGiW+GPKa4CRCyxzsK4BcEsKySJ6/fQ51lY+GDgR+Gc=";

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void signsTheVectorWithTheCurrentKey() {
        assertEquals(SIGNED_WITH_CURRENT, EventSigner.of(CURRENT).sign(EVENT_ID, 3, bytes(VALUE)));
    }

    @Test
    void signsWithEveryKeyCurrentFirstDuringARotation() {
        assertEquals(SIGNED_WITH_CURRENT + " " + SIGNED_WITH_PREVIOUS,
                EventSigner.of(CURRENT, PREVIOUS).sign(EVENT_ID, 3, bytes(VALUE)));
    }

    @Test
    void skipsAnUnsetPreviousKey() {
        assertEquals(SIGNED_WITH_CURRENT, EventSigner.of(CURRENT, (String) null, " ").sign(EVENT_ID, 3, bytes(VALUE)));
    }

    @Test
    void verifiesTheVectorReadingEventIdAndSequenceFromTheValue() {
        assertDoesNotThrow(() -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, bytes(VALUE)));
        assertDoesNotThrow(() -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, EVENT_ID, 3, bytes(VALUE)));
    }

    @Test
    void acceptsAnEventSignedWithThePreviousKeyWhileBothAreHeld() {
        assertDoesNotThrow(() -> EventSigner.of(CURRENT, PREVIOUS).verify(SIGNED_WITH_PREVIOUS, bytes(VALUE)));
    }

    @Test
    void aConsumerStillOnTheOldKeyAcceptsARotatedProducersHeader() {
        String rotatedProducer = EventSigner.of(CURRENT, PREVIOUS).sign(EVENT_ID, 3, bytes(VALUE));
        assertDoesNotThrow(() -> EventSigner.of(PREVIOUS).verify(rotatedProducer, bytes(VALUE)));
    }

    @Test
    void acceptsAnyMatchingEntryAmongSeveral() {
        String other = EventSigner.of("some-other-key-that-is-long-enough-000").sign(EVENT_ID, 3, bytes(VALUE));
        assertDoesNotThrow(() -> EventSigner.of(CURRENT).verify(other + " " + SIGNED_WITH_CURRENT, bytes(VALUE)));
        assertDoesNotThrow(() -> EventSigner.of(CURRENT).verify("v2,whatever " + SIGNED_WITH_CURRENT, bytes(VALUE)));
    }

    @Test
    void refusesThePreviousKeysSignatureOnceThatKeyIsDropped() {
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_PREVIOUS, bytes(VALUE)));
    }

    @Test
    void refusesASignatureFromAnotherKey() {
        String forged = EventSigner.of("an-attacker-key-of-sufficient-length!!").sign(EVENT_ID, 3, bytes(VALUE));
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT, PREVIOUS).verify(forged, bytes(VALUE)));
    }

    @Test
    void refusesATamperedValue() {
        String tampered = VALUE.replace("CAPTURED", "FAILED");
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, bytes(tampered)));
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, bytes(VALUE + " ")));
    }

    @Test
    void refusesATamperedSequence() {
        String raised = VALUE.replace("\"sequence\":3", "\"sequence\":1000000");
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, bytes(raised)));
        assertReason(Reason.MISMATCH,
                () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, EVENT_ID, 1_000_000, bytes(VALUE)));
    }

    @Test
    void refusesATamperedEventId() {
        String otherId = "1b8f6a3e-5c2d-4e7f-9a1b-2c3d4e5f6a7b";
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT,
                bytes(VALUE.replace(EVENT_ID, otherId))));
        assertReason(Reason.MISMATCH,
                () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, otherId, 3, bytes(VALUE)));
    }

    @Test
    void aSignatureIsNotValidForAnotherSequenceEvenOverTheSameValue() {
        // the vector for sequence 1000000 over the same value, computed with openssl
        String forOtherSequence = "v1,qmiTis/HMFFyj4ffrNf7dAI0PMq87YqrWSvmgcAft5A=";
        assertReason(Reason.MISMATCH, () -> EventSigner.of(CURRENT).verify(forOtherSequence, bytes(VALUE)));
        assertDoesNotThrow(() -> EventSigner.of(CURRENT).verify(forOtherSequence, EVENT_ID, 1_000_000, bytes(VALUE)));
    }

    @Test
    void refusesAMissingHeader() {
        assertReason(Reason.MISSING, () -> EventSigner.of(CURRENT).verify(null, bytes(VALUE)));
        assertReason(Reason.MISSING, () -> EventSigner.of(CURRENT).verify("  ", bytes(VALUE)));
        assertReason(Reason.MISSING, () -> EventSigner.of(CURRENT).verify(null, bytes("not json")));
    }

    @Test
    void refusesMalformedHeaders() {
        for (String header : List.of("GzJGOclHvCASailXUcXJBz+Tq9qfN2fbQXZTPjAj/pk=", "v1,not*base64",
                "v1,AAAA", "v2,GzJGOclHvCASailXUcXJBz+Tq9qfN2fbQXZTPjAj/pk=", "v1," + "A".repeat(2000),
                SIGNED_WITH_CURRENT + " garbage")) {
            assertReason(Reason.MALFORMED, () -> EventSigner.of(CURRENT).verify(header, bytes(VALUE)));
        }
    }

    @Test
    void refusesAValueWithoutOneEventIdAndSequence() {
        for (String value : List.of("not json", "[]", "{\"eventId\":\"x\"}", "{\"sequence\":3}",
                "{\"eventId\":\"x\",\"sequence\":\"3\"}", "{\"eventId\":\"x\",\"sequence\":3.5}",
                "{\"eventId\":\"x\",\"eventId\":\"y\",\"sequence\":3}", "{\"eventId\":1,\"sequence\":3}",
                "{\"eventId\":\"x\",\"sequence\":3", "")) {
            assertReason(Reason.MALFORMED, () -> EventSigner.of(CURRENT).verify(SIGNED_WITH_CURRENT, bytes(value)));
        }
    }

    @Test
    void readsOnlyTopLevelMembers() {
        EventSigner.SignedFields fields = EventSigner.signedFields(bytes(
                "{\"data\":{\"eventId\":\"inner\",\"sequence\":9,\"list\":[{\"sequence\":8}]},\"eventId\":\"outer\",\"sequence\":2}"));
        assertEquals(new EventSigner.SignedFields("outer", 2), fields);
    }

    @Test
    void refusesMissingOrShortKeys() {
        assertThrows(IllegalArgumentException.class, () -> EventSigner.of(null));
        assertThrows(IllegalArgumentException.class, () -> EventSigner.of(""));
        assertThrows(IllegalArgumentException.class, () -> EventSigner.of("x".repeat(31)));
        assertThrows(IllegalArgumentException.class, () -> EventSigner.of(CURRENT, "short-previous-key"));
        assertDoesNotThrow(() -> EventSigner.of("x".repeat(32)));
    }

    @Test
    void neverShowsAKey() {
        EventSigner signer = EventSigner.of(CURRENT, PREVIOUS);
        assertFalse(signer.toString().contains(CURRENT));
        EventSignatureException e = assertThrows(EventSignatureException.class,
                () -> signer.verify("v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", bytes(VALUE)));
        assertFalse(e.getMessage().contains("GzJGOclH"));
        IllegalArgumentException shortKey = assertThrows(IllegalArgumentException.class,
                () -> EventSigner.of("short-secret-value"));
        assertFalse(shortKey.getMessage().contains("short-secret-value"));
    }

    private static void assertReason(Reason expected, org.junit.jupiter.api.function.Executable check) {
        EventSignatureException e = assertThrows(EventSignatureException.class, check);
        assertEquals(expected, e.reason(), e.getMessage());
    }
}
