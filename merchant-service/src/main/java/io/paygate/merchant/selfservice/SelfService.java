package io.paygate.merchant.selfservice;

import io.paygate.kit.error.ApiException;
import io.paygate.merchant.registry.Actor;
import io.paygate.merchant.registry.MerchantChanges;
import io.paygate.merchant.registry.MerchantRecord;
import io.paygate.merchant.registry.MerchantRepository;
import io.paygate.merchant.registry.MerchantRules;
import io.paygate.merchant.registry.MerchantViews;
import io.paygate.merchant.registry.SecretRotations;
import io.paygate.model.api.merchant.IpAllowlistChange;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.SnapPublicKeyChange;
import io.paygate.model.net.Cidr;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * What a merchant changes of itself (docs/contract.md §10): its profile, its own SNAP public key and its address
 * allowlist here; its secrets' rotations through the registry's {@link SecretRotations}, as an operator's.
 */
@ApplicationScoped
public class SelfService {

    private final MerchantRepository merchants;
    private final MerchantChanges changes;
    private final SecretRotations rotations;
    private final Clock clock = Clock.systemUTC();

    SelfService(MerchantRepository merchants, MerchantChanges changes, SecretRotations rotations) {
        this.merchants = merchants;
        this.changes = changes;
        this.rotations = rotations;
    }

    /** The merchant's own profile, as the operator sees it. */
    @Transactional
    public MerchantView profile(String merchantId) {
        return MerchantViews.of(merchants.findByIdOptional(merchantId).orElseThrow(ApiException::notFound),
                clock.instant());
    }

    /** The merchant's new SNAP public key; the previous one is accepted for the grace. */
    public MerchantView snapPublicKey(Actor actor, String merchantId, SnapPublicKeyChange change) {
        String pem = MerchantRules.publicKey(change.publicKey(), "publicKey");
        return MerchantViews.of(rotations.changePublicKey(actor, merchantId, pem, change.graceOrDefault()),
                clock.instant());
    }

    /**
     * The merchant's address allowlist. A list that would refuse {@code callerAddress} (the client address of this
     * very request) is {@code 409SS00} unless forced: a merchant does not lock itself out by accident.
     */
    public MerchantView ipAllowlist(Actor actor, String merchantId, IpAllowlistChange change, String callerAddress) {
        List<String> cidrs = MerchantRules.cidrs(change.cidrs(), "cidrs");
        if (!change.forced() && !admits(cidrs, callerAddress)) {
            throw ApiException.conflict("the allowlist would refuse this request's address " + callerAddress
                    + ": send force true to apply it anyway");
        }
        MerchantRecord changed = changes.change(actor, merchantId, (m, now) -> {
            if (List.of(m.ipAllowlist).equals(cidrs)) {
                return new MerchantChanges.Change("ip-allowlist.change", List.of());
            }
            m.ipAllowlist = cidrs.toArray(String[]::new);
            return MerchantChanges.Change.of("ip-allowlist.change", "ipAllowlist");
        });
        return MerchantViews.of(changed, clock.instant());
    }

    /**
     * Whether a list admits a client: an empty list admits any; an IPv4 client by its address; an IPv6 client, known
     * by its /64 ({@code web.ClientAddresses}), only when one block holds the whole /64.
     */
    static boolean admits(List<String> cidrs, String client) {
        if (cidrs.isEmpty()) {
            return true;
        }
        Cidr caller = callerBlock(client);
        return caller != null && cidrs.stream().map(c -> Cidr.parse(c).orElseThrow())
                .anyMatch(block -> block.containsBlock(caller));
    }

    /** {@code 203.0.113.7} as a block of one, {@code 20010db8000000ab::/64} as that /64; null for anything else. */
    static Cidr callerBlock(String client) {
        if (client == null) {
            return null;
        }
        if (client.endsWith("::/64") && client.length() == 16 + 5) {
            try {
                byte[] network = Arrays.copyOf(HexFormat.of().parseHex(client, 0, 16), 16);
                return new Cidr(network, 64);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return Cidr.parse(client).orElse(null);
    }
}
