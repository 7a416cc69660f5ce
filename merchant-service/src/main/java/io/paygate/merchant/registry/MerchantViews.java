package io.paygate.merchant.registry;

import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.error.ResponseCode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A registry row as the operator API and the merchant's profile show it (docs/contract.md §10): every member but the
 * secrets; when each secret was rotated, until when its previous one lives (only while it does), and the public halves
 * of the gateway's SNAP signing keys.
 */
public final class MerchantViews {

    private MerchantViews() {
    }

    public static MerchantView of(MerchantRecord m, Instant now) {
        return new MerchantView(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, m.id, m.name,
                m.status.name(), m.suspendedReason, m.suspendedAt, m.provider, m.currency, List.of(m.methods),
                List.of(m.ipAllowlist),
                m.rateLimitPerSecond == null ? null : new MerchantRequest.RateLimit(m.rateLimitPerSecond,
                        m.rateLimitBurst),
                MerchantStates.fees(m.fees), m.settlementDelayDays,
                m.midtransServerKey == null && m.midtransClientKey == null ? null
                        : new MerchantView.Midtrans(m.midtransClientKey, m.midtransBaseUrl),
                snap(m, now),
                m.clientSecretRotatedAt, live(m.clientSecretPrevious != null, m.clientSecretPreviousExpiresAt, now),
                m.notificationSecretRotatedAt,
                live(m.notificationSecretPrevious != null, m.notificationSecretPreviousExpiresAt, now),
                m.notificationSecretActivated, m.version, m.createdAt, m.updatedAt, null, null);
    }

    private static Instant live(boolean present, Instant expiresAt, Instant now) {
        return present && expiresAt != null && now.isBefore(expiresAt) ? expiresAt : null;
    }

    private static MerchantView.Snap snap(MerchantRecord m, Instant now) {
        if (!m.hasSnap()) {
            return null;
        }
        List<MerchantView.SigningKey> keys = new ArrayList<>();
        if (m.snapSigningPublicKey != null) {
            keys.add(new MerchantView.SigningKey("current", m.snapSigningPublicKey, null));
        }
        if (m.snapNextSigningPublicKey != null) {
            keys.add(new MerchantView.SigningKey("next", m.snapNextSigningPublicKey, m.snapNextSigningKeyActivateAt));
        }
        if (m.snapPreviousSigningPublicKey != null) {
            keys.add(new MerchantView.SigningKey("previous", m.snapPreviousSigningPublicKey, null));
        }
        Instant previousExpires = live(m.snapPreviousPublicKey != null, m.snapPreviousPublicKeyExpiresAt, now);
        return new MerchantView.Snap(m.snapClientKey, m.snapPublicKey,
                previousExpires == null ? null : m.snapPreviousPublicKey, previousExpires,
                List.of(m.snapPartnerServiceIds), keys);
    }
}
