package io.paygate.model.auth;

import static io.paygate.model.testing.RequestVectors.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RequestSignerTest {

    private static final byte[] BODY = POST_BODY.getBytes(StandardCharsets.UTF_8);

    @Test
    void headerNamesAreTheContractOnes() {
        assertEquals("X-PARTNER-ID", RequestSigner.PARTNER_ID);
        assertEquals("X-TIMESTAMP", RequestSigner.TIMESTAMP);
        assertEquals("X-SIGNATURE", RequestSigner.SIGNATURE);
    }

    @Test
    void stringToSignMatchesPublishedVector() {
        assertEquals(POST_STRING_TO_SIGN, RequestSigner.stringToSign(POST_METHOD, POST_PATH, BODY, TIMESTAMP));
    }

    @Test
    void signatureMatchesPublishedVector() {
        String signature = RequestSigner.sign(CLIENT_SECRET, POST_METHOD, POST_PATH, BODY, TIMESTAMP);
        assertEquals(POST_SIGNATURE, signature);
        assertEquals(128, signature.length());
    }

    @Test
    void requestWithoutBodyHashesTheEmptyString() {
        assertEquals(GET_STRING_TO_SIGN, RequestSigner.stringToSign(GET_METHOD, GET_PATH, null, TIMESTAMP));
        assertEquals(GET_STRING_TO_SIGN, RequestSigner.stringToSign(GET_METHOD, GET_PATH, new byte[0], TIMESTAMP));
        assertEquals(GET_SIGNATURE, RequestSigner.sign(CLIENT_SECRET, GET_METHOD, GET_PATH, null, TIMESTAMP));
    }

    @Test
    void methodIsUpperCased() {
        assertEquals(POST_SIGNATURE, RequestSigner.sign(CLIENT_SECRET, "post", POST_PATH, BODY, TIMESTAMP));
    }

    @Test
    void queryStringIsPartOfTheSignedPath() {
        String withQuery = RequestSigner.stringToSign("GET", "/pg/notifications?status=FAILED&limit=10", null, TIMESTAMP);
        assertEquals("GET:/pg/notifications?status=FAILED&limit=10:" + EMPTY_SHA256 + ":" + TIMESTAMP, withQuery);
        assertNotEquals(RequestSigner.sign(CLIENT_SECRET, "GET", "/pg/notifications", null, TIMESTAMP),
                RequestSigner.sign(CLIENT_SECRET, "GET", "/pg/notifications?status=FAILED&limit=10", null, TIMESTAMP));
    }

    @Test
    void timestampIsIsoWithOffsetAndSecondsPrecision() {
        Clock jakarta = Clock.fixed(Instant.parse("2026-11-21T03:15:30.987654Z"), ZoneId.of("Asia/Jakarta"));
        assertEquals("2026-11-21T10:15:30+07:00", RequestSigner.timestamp(jakarta));
        Clock utc = Clock.fixed(Instant.parse("2026-11-21T03:15:30Z"), ZoneOffset.UTC);
        assertEquals("2026-11-21T03:15:30Z", RequestSigner.timestamp(utc));
    }
}
