package io.paygate.testsupport;

import io.paygate.model.snap.SnapKeys;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The sandbox's SNAP BI keys (docs/contract.md §9): each sandbox merchant's client key (its id) and RSA key pair, and the
 * gateway's own notification signing key pair with the one before it (a rotation). Published, sandbox only: the same
 * files as {@code deploy/local/snap/} (a test in deploy/local keeps them equal). What the local stack configures and
 * what the tests sign with.
 */
public final class SandboxSnap {

    /** {@code gateway.snap.token-key} of the test profile (service-kit's {@code %test} default) and of packaged tests. */
    public static final String TEST_TOKEN_KEY = "test-only-paygate-snap-token-key-00000";
    /** A {@code CHANNEL-ID} as midtrans-client is usually configured (five digits). */
    public static final String CHANNEL_ID = "95221";

    private SandboxSnap() {
    }

    /** The merchant's SNAP client key ({@code X-CLIENT-KEY}, {@code X-PARTNER-ID}): its id. */
    public static String clientKey(SandboxMerchants.Merchant merchant) {
        return merchant.id();
    }

    /**
     * The merchant's SNAP company codes ({@code partnerServiceId}, docs/contract.md §8, §9), as a request sends them:
     * left-padded with spaces to 8. {@code demo} has {@code "   12345"} (the code of midtrans-client's examples and of
     * the docs) and {@code "   12346"}, {@code demo2} {@code "   22345"}.
     */
    public static List<String> partnerServiceIds(SandboxMerchants.Merchant merchant) {
        return switch (merchant.id()) {
            case "demo" -> List.of("   12345", "   12346");
            case "demo2" -> List.of("   22345");
            default -> List.of();
        };
    }

    /** {@code deploy/local/snap/<id>-private.pem}. */
    public static String privateKeyPem(SandboxMerchants.Merchant merchant) {
        return resource(merchant.id() + "-private.pem");
    }

    public static PrivateKey privateKey(SandboxMerchants.Merchant merchant) {
        return SnapKeys.privateKey(privateKeyPem(merchant));
    }

    /** {@code deploy/local/snap/<id>-public.pem}. */
    public static String publicKeyPem(SandboxMerchants.Merchant merchant) {
        return resource(merchant.id() + "-public.pem");
    }

    /** The gateway's notification signing key ({@code gateway.snap.signing-key}). */
    public static String gatewayPrivateKeyPem() {
        return resource("gateway-private.pem");
    }

    public static String gatewayPublicKeyPem() {
        return resource("gateway-public.pem");
    }

    /** The key before it ({@code gateway.snap.previous-signing-key}), published second. */
    public static String gatewayPreviousPrivateKeyPem() {
        return resource("gateway-previous-private.pem");
    }

    public static String gatewayPreviousPublicKeyPem() {
        return resource("gateway-previous-public.pem");
    }

    /** A published key file by name, e.g. {@code demo-private.pem}. */
    public static String resource(String name) {
        try (InputStream in = SandboxSnap.class.getResourceAsStream("snap/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sandbox SNAP key " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The {@code gateway.merchants.<id>.snap.*} (client key, public key, company codes) and
     * {@code gateway.snap.signing-key} / {@code previous-signing-key} lines, each key as base64 DER on one line (no
     * token key: the test profile has one, the local stack makes one).
     */
    public static List<String> configLines() {
        List<String> lines = new ArrayList<>();
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            String prefix = "gateway.merchants." + m.id() + ".snap.";
            lines.add(prefix + "client-key=" + clientKey(m));
            lines.add(prefix + "public-key=" + der(SnapKeys.publicKey(publicKeyPem(m)).getEncoded()));
            // written without the padding, which a properties file or an environment variable would drop
            lines.add(prefix + "partner-service-ids=" + String.join(",",
                    partnerServiceIds(m).stream().map(String::strip).toList()));
        }
        lines.add("gateway.snap.signing-key=" + der(SnapKeys.privateKey(gatewayPrivateKeyPem()).getEncoded()));
        lines.add("gateway.snap.previous-signing-key="
                + der(SnapKeys.privateKey(gatewayPreviousPrivateKeyPem()).getEncoded()));
        return lines;
    }

    private static String der(byte[] encoded) {
        return Base64.getEncoder().encodeToString(encoded);
    }
}
