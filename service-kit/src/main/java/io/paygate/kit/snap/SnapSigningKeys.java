package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;

import java.util.Collection;
import java.util.Optional;

/**
 * Who signs each merchant's SNAP notifications (docs/contract.md §9): merchant id → the gateway's signing key for that
 * merchant and the public keys published for it. The standard's string to sign names no merchant, so each merchant has
 * a key of its own and no two share one: a notification signed for one merchant never verifies at another's. The keys
 * are the registry's where it knows the merchant (docs/contract.md §10), else the configuration's
 * ({@link ConfiguredSnapSigningKeys}).
 */
public interface SnapSigningKeys {

    /** The keys of merchant {@code merchantId}'s SNAP notifications, or empty when it has none. */
    Optional<MerchantSigningKeys> of(String merchantId);

    /**
     * Whether every merchant with SNAP keys has a signing key: the service that signs SNAP notifications
     * (notification-service) refuses to start otherwise, rather than fail each of that merchant's notifications. Given
     * the configured merchants (those the registry alone knows come with their keys).
     *
     * @throws IllegalStateException naming the first merchant (by id) that has SNAP keys and no signing key
     */
    default void requireForEverySnapMerchant(Collection<Merchant> merchants) {
        merchants.stream().filter(m -> m.snap().isPresent() && of(m.id()).isEmpty())
                .map(Merchant::id).sorted().findFirst().ifPresent(id -> {
                    throw new IllegalStateException("gateway.merchants." + id + ".snap.signing-key is not set: every "
                            + "merchant with SNAP keys needs a signing key of its own for its SNAP notifications");
                });
    }
}
