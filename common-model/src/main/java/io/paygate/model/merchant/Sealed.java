package io.paygate.model.merchant;

import java.util.Objects;

/**
 * A secret as it travels on {@code merchant-config} and rests in merchant-service's database (docs/contract.md §10):
 * AES-256-GCM ciphertext ({@code value}: base64 of the 12-byte nonce, the ciphertext and the 16-byte tag) under the
 * key whose id is {@code kid}. Only {@link SecretSealer} opens it. Never a secret in clear, so {@link #toString()} may
 * show it.
 */
public record Sealed(String kid, String value) {

    public Sealed {
        Objects.requireNonNull(kid, "kid");
        Objects.requireNonNull(value, "value");
    }
}
