package io.paygate.kit.auth;

import java.security.PublicKey;
import java.util.Objects;

/**
 * A merchant's SNAP BI identity (docs/contract.md §9): the client key it sends as {@code X-CLIENT-KEY} and
 * {@code X-PARTNER-ID}, and the RSA public key its access-token requests are verified with. Nothing here is secret.
 */
public record SnapClient(String clientKey, PublicKey publicKey) {

    public SnapClient {
        Objects.requireNonNull(clientKey, "clientKey");
        Objects.requireNonNull(publicKey, "publicKey");
    }

    @Override
    public String toString() {
        return "SnapClient[" + clientKey + "]";
    }
}
