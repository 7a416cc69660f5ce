package io.paygate.merchant.registry;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;

import java.util.List;

/**
 * A registry row as merchant-config carries it (docs/contract.md §10): common-model's {@link MerchantState}, its
 * secrets as sealed as they rest, so neither the broker nor any reader without the encryption key holds one.
 */
public final class MerchantStates {

    private MerchantStates() {
    }

    public static MerchantState of(MerchantRecord m) {
        return new MerchantState(m.id, m.name, m.status, m.provider, m.currency, List.of(m.methods),
                List.of(m.ipAllowlist), rateLimit(m), fees(m.fees), m.settlementDelayDays,
                new MerchantState.RotatingSecret(m.clientSecret, m.clientSecretPrevious,
                        m.clientSecretPreviousExpiresAt, m.clientSecretRotatedAt, null),
                new MerchantState.RotatingSecret(m.notificationSecret, m.notificationSecretPrevious,
                        m.notificationSecretPreviousExpiresAt, m.notificationSecretRotatedAt,
                        m.notificationSecretActivated),
                midtrans(m), snap(m), m.version, m.updatedAt);
    }

    static MerchantState.RateLimit rateLimit(MerchantRecord m) {
        return m.rateLimitPerSecond == null ? null
                : new MerchantState.RateLimit(m.rateLimitPerSecond, m.rateLimitBurst);
    }

    /** The stored fee table as JSON, or null. */
    public static JsonNode fees(String fees) {
        return fees == null ? null : Json.tree(fees);
    }

    private static MerchantState.MidtransAccount midtrans(MerchantRecord m) {
        if (m.midtransServerKey == null && m.midtransClientKey == null) {
            return null;
        }
        return new MerchantState.MidtransAccount(m.midtransServerKey, m.midtransClientKey, m.midtransBaseUrl);
    }

    private static MerchantState.SnapState snap(MerchantRecord m) {
        if (!m.hasSnap()) {
            return null;
        }
        return new MerchantState.SnapState(m.snapClientKey, m.snapPublicKey, m.snapPreviousPublicKey,
                m.snapPreviousPublicKeyExpiresAt, List.of(m.snapPartnerServiceIds), m.snapSigningKey,
                m.snapPreviousSigningKey, m.snapNextSigningKey, m.snapNextSigningKeyActivateAt);
    }
}
