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
 * The sandbox's SNAP BI keys (docs/contract.md §9): each sandbox merchant's client key (its id) and RSA key pair, and
 * the gateway's signing key pair of each merchant's SNAP notifications (merchant {@link #ROTATING} with the one before
 * it: a rotation). Published, sandbox only: the same files as {@code deploy/local/snap/} (a test in deploy/local keeps
 * them equal). What the local stack configures and what the tests sign with.
 */
public final class SandboxSnap {

    /** {@code gateway.snap.token-key} of the test profile (service-kit's {@code %test} default) and of packaged tests. */
    public static final String TEST_TOKEN_KEY = "test-only-paygate-snap-token-key-00000";
    /** A {@code CHANNEL-ID} as midtrans-client is usually configured (five digits). */
    public static final String CHANNEL_ID = "95221";
    /** The merchant whose signing key is being rotated: it has a previous signing key too (published second). */
    public static final SandboxMerchants.Merchant ROTATING = SandboxMerchants.DEMO;

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

    /**
     * The gateway's signing key of the merchant's SNAP notifications ({@code gateway.merchants.<id>.snap.signing-key},
     * RSA 3072): {@code deploy/local/snap/gateway-<id>-private.pem}. Each merchant has its own.
     */
    public static String gatewayPrivateKeyPem(SandboxMerchants.Merchant merchant) {
        return resource("gateway-" + merchant.id() + "-private.pem");
    }

    /** Its public half, {@code deploy/local/snap/gateway-<id>-public.pem}: what the merchant verifies with. */
    public static String gatewayPublicKeyPem(SandboxMerchants.Merchant merchant) {
        return resource("gateway-" + merchant.id() + "-public.pem");
    }

    /**
     * {@link #ROTATING}'s signing key before its current one
     * ({@code gateway.merchants.demo.snap.previous-signing-key}): published second, signs nothing.
     */
    public static String gatewayPreviousPrivateKeyPem() {
        return resource("gateway-" + ROTATING.id() + "-previous-private.pem");
    }

    public static String gatewayPreviousPublicKeyPem() {
        return resource("gateway-" + ROTATING.id() + "-previous-public.pem");
    }

    /**
     * What {@code GET /pg/snap/public-keys/<client key>.pem} serves for the merchant: its signing key's public half,
     * and for {@link #ROTATING} the previous one after it.
     */
    public static String gatewayPublishedKeysPem(SandboxMerchants.Merchant merchant) {
        return gatewayPublicKeyPem(merchant) + (merchant.equals(ROTATING) ? gatewayPreviousPublicKeyPem() : "");
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
     * The {@code gateway.merchants.<id>.snap.*} lines, each key as base64 DER on one line (no token key: the test
     * profile has one, the local stack makes one): client key, public key, company codes, and the gateway's signing key
     * (and for {@link #ROTATING} the previous one), which only notification-service needs ({@link #isSigningKey(String)}).
     */
    public static List<String> configLines() {
        List<String> lines = new ArrayList<>();
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            String prefix = "gateway.merchants." + m.id() + ".snap.";
            lines.add(prefix + "client-key=" + clientKey(m));
            lines.add(prefix + "public-key=" + der(SnapKeys.publicKey(publicKeyPem(m)).getEncoded()));
            lines.add(prefix + "signing-key=" + der(SnapKeys.privateKey(gatewayPrivateKeyPem(m)).getEncoded()));
            if (m.equals(ROTATING)) {
                lines.add(prefix + "previous-signing-key="
                        + der(SnapKeys.privateKey(gatewayPreviousPrivateKeyPem()).getEncoded()));
            }
            // written without the padding, which a properties file or an environment variable would drop
            lines.add(prefix + "partner-service-ids=" + String.join(",",
                    partnerServiceIds(m).stream().map(String::strip).toList()));
        }
        return lines;
    }

    /** Whether a line of {@link #configLines()} is a signing key: a secret of notification-service's alone. */
    public static boolean isSigningKey(String line) {
        return line.startsWith("gateway.merchants.") && (line.contains(".snap.signing-key=")
                || line.contains(".snap.previous-signing-key="));
    }

    private static String der(byte[] encoded) {
        return Base64.getEncoder().encodeToString(encoded);
    }
}
