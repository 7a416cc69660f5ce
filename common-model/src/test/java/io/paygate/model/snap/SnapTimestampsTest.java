package io.paygate.model.snap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SnapTimestampsTest {

    static final Instant AT = Instant.parse("2026-11-21T03:15:30Z");
    static final Clock CLOCK = Clock.fixed(AT, ZoneOffset.UTC);

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-21T10:15:30+07:00", "2026-11-21T03:15:30Z", "2026-11-21T03:15:30.000Z",
            "2026-11-21T03:15:30.0Z", "2026-11-21T03:15:30.000000Z", "2026-11-21T03:15:30.000000000+00:00",
            "2026-11-20T22:15:30-05:00", "2026-11-21T03:15:30-00:00"})
    void acceptsIsoWithZOrOffsetWithOrWithoutFractions(String timestamp) {
        assertEquals(AT, SnapTimestamps.parse(timestamp).toInstant());
        assertEquals(AT, SnapTimestamps.requireFresh(timestamp, CLOCK, SnapTimestamps.DEFAULT_TOLERANCE));
    }

    @Test
    void keepsTheFraction() {
        assertEquals(Instant.parse("2026-11-21T03:15:30.068Z"), SnapTimestamps.parse("2026-11-21T03:15:30.068Z").toInstant());
        assertEquals(Instant.parse("2026-11-21T03:15:30.123456Z"),
                SnapTimestamps.parse("2026-11-21T03:15:30.123456+00:00").toInstant());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-21 10:15:30", "2026-11-21T10:15:30", "2026-11-21T10:15+07:00",
            "2026-11-21T10:15:30+0700", "2026-11-21T10:15:30+07", "2026-11-21T10:15:30.Z", "2026-11-21T10:15:30.1234567890Z",
            "2026-11-21t10:15:30Z", "2026-11-21T10:15:30z", "2026-02-30T10:15:30Z", "2026-11-21T24:00:00Z",
            "1763694930", "2026-11-21T10:15:30+07:00 ", "", "2026-11-21T10:15:30+07:00[Asia/Jakarta]"})
    void refusesOtherForms(String timestamp) {
        assertThrows(DateTimeParseException.class, () -> SnapTimestamps.parse(timestamp));
        SnapSignatureException e = assertThrows(SnapSignatureException.class,
                () -> SnapTimestamps.requireFresh(timestamp, CLOCK, SnapTimestamps.DEFAULT_TOLERANCE));
        assertEquals(timestamp.isBlank() ? SnapSignatureException.MISSING_TIMESTAMP
                : SnapSignatureException.INVALID_TIMESTAMP, e.reason());
    }

    @Test
    void refusesAVeryLongValueWithoutParsingIt() {
        String longValue = "2026-11-21T10:15:30." + "1".repeat(10_000) + "Z";
        assertThrows(DateTimeParseException.class, () -> SnapTimestamps.parse(longValue));
    }

    @Test
    void theWindowIsThreeHundredSecondsEitherWayInclusive() {
        for (long seconds : new long[]{-300, 300}) {
            String edge = SnapTimestamps.format(OffsetDateTime.ofInstant(AT.plusSeconds(seconds), ZoneOffset.ofHours(7)));
            assertEquals(AT.plusSeconds(seconds), SnapTimestamps.requireFresh(edge, CLOCK, Duration.ofSeconds(300)));
        }
        for (long seconds : new long[]{-301, 301}) {
            String outside = SnapTimestamps.format(OffsetDateTime.ofInstant(AT.plusSeconds(seconds), ZoneOffset.UTC));
            SnapSignatureException e = assertThrows(SnapSignatureException.class,
                    () -> SnapTimestamps.requireFresh(outside, CLOCK, Duration.ofSeconds(300)));
            assertEquals(SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW, e.reason());
        }
        String millisLate = "2026-11-21T03:20:30.001Z";
        assertThrows(SnapSignatureException.class,
                () -> SnapTimestamps.requireFresh(millisLate, CLOCK, Duration.ofSeconds(300)));
    }

    @Test
    void missingIsMissing() {
        SnapSignatureException e = assertThrows(SnapSignatureException.class,
                () -> SnapTimestamps.requireFresh(null, CLOCK, Duration.ofSeconds(300)));
        assertEquals("Missing X-TIMESTAMP", e.reason());
    }

    @Test
    void formatsToTheSecondWithTheZonesOffset() {
        assertEquals("2026-11-21T10:15:30+07:00",
                SnapTimestamps.now(Clock.fixed(AT.plusMillis(999), ZoneOffset.UTC), ZoneId.of("Asia/Jakarta")));
        assertEquals("2026-11-21T03:15:30Z", SnapTimestamps.now(CLOCK, ZoneOffset.UTC));
    }
}
