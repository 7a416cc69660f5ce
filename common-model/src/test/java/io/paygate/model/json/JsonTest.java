package io.paygate.model.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    record Sample(BigDecimal amount, Instant at, OffsetDateTime local) {
    }

    private static final Sample SAMPLE = new Sample(new BigDecimal("1.5E+5"), Instant.parse("2026-11-21T03:15:30Z"),
            OffsetDateTime.parse("2026-11-21T10:15:30+07:00"));
    private static final String SAMPLE_JSON =
            "{\"amount\":150000,\"at\":\"2026-11-21T03:15:30Z\",\"local\":\"2026-11-21T10:15:30+07:00\"}";

    @Test
    void writesBigDecimalPlainlyAndDatesAsIsoStrings() {
        assertEquals(SAMPLE_JSON, Json.write(SAMPLE));
    }

    @Test
    void keepsTheOffsetOfDateTimesItReads() {
        assertEquals(SAMPLE.local(), Json.read(SAMPLE_JSON, Sample.class).local());
    }

    @Test
    void treesKeepDecimalTextExactly() {
        assertEquals("{\"a\":150000.00,\"b\":0.10}", Json.write(Json.tree("{\"a\":150000.00,\"b\":0.10}")));
    }

    @Test
    void ignoresUnknownMembers() {
        assertEquals(new BigDecimal("1"), Json.read("{\"amount\":1,\"other\":2}", Sample.class).amount());
    }

    @Test
    void aFrameworkMapperConfiguredTheSameWayWritesTheSame() throws Exception {
        ObjectMapper mapper = Json.configure(new ObjectMapper());
        assertEquals(SAMPLE_JSON, mapper.writeValueAsString(SAMPLE));
        assertEquals("{\"a\":150000.00}", mapper.writeValueAsString(mapper.readTree("{\"a\":150000.00}")));
    }

    @Test
    void invalidJsonIsAnIllegalArgument() {
        assertThrows(IllegalArgumentException.class, () -> Json.read("{", Map.class));
        assertThrows(IllegalArgumentException.class, () -> Json.tree("nope"));
    }
}
