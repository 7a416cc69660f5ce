package io.paygate.payment.provider;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProviderSignatureTest {

    static final byte[] KEY = "test-provider-secret".getBytes(StandardCharsets.UTF_8);
    static final byte[] BODY = "{\"status\":\"CAPTURED\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void signsTimestampDotBodyWithHmacSha256() {
        // printf '%s' '1795230930.{"status":"CAPTURED"}' | openssl dgst -sha256 -hmac test-provider-secret
        assertEquals("e997a7ea63a713594a9a3f59daf125f8a823801fd2a9695d12877d373f07c063",
                ProviderSignature.sign(KEY, 1795230930L, BODY));
    }

    @Test
    void verifiesItsOwnSignatureWithinFiveMinutesOnly() {
        Instant now = Instant.ofEpochSecond(1795230930L);
        String signature = ProviderSignature.sign(KEY, now.getEpochSecond(), BODY);
        assertTrue(ProviderSignature.verify(KEY, Long.toString(now.getEpochSecond()), signature, BODY, now));
        assertTrue(ProviderSignature.verify(KEY, Long.toString(now.getEpochSecond()), signature.toUpperCase(), BODY, now));
        assertFalse(ProviderSignature.verify(KEY, Long.toString(now.getEpochSecond()), signature, BODY,
                now.plusSeconds(301)));
        assertFalse(ProviderSignature.verify("other".getBytes(), Long.toString(now.getEpochSecond()), signature, BODY, now));
        assertFalse(ProviderSignature.verify(KEY, Long.toString(now.getEpochSecond()), signature,
                "{\"status\":\"FAILED\"}".getBytes(), now));
        assertFalse(ProviderSignature.verify(KEY, "not-a-number", signature, BODY, now));
        assertFalse(ProviderSignature.verify(KEY, null, signature, BODY, now));
    }
}
