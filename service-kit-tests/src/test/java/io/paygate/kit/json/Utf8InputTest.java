package io.paygate.kit.json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The UTF-8 check agrees with the JDK's strict decoder, byte sequence by byte sequence, split anywhere. */
class Utf8InputTest {

    private static final CharsetDecoder STRICT = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    /** Continuation bytes at and beyond the edges of 80..BF. */
    private static final int[] EDGES = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xFF};
    private static final CharBuffer SCRATCH = CharBuffer.allocate(8);

    private static boolean jdkAccepts(byte[] bytes) {
        STRICT.reset();
        SCRATCH.clear();
        return !STRICT.decode(ByteBuffer.wrap(bytes), SCRATCH, true).isError() && !STRICT.flush(SCRATCH).isError();
    }

    private static boolean accepts(byte[] bytes) {
        Utf8Input.Validator validator = new Utf8Input.Validator();
        try {
            validator.accept(bytes, 0, bytes.length);
            validator.end();
            return true;
        } catch (IJsonInput.InvalidUtf8 e) {
            return false;
        }
    }

    private static void assertAgrees(byte[] bytes) {
        boolean expected = jdkAccepts(bytes) && !containsNul(bytes);
        if (accepts(bytes) != expected) {
            throw new AssertionError(HexFormat.of().formatHex(bytes) + ": the JDK says " + expected);
        }
    }

    private static boolean containsNul(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }

    @Test
    void agreesWithTheJdkOnEverySequenceOfOneAndTwoBytes() {
        for (int a = 0; a < 256; a++) {
            assertAgrees(new byte[]{(byte) a});
            for (int b = 0; b < 256; b++) {
                assertAgrees(new byte[]{(byte) a, (byte) b});
            }
        }
    }

    /** The second byte decides (its bounds differ after E0 and ED); the third is tried at the edges of 80..BF. */
    @Test
    void agreesWithTheJdkOnThreeByteSequences() {
        for (int a = 0xE0; a <= 0xEF; a++) {
            for (int b = 0; b < 256; b++) {
                for (int c : EDGES) {
                    assertAgrees(new byte[]{(byte) a, (byte) b, (byte) c});
                }
            }
        }
    }

    @Test
    void agreesWithTheJdkOnFourByteSequencesAroundEveryBoundary() {
        for (int a : new int[]{0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF}) {
            for (int b = 0; b < 256; b++) {
                for (int c : EDGES) {
                    for (int d : EDGES) {
                        assertAgrees(new byte[]{(byte) a, (byte) b, (byte) c, (byte) d});
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"c0af", "c1bf", "e080af", "f08080af", "eda080", "edbfbf", "f4908080", "f5808080", "ff",
            "e282", "80", "f09f98", "00"})
    void refusesIllFormedUtf8(String hex) {
        assertEquals(false, accepts(HexFormat.of().parseHex(hex)));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"7f", "c280", "c3a9", "e0a080", "ed9fbf", "ee8080", "efbfbf", "f0908080", "f09f9880",
            "f48fbfbf"})
    void acceptsWellFormedUtf8UpToFourBytes(String hex) {
        assertEquals(true, accepts(HexFormat.of().parseHex(hex)));
    }

    /** A sequence split between two reads of the stream is checked as a whole. */
    @Test
    void checksSequencesSplitAcrossReads() throws Exception {
        byte[] emoji = "{\"x\":\"\ud83d\ude00\"}".getBytes(StandardCharsets.UTF_8);
        byte[] overlong = HexFormat.of().parseHex("7b2278223a2261c0af62227d");
        for (int chunk = 1; chunk <= 4; chunk++) {
            assertDoesNotThrow(drain(emoji, chunk)::run);
            assertThrows(IJsonInput.InvalidUtf8.class, drain(overlong, chunk)::run);
        }
        byte[] truncated = HexFormat.of().parseHex("7b2278223a22e282");
        assertThrows(IJsonInput.InvalidUtf8.class, drain(truncated, 3)::run);
    }

    private interface Run {
        void run() throws Exception;
    }

    private static Run drain(byte[] bytes, int chunk) {
        return () -> {
            try (InputStream in = new Utf8Input().decorate(null, new ByteArrayInputStream(bytes))) {
                byte[] buffer = new byte[chunk];
                while (in.read(buffer, 0, chunk) >= 0) {
                    // reading is the check
                }
            }
        };
    }
}
