package io.paygate.model.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 7493 (I-JSON) text and number rules, as the canonicaliser applies them to JSON from outside. */
class IJsonTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\"\\ud800\"", "\"\\udc00\"", "\"\\ude00\\ud83d\"", "\"a\\ud800b\"", "\"\\ud800\\ud800\"",
            "\"\\ud83d\"", "[\"ok\",\"\\udfff\"]"})
    void canonicaliserRefusesLoneOrReversedSurrogatesInValues(String value) {
        String json = "{\"meta\":{\"data\":" + value + "}}";
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWritten(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWithoutSignature(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.parseObject(json));
    }

    @Test
    void canonicaliserRefusesALoneSurrogateInAMemberName() {
        String json = "{\"meta\":{\"\\ud800\":1}}";
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWritten(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWithoutSignature(json));
        // A raw lone surrogate in the Java text, not an escape: the same.
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWritten("{\"\ud800\":1}"));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize("{\"a\":\"\udc00\"}"));
    }

    /** A lone surrogate used to be written as "?", so these two bodies had one canonical form and one signature. */
    @Test
    void aLoneSurrogateNoLongerSharesItsCanonicalFormWithAQuestionMark() {
        assertEquals("{\"x\":\"?\"}", CanonicalJson.canonicalize("{\"x\":\"?\"}"));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeUtf8("{\"x\":\"\\ud800\"}"));
    }

    @Test
    void acceptsSurrogatePairsEscapedOrNot() {
        assertEquals("{\"x\":\"\ud83d\ude00\"}", CanonicalJson.canonicalize("{\"x\":\"\\ud83d\\ude00\"}"));
        assertEquals("{\"\ud83d\ude00\":\"\ud83d\ude00\"}",
                CanonicalJson.canonicalize("{\"\ud83d\ude00\":\"\\uD83D\\uDE00\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e309", "-1e400", "1e1000000000", "1e3000000000", "-1e3000000000",
            "1.7976931348623159e308",
            "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
                    + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
                    + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"})
    void canonicaliserRefusesNumbersOutsideDoubleRange(String number) {
        String json = "{\"meta\":{\"data\":{\"x\":" + number + "}}}";
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalize(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWritten(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.canonicalizeWithoutSignature(json));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.parseObject(json));
    }

    /** Every number the parser accepts has one canonical form, whichever path canonicalises it. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "1.7976931348623157e308, 1.7976931348623157e+308",
            "-1.7976931348623157e308, -1.7976931348623157e+308",
            "1.7976931348623158e308, 1.7976931348623157e+308",
            "5e-324, 5e-324",
            "3e-324, 5e-324",
            "1e308, 1e+308",
            "0.1, 0.1",
            "-0, 0",
            "-0.0, 0",
            "1e-400, 0",
            "1e-10000, 0",
            "-1e-10000, 0",
            "0e-10000, 0",
            "1e-1000000000, 0",
            "150000.00, 150000"})
    void everyPathCanonicalisesAnAcceptedNumberAlike(String number, String canonical) {
        String json = "{\"meta\":{\"data\":{\"x\":" + number + "}},\"signature\":\"s\"}";
        String expected = "{\"meta\":{\"data\":{\"x\":" + canonical + "}}}";
        String unsigned = "{\"meta\":{\"data\":{\"x\":" + number + "}}}";
        assertEquals(expected, CanonicalJson.canonicalizeWithoutSignature(json));
        assertEquals(expected, CanonicalJson.canonicalize(unsigned));
        assertEquals(expected, CanonicalJson.canonicalizeWritten(unsigned));
        assertEquals(expected, CanonicalJson.canonicalizeWritten(CanonicalJson.removeSignature(json)));
    }

    @Test
    void anUnderflowingNumberIsReadAsZero() {
        assertEquals("{\"tiny\":0,\"list\":[0,1]}", CanonicalJson.removeSignature("{\"tiny\":1e-10000,\"list\":[1e-400,1]}"));
        JsonNode alone = IJson.require(DecimalNode.valueOf(new BigDecimal("1e-10000")));
        assertEquals(BigDecimal.ZERO, alone.decimalValue());
        // A zero as written stays as written.
        assertEquals("{\"z\":0.00}", CanonicalJson.removeSignature("{\"z\":0.00}"));
    }

    @Test
    void aViolationSaysWhatAndWhereWithoutTheValue() {
        IJson.Violation violation = assertThrows(IJson.Violation.class,
                () -> IJson.require(Json.tree("{\"a\":[1,{\"b\":1e309}]}")));
        assertEquals(IJson.OUT_OF_RANGE, violation.problem());
        assertEquals(List.of("a", 1, "b"), violation.path());
        assertFalse(violation.getMessage().contains("309"));
    }

    @Test
    void wellFormedTextHasEverySurrogatePaired() {
        assertTrue(IJson.isWellFormed(""));
        assertTrue(IJson.isWellFormed("caf\u00e9 \ud83d\ude00"));
        assertFalse(IJson.isWellFormed("\ud83d"));
        assertFalse(IJson.isWellFormed("\ude00"));
        assertFalse(IJson.isWellFormed("\ude00\ud83d"));
        assertFalse(IJson.isWellFormed("x\ud83dx"));
    }
}
