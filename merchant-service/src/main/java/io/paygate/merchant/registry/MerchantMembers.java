package io.paygate.merchant.registry;

import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.SecretSealer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Writes the members an operator sets (a creation's, or a merge patch's result, checked by {@link MerchantRules}) into a
 * registry row, sealing the Midtrans server key, and says which changed. A merchant that gains SNAP keys gets the
 * gateway's signing key of its notifications (docs/contract.md §9); one that loses them loses every SNAP member.
 */
public final class MerchantMembers {

    private MerchantMembers() {
    }

    /** Sets {@code request}'s members on {@code m}; returns the names of those that changed. */
    public static List<String> apply(MerchantRecord m, MerchantRequest request, SecretSealer sealer) {
        List<String> changed = new ArrayList<>();
        set(changed, "name", m.name, request.name(), v -> m.name = v);
        set(changed, "provider", m.provider, request.provider(), v -> m.provider = v);
        set(changed, "currency", m.currency, request.currency(), v -> m.currency = v);
        set(changed, "methods", List.of(m.methods), request.methods(), v -> m.methods = v.toArray(String[]::new));
        set(changed, "ipAllowlist", List.of(m.ipAllowlist), request.ipAllowlist(),
                v -> m.ipAllowlist = v.toArray(String[]::new));
        MerchantRequest.RateLimit rateLimit = request.rateLimit();
        set(changed, "rateLimit", MerchantStates.rateLimit(m),
                rateLimit == null ? null : new MerchantState.RateLimit(rateLimit.perSecond(), rateLimit.burst()), v -> {
                    m.rateLimitPerSecond = v == null ? null : v.perSecond();
                    m.rateLimitBurst = v == null ? null : v.burst();
                });
        set(changed, "fees", m.fees, request.fees() == null ? null : Json.write(request.fees()), v -> m.fees = v);
        set(changed, "settlementDelayDays", m.settlementDelayDays, request.settlementDelayDays(),
                v -> m.settlementDelayDays = v);
        midtrans(m, request.midtrans(), sealer, changed);
        snap(m, request.snap(), sealer, changed);
        return changed;
    }

    private static void midtrans(MerchantRecord m, MerchantRequest.Midtrans midtrans, SecretSealer sealer,
                                 List<String> changed) {
        if (midtrans == null) {
            if (m.midtransServerKey != null || m.midtransClientKey != null) {
                m.midtransServerKey = null;
                m.midtransClientKey = null;
                m.midtransBaseUrl = null;
                changed.add("midtrans");
            }
            return;
        }
        if (midtrans.serverKey() != null) {
            m.midtransServerKey = sealer.seal(m.id, MerchantState.SECRET_MIDTRANS_SERVER_KEY, midtrans.serverKey());
            changed.add("midtrans.serverKey");
        }
        set(changed, "midtrans.clientKey", m.midtransClientKey, midtrans.clientKey(), v -> m.midtransClientKey = v);
        set(changed, "midtrans.baseUrl", m.midtransBaseUrl, midtrans.baseUrl(), v -> m.midtransBaseUrl = v);
    }

    private static void snap(MerchantRecord m, MerchantRequest.Snap snap, SecretSealer sealer, List<String> changed) {
        if (snap == null) {
            if (m.hasSnap()) {
                clearSnap(m);
                changed.add("snap");
            }
            return;
        }
        set(changed, "snap.clientKey", m.snapClientKey, snap.clientKey(), v -> m.snapClientKey = v);
        set(changed, "snap.publicKey", m.snapPublicKey, snap.publicKey(), v -> {
            m.snapPublicKey = v;
            m.snapPreviousPublicKey = null;
            m.snapPreviousPublicKeyExpiresAt = null;
        });
        String[] codes = snap.partnerServiceIds().toArray(String[]::new);
        if (!Arrays.equals(m.snapPartnerServiceIds, codes)) {
            m.snapPartnerServiceIds = codes;
            changed.add("snap.partnerServiceIds");
        }
        if (m.snapSigningKey == null) {
            GeneratedSecrets.SigningKey key = GeneratedSecrets.signingKey();
            m.snapSigningKey = sealer.seal(m.id, MerchantState.SECRET_SNAP_SIGNING_KEY, key.privatePem());
            m.snapSigningPublicKey = key.publicPem();
            changed.add("snap.signingKey");
        }
    }

    private static void clearSnap(MerchantRecord m) {
        m.snapClientKey = null;
        m.snapPublicKey = null;
        m.snapPreviousPublicKey = null;
        m.snapPreviousPublicKeyExpiresAt = null;
        m.snapPartnerServiceIds = new String[0];
        m.snapSigningKey = null;
        m.snapSigningPublicKey = null;
        m.snapPreviousSigningKey = null;
        m.snapPreviousSigningPublicKey = null;
        m.snapNextSigningKey = null;
        m.snapNextSigningPublicKey = null;
        m.snapNextSigningKeyActivateAt = null;
    }

    private static <T> void set(List<String> changed, String member, T current, T next, Consumer<T> assign) {
        if (!Objects.equals(current, next)) {
            assign.accept(next);
            changed.add(member);
        }
    }
}
