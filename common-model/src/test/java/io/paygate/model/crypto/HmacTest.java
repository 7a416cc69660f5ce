package io.paygate.model.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class HmacTest {

    private static final byte[] KEY = "a key of thirty-two bytes, or so".getBytes(StandardCharsets.UTF_8);

    @Test
    void equalsTheOneShotHmacForEveryMessage() {
        Hmac sha512 = Hmac.sha512(KEY);
        Hmac sha256 = Hmac.sha256(KEY);
        for (String text : List.of("", "a", "{\"order\":{\"amount\":150000}}", "x".repeat(1_000))) {
            byte[] message = text.getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(Digests.hmacSha512(KEY, message), sha512.mac(message), text);
            assertArrayEquals(Digests.hmacSha256(KEY, message), sha256.mac(message), text);
        }
    }

    @Test
    void rfc4231TestCase2() {
        // RFC 4231 §4.3: key "Jefe", data "what do ya want for nothing?".
        byte[] data = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
        byte[] jefe = "Jefe".getBytes(StandardCharsets.US_ASCII);
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                Digests.hex(Hmac.sha256(jefe).mac(data)));
        assertEquals("164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdc"
                + "aeab1a34d4a6b4b636e070a38bce737", Digests.hex(Hmac.sha512(jefe).mac(data)));
    }

    @Test
    void twoPartsAreTheirConcatenation() {
        Hmac sha256 = Hmac.sha256(KEY);
        byte[] head = "msg_1.1700000000.".getBytes(StandardCharsets.UTF_8);
        byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(sha256.mac("msg_1.1700000000.{\"a\":1}".getBytes(StandardCharsets.UTF_8)),
                sha256.mac(head, body));
    }

    @Test
    void concurrentCallsDoNotShareState() throws Exception {
        Hmac sha512 = Hmac.sha512(KEY);
        List<Future<Boolean>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 8; t++) {
                int seed = t;
                results.add(threads.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        byte[] message = ("message " + seed + "/" + i).getBytes(StandardCharsets.UTF_8);
                        if (!Arrays.equals(Digests.hmacSha512(KEY, message), sha512.mac(message))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertTrue(result.get());
            }
        }
    }

    @Test
    void neverPrintsTheKey() {
        assertFalse(Hmac.sha512(KEY).toString().contains("thirty"));
    }
}
