package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.auth.SnapSigning;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationSigner;
import io.quarkus.runtime.Startup;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The merchants' SNAP notification signing keys as configured (docs/contract.md §9, docs/operations.md "SNAP keys"):
 * {@code gateway.merchants.<id>.snap.signing-key} signs that merchant's notifications and
 * {@code .snap.previous-signing-key} (during a rotation) is only published. Read at start-up wherever they are set; the
 * service stops, naming the key and never showing it, on a key that is not an RSA private key, one under
 * {@value SnapKeys#MIN_SIGNING_BITS} bits, a previous key without a current one, or a key two merchants share (current
 * or previous: the standard's string to sign names no merchant, so a shared key would let one merchant's notification
 * verify at another's).
 * <p>
 * For a merchant the registry knows (docs/contract.md §10, {@link Merchants}), the registry's keys instead, whatever the
 * configuration holds: its current key signs, and its next key from its {@code activateAt} on; the public keys
 * published are the signing one first (midtrans-client reads the first block only), then the other of current and next,
 * then the previous one. Opened and checked by {@link Merchants} when the state arrived; the signers are made once per
 * state of the merchant.
 */
@Singleton
@Startup
public class ConfiguredSnapSigningKeys implements SnapSigningKeys {

    /** One merchant's configured keys as text (PEM or base64 DER); {@code null} where unset. */
    record Configured(String signingKey, String previousSigningKey) {
    }

    private final Map<String, MerchantSigningKeys> byMerchant;
    private final Merchants merchants;
    private final Clock clock;
    private final Map<String, Registered> registered = new ConcurrentHashMap<>();

    @Inject
    ConfiguredSnapSigningKeys(GatewayConfig config, Merchants merchants) {
        this(configured(config), merchants, Clock.systemUTC());
    }

    /** The keys of {@code configured} (checked), and the registry's of {@code merchants}, at the time of {@code clock}. */
    ConfiguredSnapSigningKeys(SortedMap<String, Configured> configured, Merchants merchants, Clock clock) {
        this.byMerchant = read(configured);
        this.merchants = merchants;
        this.clock = clock;
    }

    private static SortedMap<String, Configured> configured(GatewayConfig config) {
        SortedMap<String, Configured> configured = new TreeMap<>();
        config.merchants().forEach((id, merchant) -> merchant.snap().ifPresent(snap -> configured.put(id,
                new Configured(snap.signingKey().orElse(null), snap.previousSigningKey().orElse(null)))));
        return configured;
    }

    @Override
    public Optional<MerchantSigningKeys> of(String merchantId) {
        if (merchantId == null) {
            return Optional.empty();
        }
        Merchant merchant = merchants.find(merchantId).orElse(null);
        if (merchant == null || !merchant.fromRegistry()) {
            return Optional.ofNullable(byMerchant.get(merchantId));
        }
        SnapSigning signing = merchant.snapSigning().orElse(null);
        if (signing == null) {
            return Optional.empty();
        }
        Registered keys = registered.get(merchantId);
        if (keys == null || keys.source() != merchant) {
            keys = Registered.of(merchant, signing);
            registered.put(merchantId, keys);
        }
        return Optional.of(keys.at(clock.instant()));
    }

    /** One registry state's keys: before its next key's activation, and from it on. */
    private record Registered(Merchant source, MerchantSigningKeys before, MerchantSigningKeys after,
                              SnapSigning signing) {

        static Registered of(Merchant source, SnapSigning signing) {
            PublicKey current = SnapKeys.publicOf(signing.current());
            PublicKey previous = signing.previous() == null ? null : SnapKeys.publicOf(signing.previous());
            PublicKey next = signing.next() == null ? null : SnapKeys.publicOf(signing.next());
            MerchantSigningKeys before = new MerchantSigningKeys(new SnapNotificationSigner(signing.current()),
                    published(current, next, previous));
            MerchantSigningKeys after = next == null ? before
                    : new MerchantSigningKeys(new SnapNotificationSigner(signing.next()),
                    published(next, current, previous));
            return new Registered(source, before, after, signing);
        }

        MerchantSigningKeys at(Instant now) {
            return signing.nextActive(now) ? after : before;
        }

        private static List<PublicKey> published(PublicKey signingKey, PublicKey other, PublicKey previous) {
            List<PublicKey> keys = new ArrayList<>(List.of(signingKey));
            if (other != null) {
                keys.add(other);
            }
            if (previous != null) {
                keys.add(previous);
            }
            return keys;
        }

        @Override
        public String toString() {
            return "Registered[" + source.id() + "]";
        }
    }

    /**
     * Each merchant's keys, checked as described above, in the order of {@code configured} (so that the message of a
     * shared key names the same two merchants on every start).
     *
     * @throws IllegalStateException naming the configuration key at fault
     */
    static Map<String, MerchantSigningKeys> read(SortedMap<String, Configured> configured) {
        Map<String, MerchantSigningKeys> keys = new HashMap<>();
        Map<BigInteger, String> owners = new HashMap<>();
        configured.forEach((id, config) -> {
            String prefix = "gateway.merchants." + id + ".snap.";
            if (config.signingKey() == null) {
                if (config.previousSigningKey() != null) {
                    throw new IllegalStateException(prefix + "previous-signing-key without " + prefix + "signing-key");
                }
                return;
            }
            PrivateKey current = read(prefix + "signing-key", config.signingKey(), owners);
            List<PublicKey> published = new ArrayList<>(List.of(SnapKeys.publicOf(current)));
            if (config.previousSigningKey() != null) {
                published.add(SnapKeys.publicOf(read(prefix + "previous-signing-key", config.previousSigningKey(),
                        owners)));
            }
            keys.put(id, new MerchantSigningKeys(new SnapNotificationSigner(current), published));
        });
        return Map.copyOf(keys);
    }

    /** The key named {@code name}, claimed for it in {@code owners} (by modulus: one modulus, one key). */
    private static PrivateKey read(String name, String value, Map<BigInteger, String> owners) {
        PrivateKey key;
        try {
            key = SnapKeys.privateKey(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(name + " is not an RSA private key in PEM or base64 DER: "
                    + e.getMessage());
        }
        int bits = SnapKeys.bits(key);
        if (bits < SnapKeys.MIN_SIGNING_BITS) {
            throw new IllegalStateException(name + " has " + bits + " bits: a signing key needs at least "
                    + SnapKeys.MIN_SIGNING_BITS);
        }
        String owner = owners.putIfAbsent(((RSAKey) key).getModulus(), name);
        if (owner != null) {
            throw new IllegalStateException(name + " is the same key as " + owner
                    + ": a signing key belongs to one merchant and is configured once");
        }
        return key;
    }

    @Override
    public String toString() {
        return "ConfiguredSnapSigningKeys[" + byMerchant.size() + " merchant(s)]";
    }
}
