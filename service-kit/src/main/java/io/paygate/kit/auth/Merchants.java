package io.paygate.kit.auth;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.config.MerchantRegistryConfig;
import io.paygate.kit.observability.MerchantDirectory;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.SecretSealer;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The merchants this service knows (docs/contract.md §10): the configured ones ({@code gateway.merchants.<id>.*},
 * checked at start-up by {@link ConfiguredMerchants}) as the base, and over them merchant-service's registry as
 * {@code kit.registry.MerchantConfigFollower} reads it from {@code merchant-config} ({@link #apply}). For an id the
 * registry knows, the registry's state wins whole: a configuration (a stale Secret) can never revive a suspended
 * merchant, an ended secret or a removed key.
 *
 * <p>Lookups read one immutable snapshot, swapped atomically (a volatile field) when the registry changes, so the hot
 * path (every request) is a map lookup with no lock and no allocation beyond its {@code Optional}. Writers are the
 * follower's thread (one), serialized here anyway.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class Merchants implements MerchantDirectory {

    private static final Logger LOG = Logger.getLogger(Merchants.class);

    private final Map<String, Merchant> configured;
    private final SecretSealer sealer;
    private final Object writes = new Object();
    /** The registry's merchants by id (written under {@link #writes}, read only there). */
    private final Map<String, Merchant> registry = new HashMap<>();
    private volatile Snapshot snapshot;

    @Inject
    Merchants(GatewayConfig config, MerchantRegistryConfig registryConfig) {
        this(ConfiguredMerchants.read(config).values(), sealer(registryConfig));
    }

    private Merchants(Collection<Merchant> configured, SecretSealer sealer) {
        Map<String, Merchant> byId = new LinkedHashMap<>();
        configured.forEach(m -> byId.put(m.id(), m));
        this.configured = Map.copyOf(byId);
        this.sealer = sealer;
        this.snapshot = Snapshot.of(0, this.configured, Map.of());
    }

    /** Merchants with these configured ones and, to open the registry's secrets, {@code sealer} (null: none). */
    public static Merchants of(Collection<Merchant> configured, SecretSealer sealer) {
        return new Merchants(configured, sealer);
    }

    private static SecretSealer sealer(MerchantRegistryConfig config) {
        if (config.encryptionKey().isEmpty()) {
            return null;
        }
        try {
            return SecretSealer.of(config.encryptionKey().get(), config.previousEncryptionKey().orElse(null));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("gateway.merchants.encryption-key / previous-encryption-key: "
                    + e.getMessage());
        }
    }

    /** Merchant {@code id}'s SNAP keys as configured, or why the service does not start. */
    static SnapClient snapClient(String id, String clientKey, String publicKey) {
        return ConfiguredMerchants.snapClient("gateway.merchants." + id + ".snap.", clientKey, publicKey);
    }

    public Optional<Merchant> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(snapshot.byId.get(id));
    }

    /** The merchant; for ids that come from our own records. */
    public Merchant get(String id) {
        return find(id).orElseThrow(() -> new IllegalStateException("Merchant no longer known: " + id));
    }

    /** The merchant whose SNAP client key is {@code clientKey} (docs/contract.md §9). */
    public Optional<Merchant> findBySnapClientKey(String clientKey) {
        return clientKey == null ? Optional.empty() : Optional.ofNullable(snapshot.bySnapClientKey.get(clientKey));
    }

    /** Whether any merchant has SNAP keys. */
    public boolean anySnapClient() {
        return !snapshot.bySnapClientKey.isEmpty();
    }

    /** Every merchant known now (configured and registry), by id. */
    public Collection<Merchant> all() {
        return snapshot.byId.values();
    }

    /** The configured merchants only, as configured (what start-up checks of a service's own configuration read). */
    public Collection<Merchant> configured() {
        return configured.values();
    }

    /**
     * A number that changes with every change of what {@link #all()} holds: anything derived from the merchants (an
     * index of company codes, signing keys) is rebuilt when it differs from the one it was built at.
     */
    public long generation() {
        return snapshot.generation;
    }

    /** Whether this service can open the registry's secrets ({@code gateway.merchants.encryption-key} is set). */
    public boolean canOpenSecrets() {
        return sealer != null;
    }

    @Override
    public boolean isConfigured(String merchantId) {
        return merchantId != null && snapshot.byId.containsKey(merchantId);
    }

    @Override
    public List<String> configuredIds() {
        return List.copyOf(configured.keySet());
    }

    /**
     * Merchant {@code state} of the registry, its secrets opened.
     *
     * @throws MerchantStateException when a secret does not open or a member does not parse (never showing a secret)
     */
    public Merchant read(MerchantState state) {
        return RegistryStates.read(state, sealer);
    }

    /** Applies one state of the registry ({@link #read}, then {@link #apply(List)}); whether it changed anything. */
    public boolean apply(MerchantState state) {
        return !apply(List.of(read(state))).isEmpty();
    }

    /**
     * Applies the registry's merchants (each {@link Merchant#fromRegistry()}), in order, in one swap of the snapshot: a
     * merchant whose version is not above the one held is ignored (a replay, or a record older than one read).
     *
     * @return the merchants applied, in order
     */
    public List<Merchant> apply(List<Merchant> states) {
        synchronized (writes) {
            List<Merchant> applied = new ArrayList<>();
            for (Merchant merchant : states) {
                if (!merchant.fromRegistry()) {
                    throw new IllegalArgumentException(merchant + " is not the registry's");
                }
                Merchant held = registry.get(merchant.id());
                if (held == null || merchant.version() > held.version()) {
                    registry.put(merchant.id(), merchant);
                    applied.add(merchant);
                }
            }
            if (!applied.isEmpty()) {
                snapshot = Snapshot.of(snapshot.generation + 1, configured, registry);
            }
            return applied;
        }
    }

    /** The version of merchant {@code id} the registry gave, if it gave one. */
    public Optional<Long> registryVersion(String id) {
        Merchant merchant = snapshot.byId.get(id);
        return merchant != null && merchant.fromRegistry() ? Optional.of(merchant.version()) : Optional.empty();
    }

    @Override
    public String toString() {
        return "Merchants[" + snapshot.byId.size() + "]";
    }

    /** What lookups read: immutable, replaced whole. */
    private record Snapshot(long generation, Map<String, Merchant> byId, Map<String, Merchant> bySnapClientKey) {

        /**
         * The configured merchants with the registry's over them. A SNAP client key is its merchant's; one that two
         * merchants claim (a key moving between two merchants, read in the other order) names neither until the
         * registry settles it, so a request is never taken for the wrong merchant; a registry merchant's key beats a
         * configured one's.
         */
        static Snapshot of(long generation, Map<String, Merchant> configured, Map<String, Merchant> registry) {
            Map<String, Merchant> byId = new HashMap<>(configured);
            byId.putAll(registry);
            Map<String, Merchant> byClientKey = new HashMap<>();
            Set<String> contested = new HashSet<>();
            for (Merchant merchant : byId.values()) {
                SnapClient snap = merchant.snapClient();
                if (snap == null) {
                    continue;
                }
                Merchant other = byClientKey.putIfAbsent(snap.clientKey(), merchant);
                if (other != null && other.fromRegistry() == merchant.fromRegistry()) {
                    contested.add(snap.clientKey());
                } else if (other != null && merchant.fromRegistry()) {
                    byClientKey.put(snap.clientKey(), merchant);
                }
            }
            for (String key : contested) {
                LOG.warnf("SNAP client key %s is claimed by more than one merchant: it names none until that is "
                        + "settled", key);
                byClientKey.remove(key);
            }
            return new Snapshot(generation, Map.copyOf(byId), Map.copyOf(byClientKey));
        }
    }
}
