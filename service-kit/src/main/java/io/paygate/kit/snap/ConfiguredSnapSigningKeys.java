package io.paygate.kit.snap;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationSigner;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;

import java.math.BigInteger;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The merchants' SNAP notification signing keys as configured (docs/contract.md §9, docs/operations.md "SNAP keys"):
 * {@code gateway.merchants.<id>.snap.signing-key} signs that merchant's notifications and
 * {@code .snap.previous-signing-key} (during a rotation) is only published. Read at start-up wherever they are set; the
 * service stops, naming the key and never showing it, on a key that is not an RSA private key, one under
 * {@value SnapKeys#MIN_SIGNING_BITS} bits, a previous key without a current one, or a key two merchants share (current
 * or previous: the standard's string to sign names no merchant, so a shared key would let one merchant's notification
 * verify at another's).
 */
@Singleton
@Startup
public class ConfiguredSnapSigningKeys implements SnapSigningKeys {

    /** One merchant's configured keys as text (PEM or base64 DER); {@code null} where unset. */
    record Configured(String signingKey, String previousSigningKey) {
    }

    private final Map<String, MerchantSigningKeys> byMerchant;

    ConfiguredSnapSigningKeys(GatewayConfig config) {
        SortedMap<String, Configured> configured = new TreeMap<>();
        config.merchants().forEach((id, merchant) -> merchant.snap().ifPresent(snap -> configured.put(id,
                new Configured(snap.signingKey().orElse(null), snap.previousSigningKey().orElse(null)))));
        this.byMerchant = read(configured);
    }

    @Override
    public Optional<MerchantSigningKeys> of(String merchantId) {
        return merchantId == null ? Optional.empty() : Optional.ofNullable(byMerchant.get(merchantId));
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
