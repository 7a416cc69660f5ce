package io.paygate.kit.ratelimit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RateTest {

    @Test
    void aRefusalIsRetriedAfterOneEmissionIntervalInWholeSeconds() {
        assertEquals(1, new Rate(100, 200).retryAfterSeconds());
        assertEquals(4, new Rate(0.25, 3).retryAfterSeconds());
        assertEquals(3, new Rate(0.4, 1).retryAfterSeconds());
        assertThrows(IllegalArgumentException.class, () -> new Rate(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Rate(1, 0));
    }
}
