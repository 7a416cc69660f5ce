package io.paygate.model.ids;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomIdsTest {

    @Test
    void idsHaveThePrefixLengthAndAlphabetAndDoNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RandomIds.next("PC", 16);
            assertEquals(18, id.length());
            assertTrue(id.matches(RandomIds.pattern("PC", 16)), id);
            assertFalse(id.substring(2).matches(".*[ILOU].*"), id);
            assertTrue(seen.add(id), "collision: " + id);
        }
        assertFalse("PCILOU000000000000".matches(RandomIds.pattern("PC", 16)));
    }
}
