package io.paygate.model.merchant;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MerchantStateTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");
    private static final Sealed A = new Sealed("0a0b0c0d", "AAAA");
    private static final Sealed B = new Sealed("0a0b0c0d", "BBBB");

    @Test
    void travelsAsAnEnvelopeKeyedByTheMerchantAloneAndReadsBackTheSame() {
        MerchantState state = new MerchantState("demo", "Demo", MerchantStatus.ACTIVE, "sandbox", "IDR",
                List.of("CARD"), List.of("203.0.113.0/24"), new MerchantState.RateLimit(5, 10), null, 1,
                new MerchantState.RotatingSecret(A, B, NOW.plusSeconds(60), NOW, null), MerchantState.RotatingSecret.of(B),
                null, new MerchantState.SnapState("demo", "PEM", null, null, List.of("   12345"), A, null, null, null),
                7, NOW);
        EventEnvelope envelope = EventEnvelope.of(state, Clock.systemUTC());
        assertEquals("demo", envelope.key());
        assertEquals(EventTypes.MERCHANT_CONFIG, envelope.type());
        assertEquals(7, envelope.sequence());
        MerchantState read = EventEnvelope.fromJson(envelope.toJson()).dataAs(MerchantState.class);
        assertEquals(state, read);
        assertEquals(List.of("   12345"), read.snap().partnerServiceIds());
    }

    @Test
    void aPreviousSecretLivesUntilItsExpiryAndSignsUntilActivated() {
        MerchantState.RotatingSecret rotated = new MerchantState.RotatingSecret(A, B, NOW.plusSeconds(60), NOW, false);
        assertTrue(rotated.previousLive(NOW.plusSeconds(59)));
        assertFalse(rotated.previousLive(NOW.plusSeconds(60)));
        assertEquals(B, rotated.signing(NOW), "the previous signs until the merchant activates");
        assertEquals(A, rotated.signing(NOW.plusSeconds(60)), "the grace ended");
        MerchantState.RotatingSecret activated = new MerchantState.RotatingSecret(A, B, NOW.plusSeconds(60), NOW, true);
        assertEquals(A, activated.signing(NOW));
    }

    @Test
    void aNextSigningKeySignsFromItsActivation() {
        MerchantState.SnapState snap = new MerchantState.SnapState("demo", "PEM", "OLD", NOW.plusSeconds(5), null, A,
                null, B, NOW.plusSeconds(10));
        assertFalse(snap.nextSigningKeyActive(NOW.plusSeconds(9)));
        assertTrue(snap.nextSigningKeyActive(NOW.plusSeconds(10)));
        assertTrue(snap.previousPublicKeyLive(NOW));
        assertFalse(snap.previousPublicKeyLive(NOW.plusSeconds(5)));
    }

    @Test
    void unknownMembersAreIgnoredSoNewerProducersDoNotStopOlderReaders() {
        String json = "{\"id\":\"m1\",\"status\":\"SUSPENDED\",\"clientSecret\":{\"current\":{\"kid\":\"k\",\"value\":\"v\"}},"
                + "\"version\":3,\"somethingNew\":1}";
        MerchantState state = Json.read(json, MerchantState.class);
        assertTrue(state.suspended());
        assertEquals(List.of(), state.methods());
    }
}
