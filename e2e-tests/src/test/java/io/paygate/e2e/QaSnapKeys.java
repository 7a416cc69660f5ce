package io.paygate.e2e;

import io.paygate.model.snap.SnapKeys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;

/**
 * The QA team's merchant ({@link Stack#QA_MERCHANT}) as a SNAP merchant, made for this run: its client key pair (the
 * private half written to {@link #PRIVATE_KEY_FILE} for the QA suite, {@code paygate.snap.private-key-file}), its
 * gateway signing key pair (RSA 3072, its own, so its SNAP notifications verify nowhere else) and its company code
 * {@link #PARTNER_SERVICE_ID}.
 */
final class QaSnapKeys {

    /** The QA merchant's company code, without its padding ({@code "   77001"} on the wire). */
    static final String PARTNER_SERVICE_ID = "77001";
    static final Path PRIVATE_KEY_FILE = Path.of("target", "qa-snap", "qa-private.pem").toAbsolutePath();

    private static final KeyPair CLIENT = generate(2048);
    private static final KeyPair GATEWAY = generate(SnapKeys.MIN_SIGNING_BITS);

    private QaSnapKeys() {
    }

    /** The QA merchant's SNAP lines of the stack's configuration (every service; the signing key is read by one). */
    static List<String> configLines() {
        String prefix = "gateway.merchants." + Stack.QA_MERCHANT + ".snap.";
        writePrivateKey();
        return List.of(prefix + "client-key=" + Stack.QA_MERCHANT,
                prefix + "public-key=" + base64(CLIENT.getPublic().getEncoded()),
                prefix + "signing-key=" + base64(GATEWAY.getPrivate().getEncoded()),
                prefix + "partner-service-ids=" + PARTNER_SERVICE_ID);
    }

    private static void writePrivateKey() {
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(CLIENT.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        try {
            Files.createDirectories(PRIVATE_KEY_FILE.getParent());
            Files.writeString(PRIVATE_KEY_FILE, pem);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyPair generate(int bits) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(bits);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(byte[] encoded) {
        return Base64.getEncoder().encodeToString(encoded);
    }
}
