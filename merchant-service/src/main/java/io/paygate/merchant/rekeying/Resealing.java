package io.paygate.merchant.rekeying;

import io.paygate.merchant.registry.Actor;
import io.paygate.merchant.registry.MerchantChanges;
import io.paygate.merchant.registry.MerchantRecord;
import io.paygate.merchant.registry.MerchantRepository;
import io.paygate.merchant.registry.RegistryConfig;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Rotating the encryption key (docs/contract.md §10): with {@code gateway.merchants.encryption-key} = the new key and
 * {@code previous-encryption-key} = the old one, every secret still sealed under the old key is opened and sealed
 * again under the new one, and the merchant's state published again, one merchant per change (its row lock, its
 * audit entry {@code reseal} naming the members, its merchant-config event). At start, and at
 * {@code POST /admin/encryption-key/reseal}; a merchant already under the current key is left as it is, so any number
 * of replicas may run it at once.
 */
@ApplicationScoped
public class Resealing {

    private static final Logger LOG = Logger.getLogger(Resealing.class);

    private final MerchantRepository merchants;
    private final MerchantChanges changes;
    private final SecretSealer sealer;
    private final RegistryConfig config;

    Resealing(MerchantRepository merchants, MerchantChanges changes, SecretSealer sealer, RegistryConfig config) {
        this.merchants = merchants;
        this.changes = changes;
        this.sealer = sealer;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.resealAtStart()) {
            resealAll(Actor.system("reseal"));
        }
    }

    /** Re-seals every merchant that has a secret under another key than the current one; how many it changed. */
    public int resealAll(Actor actor) {
        int resealed = 0;
        for (String id : merchants.ids()) {
            try {
                if (reseal(actor, id)) {
                    resealed++;
                }
            } catch (IllegalArgumentException e) {
                // A key this service no longer holds: the operator must configure it as previous-encryption-key.
                LOG.errorf("merchant %s is not re-sealed: %s", id, e.getMessage());
            }
        }
        if (resealed > 0) {
            LOG.infof("re-sealed %d merchant(s) under encryption key %s", resealed, sealer.currentKeyId());
        }
        return resealed;
    }

    private boolean reseal(Actor actor, String id) {
        List<String> done = new ArrayList<>();
        changes.change(actor, id, (m, now) -> {
            List<String> changed = new ArrayList<>();
            reseal(m, MerchantState.SECRET_CLIENT, "clientSecret", m.clientSecret, v -> m.clientSecret = v, changed);
            reseal(m, MerchantState.SECRET_CLIENT, "clientSecret.previous", m.clientSecretPrevious,
                    v -> m.clientSecretPrevious = v, changed);
            reseal(m, MerchantState.SECRET_NOTIFICATION, "notificationSecret", m.notificationSecret,
                    v -> m.notificationSecret = v, changed);
            reseal(m, MerchantState.SECRET_NOTIFICATION, "notificationSecret.previous", m.notificationSecretPrevious,
                    v -> m.notificationSecretPrevious = v, changed);
            reseal(m, MerchantState.SECRET_MIDTRANS_SERVER_KEY, "midtrans.serverKey", m.midtransServerKey,
                    v -> m.midtransServerKey = v, changed);
            reseal(m, MerchantState.SECRET_SNAP_SIGNING_KEY, "snap.signingKey", m.snapSigningKey,
                    v -> m.snapSigningKey = v, changed);
            reseal(m, MerchantState.SECRET_SNAP_SIGNING_KEY, "snap.previousSigningKey", m.snapPreviousSigningKey,
                    v -> m.snapPreviousSigningKey = v, changed);
            reseal(m, MerchantState.SECRET_SNAP_SIGNING_KEY, "snap.nextSigningKey", m.snapNextSigningKey,
                    v -> m.snapNextSigningKey = v, changed);
            done.addAll(changed);
            return new MerchantChanges.Change("reseal", changed);
        });
        return !done.isEmpty();
    }

    private void reseal(MerchantRecord m, String aad, String member, Sealed sealed, Consumer<Sealed> assign,
                        List<String> changed) {
        if (sealed != null && sealer.isStale(sealed)) {
            assign.accept(sealer.reseal(m.id, aad, sealed));
            changed.add(member);
        }
    }
}
