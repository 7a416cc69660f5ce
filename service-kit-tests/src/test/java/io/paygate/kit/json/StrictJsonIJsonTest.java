package io.paygate.kit.json;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.paygate.model.json.IJson;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What the services' mapper makes of hostile and near-boundary bodies (docs/contract.md §0: request bodies are I-JSON). */
class StrictJsonIJsonTest {

    static final ObjectMapper MAPPER = StrictJson.strict(Json.configure(JsonMapper.builder().build()));

    /** A request object that keeps unknown members, like the wire records. */
    record Kept(String id, JsonNode data, @JsonAnySetter Map<String, JsonNode> extra) {
    }

    /** A request object without {@code extra}: unknown members are ignored, but still read. */
    record Plain(String id) {
    }

    /** Like the initiation request: unknown members ignored by annotation, still read and checked. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Ignoring(String id) {
    }

    static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code {"id":"a<bytes>b"}} with raw bytes in the middle of the string. */
    static byte[] withRawBytes(String hex) {
        byte[] head = utf8("{\"id\":\"a");
        byte[] middle = HexFormat.of().parseHex(hex);
        byte[] tail = utf8("b\"}");
        byte[] all = new byte[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(middle, 0, all, head.length, middle.length);
        System.arraycopy(tail, 0, all, head.length + middle.length, tail.length);
        return all;
    }

    static String path(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
    }

    /** Overlong forms and code points past U+10FFFF, which Jackson decodes on its own, and what it refuses itself. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"c0af", "c1bf", "e080af", "f08080af", "f4908080", "f5808080", "eda080", "e282", "ff", "00"})
    void refusesIllFormedUtf8FromBytesAndFromStreams(String hex) {
        byte[] body = withRawBytes(hex);
        assertThrows(JsonProcessingException.class, () -> MAPPER.readValue(body, Kept.class));
        assertThrows(JsonProcessingException.class, () -> MAPPER.readValue(new ByteArrayInputStream(body), Kept.class));
        assertThrows(JsonProcessingException.class, () -> MAPPER.readTree(body));
    }

    @Test
    void overlongSlashIsRefusedAsInvalidUtf8() {
        JsonProcessingException e = assertThrows(JsonProcessingException.class,
                () -> MAPPER.readValue(new ByteArrayInputStream(withRawBytes("c0af")), Kept.class));
        Throwable cause = e instanceof JsonMappingException && e.getCause() != null ? e.getCause() : e;
        assertInstanceOf(IJsonInput.InvalidUtf8.class, cause);
    }

    @Test
    void acceptsFourByteUtf8AndEscapedSurrogatePairs() throws IOException {
        assertEquals("a\ud83d\ude00b", MAPPER.readValue(withRawBytes("f09f9880"), Kept.class).id());
        assertEquals("a\u00e9\u20acb", MAPPER.readValue(new ByteArrayInputStream(withRawBytes("c3a9e282ac")), Kept.class).id());
        Kept kept = MAPPER.readValue(utf8("{\"id\":\"\\ud83d\\ude00\",\"data\":[\"\\uD83D\\uDE00\"],\"k\":\"\\ud83d\\ude00\"}"),
                Kept.class);
        assertEquals("\ud83d\ude00", kept.id());
        assertEquals("\ud83d\ude00", kept.data().get(0).textValue());
        assertEquals("\ud83d\ude00", kept.extra().get("k").textValue());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\\ud800", "\\udc00", "\\ude00\\ud83d", "a\\ud83db", "\\ud83d\\ud83d"})
    void refusesLoneOrReversedSurrogatesWhereverTextIs(String escaped) {
        String text = "\"" + escaped + "\"";
        assertProblem(IJson.LONE_SURROGATE, "id", "{\"id\":" + text + "}", Kept.class);
        assertProblem(IJson.LONE_SURROGATE, "data.x.[1]", "{\"data\":{\"x\":[1," + text + "]}}", Kept.class);
        assertProblem(IJson.LONE_SURROGATE, "other", "{\"other\":" + text + "}", Kept.class);
        assertProblem(IJson.LONE_SURROGATE, "other.y", "{\"other\":{\"y\":" + text + "}}", Plain.class);
        assertProblem(IJson.LONE_SURROGATE, "other", "{\"other\":" + text + "}", Ignoring.class);
        assertProblem(IJson.LONE_SURROGATE, "data", "{\"data\":" + text + "}", Kept.class);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1e309", "-1e400", "1e1000000000", "1.7976931348623159e308",
            "-17976931348623159" + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000"
                    + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000"
                    + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000"
                    + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000"
                    + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000" + "0000000000"
                    + "0000000000" + "0000000000"})
    void refusesNumbersOutsideDoubleRangeWhereverTheyAre(String number) {
        assertProblem(IJson.OUT_OF_RANGE, "data.x", "{\"data\":{\"x\":" + number + "}}", Kept.class);
        assertProblem(IJson.OUT_OF_RANGE, "data", "{\"data\":" + number + "}", Kept.class);
        assertProblem(IJson.OUT_OF_RANGE, "other.[0]", "{\"other\":[" + number + "]}", Kept.class);
        assertProblem(IJson.OUT_OF_RANGE, "other", "{\"id\":\"a\",\"other\":" + number + "}", Plain.class);
        assertProblem(IJson.OUT_OF_RANGE, "other.z", "{\"other\":{\"z\":" + number + "},\"id\":\"a\"}", Ignoring.class);
    }

    /** An exponent past what BigDecimal holds fails inside Jackson's tree reader: the path stops at the tree. */
    @Test
    void refusesAnExponentBeyondBigDecimal() {
        assertProblem(IJson.OUT_OF_RANGE, "data", "{\"data\":{\"x\":1e3000000000}}", Kept.class);
        assertProblem(IJson.OUT_OF_RANGE, "data", "{\"data\":-1e-3000000000}", Kept.class);
        assertProblem(IJson.OUT_OF_RANGE, "other", "{\"id\":\"a\",\"other\":[1e3000000000]}", Plain.class);
    }

    @Test
    void acceptsNumbersAtTheEdgesOfDoubleRange() throws IOException {
        Kept kept = MAPPER.readValue(utf8("{\"data\":[1.7976931348623157e308,-1.7976931348623157e308,5e-324,0.1,-0]}"),
                Kept.class);
        assertEquals(new BigDecimal("1.7976931348623157e308"), kept.data().get(0).decimalValue());
        assertEquals(new BigDecimal("5e-324"), kept.data().get(2).decimalValue());
        assertEquals("[1.7976931348623157e308,-1.7976931348623157e308,5e-324,0.1,0]",
                kept.data().toString().toLowerCase().replace("e+", "e"));
    }

    /** The contract's one rule for underflow: read as 0, which is what RFC 8785 makes of it anyway. */
    @Test
    void readsAnUnderflowingNumberAsZero() throws IOException {
        Kept kept = MAPPER.readValue(utf8("{\"data\":{\"tiny\":1e-10000,\"list\":[-1e-400]},\"x\":1e-10000}"), Kept.class);
        assertEquals("{\"tiny\":0,\"list\":[0]}", MAPPER.writeValueAsString(kept.data()));
        assertEquals("0", MAPPER.writeValueAsString(kept.extra().get("x")));
        assertEquals("0", MAPPER.writeValueAsString(MAPPER.readValue(utf8("{\"data\":1e-10000}"), Kept.class).data()));
    }

    @Test
    void unknownMembersOfAPlainRecordAreStillIgnoredWhenValid() throws IOException {
        assertEquals("a", MAPPER.readValue(utf8("{\"id\":\"a\",\"other\":{\"n\":[1,\"x\",null,true]}}"), Plain.class).id());
        assertEquals("a", MAPPER.readValue(utf8("{\"other\":{\"n\":[1,\"x\"]},\"id\":\"a\",\"more\":2}"), Ignoring.class).id());
    }

    static void assertProblem(String problem, String path, String json, Class<?> type) {
        IJsonInput.NotIJson e = assertThrows(IJsonInput.NotIJson.class, () -> MAPPER.readValue(utf8(json), type), json);
        assertEquals(problem, e.problem(), json);
        assertEquals(path, path(e), json);
    }
}
