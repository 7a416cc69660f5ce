package io.paygate.model.snap;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;

/** SHA256withRSA (RSASSA-PKCS1-v1_5 with SHA-256, deterministic) over UTF-8 text, base64 in and out. */
final class SnapRsa {

    private static final String ALGORITHM = "SHA256withRSA";

    private SnapRsa() {
    }

    static String sign(PrivateKey key, String message) {
        try {
            Signature signature = Signature.getInstance(ALGORITHM);
            signature.initSign(key);
            signature.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " failed", e);
        }
    }

    /** Whether {@code base64Signature} (standard alphabet, padding optional) is {@code key}'s over {@code message}. */
    static boolean verify(PublicKey key, String message, String base64Signature) {
        byte[] received;
        try {
            received = Base64.getDecoder().decode(base64Signature.strip());
        } catch (IllegalArgumentException e) {
            return false;
        }
        try {
            Signature signature = Signature.getInstance(ALGORITHM);
            signature.initVerify(key);
            signature.update(message.getBytes(StandardCharsets.UTF_8));
            return signature.verify(received);
        } catch (GeneralSecurityException e) {
            return false; // a signature of the wrong length or form is a wrong signature
        }
    }
}
