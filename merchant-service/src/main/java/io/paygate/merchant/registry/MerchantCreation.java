package io.paygate.merchant.registry;

import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.SecretSealer;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes a merchant (docs/contract.md §10): the operator's {@code POST /admin/merchants} and the seeding of configured
 * merchants alike, through {@link MerchantChanges#create}, so any number of creators of one id make one merchant.
 */
@ApplicationScoped
public class MerchantCreation {

    /**
     * The secrets a new merchant starts with (made by the gateway, or configured for a seed): client and notification
     * secret, and optionally the SNAP signing keys (a seed's configured ones; otherwise one is made when it has SNAP).
     */
    public record Secrets(String clientSecret, String notificationSecret, GeneratedSecrets.SigningKey signingKey,
                          GeneratedSecrets.SigningKey previousSigningKey) {

        /** Fresh secrets, made by the gateway from 32 random bytes each. */
        public static Secrets generated() {
            return new Secrets(GeneratedSecrets.clientSecret(), GeneratedSecrets.notificationSecret(), null, null);
        }

        @Override
        public String toString() {
            return "Secrets[…]";
        }
    }

    private final MerchantChanges changes;
    private final SecretSealer sealer;

    MerchantCreation(MerchantChanges changes, SecretSealer sealer) {
        this.changes = changes;
        this.sealer = sealer;
    }

    /**
     * Creates the merchant of {@code request} (checked by {@link MerchantRules}) with {@code secrets}; empty when the
     * registry already has one with its id (nothing is written then).
     */
    public Optional<MerchantRecord> create(Actor actor, String action, MerchantRequest request, Secrets secrets) {
        return changes.create(actor, request.id(), (m, now) -> {
            m.clientSecret = sealer.seal(m.id, MerchantState.SECRET_CLIENT, secrets.clientSecret());
            m.notificationSecret = sealer.seal(m.id, MerchantState.SECRET_NOTIFICATION, secrets.notificationSecret());
            List<String> changed = new ArrayList<>(List.of("clientSecret", "notificationSecret"));
            if (request.snap() != null && secrets.signingKey() != null) {
                seal(m, secrets);
                changed.add("snap.signingKey");
            }
            m.name = null;
            m.provider = null;
            m.currency = null;
            changed.addAll(MerchantMembers.apply(m, request, sealer));
            return new MerchantChanges.Change(action, List.copyOf(changed));
        });
    }

    private void seal(MerchantRecord m, Secrets secrets) {
        m.snapSigningKey = sealer.seal(m.id, MerchantState.SECRET_SNAP_SIGNING_KEY, secrets.signingKey().privatePem());
        m.snapSigningPublicKey = secrets.signingKey().publicPem();
        if (secrets.previousSigningKey() != null) {
            m.snapPreviousSigningKey = sealer.seal(m.id, MerchantState.SECRET_SNAP_SIGNING_KEY,
                    secrets.previousSigningKey().privatePem());
            m.snapPreviousSigningPublicKey = secrets.previousSigningKey().publicPem();
        }
    }
}
