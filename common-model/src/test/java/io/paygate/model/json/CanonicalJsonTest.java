package io.paygate.model.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 8785 behaviour, checked on the RFC's own examples (the files under src/test/resources/jcs). */
class CanonicalJsonTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = CanonicalJsonTest.class.getResourceAsStream("/jcs/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void canonicalisesTheRfcSampleOfSection322() throws IOException {
        assertEquals(resource("rfc8785-3.2.2-output.json"), CanonicalJson.canonicalize(resource("rfc8785-3.2.2-input.json")));
    }

    @Test
    void sortsMembersByUtf16CodeUnitsAsInSection323() throws IOException {
        assertEquals(resource("rfc8785-3.2.3-sorting-output.json"),
                CanonicalJson.canonicalize(resource("rfc8785-3.2.3-sorting-input.json")));
    }

    @Test
    void utf8FormIsTheBytesOfTheCanonicalString() throws IOException {
        String input = resource("rfc8785-3.2.3-sorting-input.json");
        assertArrayEquals(resource("rfc8785-3.2.3-sorting-output.json").getBytes(StandardCharsets.UTF_8),
                CanonicalJson.canonicalizeUtf8(input));
    }

    /** Appendix B: IEEE-754 bit patterns and their ECMAScript serialisation; plus the brief's samples. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "0000000000000000, 0",
            "8000000000000000, 0",
            "0000000000000001, 5e-324",
            "8000000000000001, -5e-324",
            "7fefffffffffffff, 1.7976931348623157e+308",
            "ffefffffffffffff, -1.7976931348623157e+308",
            "4340000000000000, 9007199254740992",
            "c340000000000000, -9007199254740992",
            "4430000000000000, 295147905179352830000",
            "44b52d02c7e14af5, 9.999999999999997e+22",
            "44b52d02c7e14af6, 1e+23",
            "44b52d02c7e14af7, 1.0000000000000001e+23",
            "444b1ae4d6e2ef4e, 999999999999999700000",
            "444b1ae4d6e2ef4f, 999999999999999900000",
            "444b1ae4d6e2ef50, 1e+21",
            "3eb0c6f7a0b5ed8c, 9.999999999999997e-7",
            "3eb0c6f7a0b5ed8d, 0.000001",
            "41b3de4355555553, 333333333.3333332",
            "41b3de4355555554, 333333333.33333325",
            "41b3de4355555555, 333333333.3333333",
            "41b3de4355555556, 333333333.3333334",
            "41b3de4355555557, 333333333.33333343",
            "becbf647612f3696, -0.0000033333333333333333",
            "43143ff3c1cb0959, 1424953923781206.2"
    })
    void serialisesNumbersAsInAppendixB(String ieeeHex, String expected) {
        double value = Double.longBitsToDouble(Long.parseUnsignedLong(ieeeHex, 16));
        assertEquals("[" + expected + "]", CanonicalJson.canonicalize("[" + Double.toString(value) + "]"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "1e30, 1e+30",
            "1E+30, 1e+30",
            "4.50, 4.5",
            "2e-3, 0.002",
            "0.0000001, 1e-7",
            "-0, 0",
            "-0.0, 0",
            "333333333.33333329, 333333333.3333333",
            "150000.00, 150000",
            "100, 100"
    })
    void serialisesNumberTextInEcmaScriptForm(String input, String expected) {
        assertEquals("{\"n\":" + expected + "}", CanonicalJson.canonicalize("{\"n\":" + input + "}"));
    }

    @Test
    void escapesOnlyWhatRfc8785Requires() {
        String input = "{\"s\":\"\\u0041\\u00e9\\u20ac\\ud83d\\ude00\\/\\t\\u001f\\\"\\\\\"}";
        assertEquals("{\"s\":\"A\u00e9\u20ac\ud83d\ude00/\\t\\u001f\\\"\\\\\"}", CanonicalJson.canonicalize(input));
    }

    @Test
    void removesOnlyTheTopLevelSignatureMember() {
        String body = "{\"signature\":\"abc\",\"b\":{\"signature\":\"kept\"},\"a\":1.50}";
        assertEquals("{\"b\":{\"signature\":\"kept\"},\"a\":1.50}", CanonicalJson.removeSignature(body));
        assertEquals("{\"a\":1.5,\"b\":{\"signature\":\"kept\"}}", CanonicalJson.canonicalizeWithoutSignature(body));
    }

    @Test
    void bodyWithoutSignatureIsCanonicalisedAsItIs() {
        assertEquals("{\"a\":1,\"b\":2}", CanonicalJson.canonicalizeWithoutSignature("{ \"b\": 2, \"a\": 1 }"));
    }

    @Test
    void keepsLargeAndPreciseNumbersExactUntilCanonicalisation() {
        String body = "{\"big\":12345678901234567890,\"amount\":9999999999999.99,\"signature\":\"x\"}";
        assertEquals("{\"big\":12345678901234567890,\"amount\":9999999999999.99}", CanonicalJson.removeSignature(body));
        assertEquals(CanonicalJson.canonicalize("{\"big\":12345678901234567890,\"amount\":9999999999999.99}"),
                CanonicalJson.canonicalizeWithoutSignature(body));
    }

    @Test
    void refusesInvalidJson() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize("{\"a\":}"));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize("{\"a\":1} trailing"));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWithoutSignature("[1]"));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWithoutSignature("not json"));
    }

    @Test
    void refusesDuplicateMemberNames() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize("{\"a\":1,\"a\":2}"));
        assertThrows(IllegalArgumentException.class,
                () -> CanonicalJson.canonicalizeWithoutSignature("{\"a\":1,\"b\":{\"c\":1,\"c\":2}}"));
    }

    @Test
    void fingerprintIgnoresMemberOrderAndNumberSpellingButNotContent() {
        String a = CanonicalJson.fingerprint(java.util.Map.of("b", 1, "a", "x"));
        String b = CanonicalJson.fingerprint(Json.tree("{\"a\":\"x\",\"b\":1.0}"));
        assertEquals(a, b);
        assertEquals(64, a.length());
        org.junit.jupiter.api.Assertions.assertNotEquals(a, CanonicalJson.fingerprint(java.util.Map.of("a", "y", "b", 1)));
    }
}
