package io.paygate.model.snap;

import static io.paygate.model.testing.SnapVectors.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.paygate.model.testing.Openssl;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published SNAP vectors again, from the openssl binary (skipped when it is absent): a third implementation. */
class SnapSigningOpensslTest {

    @BeforeAll
    static void requireOpenssl() {
        assumeTrue(Openssl.available(), "openssl not on PATH");
    }

    @Test
    void accessTokenAndNotificationSignaturesAgreeWithOpenssl(@TempDir Path dir) throws Exception {
        Path demo = Files.writeString(dir.resolve("demo.pem"), sandboxKey("demo-private.pem"));
        Path gateway = Files.writeString(dir.resolve("gateway.pem"), sandboxKey("gateway-demo-private.pem"));
        assertEquals(TOKEN_SIGNATURE, Openssl.rsaSha256Base64(demo, TOKEN_STRING_TO_SIGN.getBytes(StandardCharsets.UTF_8)));
        assertEquals(NOTIFICATION_SIGNATURE,
                Openssl.rsaSha256Base64(gateway, NOTIFICATION_STRING_TO_SIGN.getBytes(StandardCharsets.UTF_8)));
        assertEquals(BINDING_NOTIFICATION_SHA256,
                Openssl.sha256Hex(BINDING_NOTIFICATION_BODY.getBytes(StandardCharsets.UTF_8)));
        String binding = "POST:" + BINDING_NOTIFICATION_PATH + ":" + BINDING_NOTIFICATION_SHA256 + ":"
                + NOTIFICATION_TIMESTAMP;
        assertEquals(BINDING_NOTIFICATION_SIGNATURE,
                Openssl.rsaSha256Base64(gateway, binding.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void transactionSignatureAgreesWithOpenssl() throws Exception {
        assertEquals(MINIFIED_BODY_SHA256, Openssl.sha256Hex(MINIFIED_BODY.getBytes(StandardCharsets.UTF_8)));
        String hexKey = HexFormat.of().formatHex(CLIENT_SECRET.getBytes(StandardCharsets.UTF_8));
        assertEquals(TRANSACTION_SIGNATURE,
                Openssl.hmacBase64("sha512", hexKey, TRANSACTION_STRING_TO_SIGN.getBytes(StandardCharsets.UTF_8)));
    }
}
