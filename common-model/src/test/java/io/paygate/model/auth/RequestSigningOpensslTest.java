package io.paygate.model.auth;

import static io.paygate.model.testing.RequestVectors.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.paygate.model.testing.Openssl;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Recomputes the published request vectors with the openssl binary (skipped when it is absent). */
class RequestSigningOpensslTest {

    @BeforeAll
    static void requireOpenssl() {
        assumeTrue(Openssl.available(), "openssl not on PATH");
    }

    @Test
    void bodyHashesAgreeWithOpenssl() throws Exception {
        assertEquals(POST_BODY_SHA256, Openssl.sha256Hex(POST_BODY.getBytes(StandardCharsets.UTF_8)));
        assertEquals(EMPTY_SHA256, Openssl.sha256Hex(new byte[0]));
    }

    @Test
    void publishedSignaturesAgreeWithOpenssl() throws Exception {
        String hexKey = HexFormat.of().formatHex(CLIENT_SECRET.getBytes(StandardCharsets.UTF_8));
        assertEquals(POST_SIGNATURE, Openssl.hmacHex("sha512", hexKey, POST_STRING_TO_SIGN.getBytes(StandardCharsets.UTF_8)));
        assertEquals(GET_SIGNATURE, Openssl.hmacHex("sha512", hexKey, GET_STRING_TO_SIGN.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void signerAgreesWithOpensslOnAnotherMessage() throws Exception {
        byte[] body = "{\"partnerReferenceNo\":\"TRF-1\",\"note\":\"caf\u00e9 \u2603\"}".getBytes(StandardCharsets.UTF_8);
        String ts = "2026-01-02T03:04:05-05:00";
        String message = "POST:/pg/disbursement/transfer?x=1:" + Openssl.sha256Hex(body) + ":" + ts;
        String hexKey = HexFormat.of().formatHex("s\u00e9cret".getBytes(StandardCharsets.UTF_8));
        assertEquals(Openssl.hmacHex("sha512", hexKey, message.getBytes(StandardCharsets.UTF_8)),
                RequestSigner.sign("s\u00e9cret", "POST", "/pg/disbursement/transfer?x=1", body, ts));
    }
}
