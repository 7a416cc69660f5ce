package io.paygate.kit.snap;

import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationSigner;

import java.security.PublicKey;
import java.util.List;
import java.util.Objects;

/**
 * One merchant's SNAP notification keys (docs/contract.md §9): the signer (its current gateway signing key) and the
 * public keys published at {@code GET /pg/snap/public-keys/<client key>.pem}, the signing one first and, during a
 * rotation, the previous one second (it signs nothing). {@link #toString()} never shows a key.
 */
public record MerchantSigningKeys(SnapNotificationSigner signer, List<PublicKey> publicKeys) {

    public MerchantSigningKeys {
        Objects.requireNonNull(signer, "signer");
        publicKeys = List.copyOf(publicKeys);
        if (publicKeys.isEmpty()) {
            throw new IllegalArgumentException("at least the signing key's public half is published");
        }
    }

    /** {@link #publicKeys()} as PEM blocks, the signing one first (midtrans-client reads the first block only). */
    public String publicKeysPem() {
        StringBuilder pem = new StringBuilder();
        publicKeys.forEach(key -> pem.append(SnapKeys.pem(key)));
        return pem.toString();
    }

    @Override
    public String toString() {
        return "MerchantSigningKeys[" + publicKeys.size() + " key(s)]";
    }
}
