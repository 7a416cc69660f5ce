package io.paygate.model.snap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.paygate.model.crypto.Digests;
import io.paygate.model.testing.SnapVectors;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SnapJsonTest {

    @Test
    void thePublishedBodyMinifiesToWhatJsonStringifyWrites() {
        assertEquals(SnapVectors.MINIFIED_BODY, SnapJson.minify(SnapVectors.BODY));
        assertEquals(SnapVectors.MINIFIED_BODY_SHA256,
                Digests.sha256Hex(SnapJson.minify(SnapVectors.BODY.getBytes(StandardCharsets.UTF_8))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            "'{ \"a\" : 1 ,\t\"b\" :\r\n [ 1 , 2 ] }' | '{\"a\":1,\"b\":[1,2]}'",
            // whitespace inside strings stays, escaped quotes do not end a string
            "'{\"a\": \" x  y \", \"b\": \"say \\\"hi there\\\" \"}' | '{\"a\":\" x  y \",\"b\":\"say \\\"hi there\\\" \"}'",
            // an escaped backslash before the closing quote: the string ends there
            "'{\"a\": \"c:\\\\\" , \"b\" : 1}' | '{\"a\":\"c:\\\\\",\"b\":1}'",
            // escapes and number spellings are kept byte for byte (no re-serialisation)
            "'{\"a\": \"x\\/y\\u00e9\", \"n\": 10000.00, \"e\": 1E2}' | '{\"a\":\"x\\/y\\u00e9\",\"n\":10000.00,\"e\":1E2}'",
            // member order and duplicates are kept
            "'{\"2\": \"b\", \"1\": \"a\", \"1\": \"c\"}' | '{\"2\":\"b\",\"1\":\"a\",\"1\":\"c\"}'",
            "'  ' | ''",
    })
    void removesWhitespaceOutsideStringsOnly(String body, String minified) {
        assertEquals(minified, SnapJson.minify(body));
    }

    @Test
    void keepsNonAsciiBytesAsTheyAre() {
        byte[] body = "{ \"name\" : \"Kopi \u2013 caf\u00e9 \ud83d\ude00\" }".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("{\"name\":\"Kopi \u2013 caf\u00e9 \ud83d\ude00\"}".getBytes(StandardCharsets.UTF_8),
                SnapJson.minify(body));
    }

    @Test
    void noBodyIsNoBytes() {
        assertArrayEquals(new byte[0], SnapJson.minify((byte[]) null));
        assertArrayEquals(new byte[0], SnapJson.minify(new byte[0]));
    }

    @Test
    void malformedTextStillHasOneMinifiedForm() {
        assertEquals("{\"a\":\"unterminated  ", SnapJson.minify("{ \"a\" : \"unterminated  "));
    }
}
