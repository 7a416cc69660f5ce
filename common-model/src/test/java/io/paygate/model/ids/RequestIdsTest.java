package io.paygate.model.ids;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "req-1", "A.b_c-9", "0123456789012345678901234567890123456789012345678901234567890123"})
    void acceptsOneToSixtyFourOfTheSafeCharacters(String id) {
        assertTrue(RequestIds.isWellFormed(id));
        assertEquals(id, RequestIds.orNull(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "req 1", "req\n1", "req\r\nX-Injected: 1", "ä", "a/b", "a=b", "{\"x\":1}", "%0A",
            "01234567890123456789012345678901234567890123456789012345678901234"})
    void refusesAnythingElse(String id) {
        assertFalse(RequestIds.isWellFormed(id));
        assertNull(RequestIds.orNull(id));
    }

    @Test
    void refusesNull() {
        assertFalse(RequestIds.isWellFormed(null));
    }

    @Test
    void generatedIdsAreWellFormedVersion4UuidsThatDoNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RequestIds.generate();
            assertTrue(RequestIds.isWellFormed(id), id);
            assertTrue(id.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"), id);
            assertTrue(seen.add(id), "repeated: " + id);
        }
    }
}
