package io.paygate.merchant.topic;

import io.paygate.merchant.registry.Actor;
import io.paygate.merchant.registry.MerchantChanges;
import io.paygate.merchant.registry.MerchantRepository;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Writes every merchant's current state to {@code merchant-config} again (docs/operations.md "Recovering the
 * registry"): the topic is derived from the registry's database, so when it is lost (deleted, a new cluster, a
 * retention mistake) the database alone makes it whole. One transaction per merchant, each with its audit entry
 * {@code republish} ({@link MerchantChanges#republish}); versions stay as they are.
 */
@ApplicationScoped
public class Republishing {

    private static final Logger LOG = Logger.getLogger(Republishing.class);

    private final MerchantRepository merchants;
    private final MerchantChanges changes;

    Republishing(MerchantRepository merchants, MerchantChanges changes) {
        this.merchants = merchants;
        this.changes = changes;
    }

    /** Republishes every merchant the registry has; how many. */
    public int republishAll(Actor actor) {
        int republished = 0;
        for (String id : merchants.ids()) {
            changes.republish(actor, id);
            republished++;
        }
        LOG.infof("republished %d merchant(s) to merchant-config", republished);
        return republished;
    }
}
