package io.paygate.kit.snap;

import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationSigner;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's own SNAP key pair (docs/contract.md §9, SNAP notifications): {@code gateway.snap.signing-key} signs,
 * {@code gateway.snap.previous-signing-key} (during a rotation) is only published. Read at startup where they are set: a
 * key that is not an RSA private key of at least 2048 bits stops the service. notification-service signs with
 * {@link #signer()} and serves {@link #publicKeysPem()} at {@code GET /pg/snap/public-key.pem}.
 */
@ApplicationScoped
@Startup
public class SnapSigningKeys {

    private final SnapNotificationSigner signer;
    private final List<PublicKey> publicKeys;

    SnapSigningKeys(SnapConfig config) {
        List<PublicKey> keys = new ArrayList<>();
        PrivateKey current = config.signingKey().map(key -> read("gateway.snap.signing-key", key)).orElse(null);
        if (current != null) {
            keys.add(SnapKeys.publicOf(current));
        }
        config.previousSigningKey()
                .map(key -> read("gateway.snap.previous-signing-key", key))
                .ifPresent(previous -> keys.add(SnapKeys.publicOf(previous)));
        if (current == null && !keys.isEmpty()) {
            throw new IllegalStateException("gateway.snap.previous-signing-key without gateway.snap.signing-key");
        }
        this.signer = current == null ? null : new SnapNotificationSigner(current);
        this.publicKeys = List.copyOf(keys);
    }

    /** The signer of SNAP notifications, when this service has {@code gateway.snap.signing-key}. */
    public Optional<SnapNotificationSigner> signer() {
        return Optional.ofNullable(signer);
    }

    /** The public keys merchants verify with, the signing one first. */
    public List<PublicKey> publicKeys() {
        return publicKeys;
    }

    /** {@link #publicKeys()} as PEM blocks, the signing one first (midtrans-client reads the first block only). */
    public String publicKeysPem() {
        StringBuilder pem = new StringBuilder();
        publicKeys.forEach(key -> pem.append(SnapKeys.pem(key)));
        return pem.toString();
    }

    private static PrivateKey read(String name, String value) {
        try {
            return SnapKeys.privateKey(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(name + " is not an RSA private key of at least " + SnapKeys.MIN_BITS
                    + " bits in PEM or base64 DER: " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "SnapSigningKeys[" + publicKeys.size() + " key(s)]";
    }
}
