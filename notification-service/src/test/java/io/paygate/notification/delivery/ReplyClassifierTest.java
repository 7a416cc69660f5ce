package io.paygate.notification.delivery;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplyClassifierTest {

    private static final Instant NOW = Instant.parse("2026-11-21T03:15:30Z");

    private static AttemptOutcome classify(int status, String body, String retryAfter) {
        return ReplyClassifier.classify(new HttpReply(status, retryAfter, body.getBytes(StandardCharsets.UTF_8), false),
                NOW, 12, NOW);
    }

    @Test
    void onlyA2xxWithResponseCode2000000IsDelivered() {
        assertTrue(classify(200, "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"processingTime\":3}", null)
                .acknowledged());
        assertTrue(classify(204, "{\"responseCode\":\"2000000\"}", null).acknowledged());
        assertEquals("responseCode 2000001 is not 2000000", classify(200, "{\"responseCode\":\"2000001\"}", null).error());
        // Issue 31: the merchant's text reaches the service's log line; a line break in it would forge the next line.
        assertEquals("responseCode 1\\r\\n2026 INFO x is not 2000000",
                classify(200, "{\"responseCode\":\"1\\r\\n2026 INFO x\"}", null).error());
        assertEquals("reply has no responseCode", classify(200, "{\"responseCode\":2000000}", null).error());
        assertEquals("reply has no responseCode", classify(200, "{}", null).error());
        assertEquals("reply is not JSON", classify(200, "", null).error());
        assertEquals("reply is not a JSON object", classify(200, "[1]", null).error());
        assertEquals("HTTP 500", classify(500, "{\"responseCode\":\"2000000\"}", null).error());
        assertEquals("redirect not followed (HTTP 301)", classify(301, "", null).error());
    }

    @Test
    void goneEndsRetriesAndRetryAfterIsReadOnlyFrom429And503() {
        assertTrue(classify(410, "", null).gone());
        assertEquals(Duration.ofSeconds(120), classify(429, "", "120").retryAfter());
        assertEquals(Duration.ofSeconds(90), classify(503, "", "Sat, 21 Nov 2026 03:17:00 GMT").retryAfter());
        assertNull(classify(500, "", "120").retryAfter());
        assertNull(classify(503, "", "soon").retryAfter());
    }

    @Test
    void truncatedReplyIsAFailureAndOnlyTheFirstKibibyteIsKept() {
        byte[] big = ("{\"responseCode\":\"2000000\",\"pad\":\"" + "x".repeat(5000) + "\"}").getBytes(StandardCharsets.UTF_8);
        AttemptOutcome outcome = ReplyClassifier.classify(new HttpReply(200, null, big, true), NOW, 1, NOW);
        assertTrue(outcome.error().startsWith("reply longer than"));
        assertEquals(1024, outcome.reply().length());
        assertNull(ReplyClassifier.excerpt(new byte[0]));
    }
}
