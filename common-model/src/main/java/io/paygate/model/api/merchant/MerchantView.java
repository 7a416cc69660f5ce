package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/**
 * A merchant as the operator and the merchant itself see it (docs/contract.md §10): every member, never a secret, but
 * when each secret was rotated and until when its previous one is accepted. {@code clientSecret} and
 * {@code notificationSecret} are present only in the reply that created the merchant: shown once.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A merchant (never a secret, but in the reply that created it)")
public record MerchantView(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        @Schema(examples = "acme-store") String id,
        @Schema(examples = "Acme Store") String name,
        @Schema(enumeration = {"ACTIVE", "SUSPENDED"}) String status,
        @Schema(description = "Why it was suspended") String suspendedReason,
        Instant suspendedAt,
        @Schema(enumeration = {"sandbox", "midtrans"}) String provider,
        @Schema(examples = "IDR") String currency,
        List<String> methods,
        List<String> ipAllowlist,
        MerchantRequest.RateLimit rateLimit,
        JsonNode fees,
        Integer settlementDelayDays,
        @Schema(description = "The Midtrans account without its server key") Midtrans midtrans,
        Snap snap,
        @Schema(description = "When the client secret was last rotated") Instant clientSecretRotatedAt,
        @Schema(description = "Until when the previous client secret is accepted (only while it is)")
        Instant previousClientSecretExpiresAt,
        Instant notificationSecretRotatedAt,
        @Schema(description = "Until when notifications are signed with the previous secret too (only while they are)")
        Instant previousNotificationSecretExpiresAt,
        @Schema(description = "Whether the merchant activated the new notification secret (during a grace period)")
        Boolean notificationSecretActivated,
        @Schema(description = "Increases with every change") long version,
        Instant createdAt,
        Instant updatedAt,
        @Schema(description = "Only in the reply of the creation: shown once") String clientSecret,
        @Schema(description = "Only in the reply of the creation: shown once (whsec_…)") String notificationSecret) {

    /** The same merchant with its new secrets, for the one reply that shows them. */
    public MerchantView withSecrets(String newClientSecret, String newNotificationSecret) {
        return new MerchantView(responseCode, responseMessage, id, name, status, suspendedReason, suspendedAt,
                provider, currency, methods, ipAllowlist, rateLimit, fees, settlementDelayDays, midtrans, snap,
                clientSecretRotatedAt, previousClientSecretExpiresAt, notificationSecretRotatedAt,
                previousNotificationSecretExpiresAt, notificationSecretActivated, version, createdAt, updatedAt,
                newClientSecret, newNotificationSecret);
    }

    /** The same merchant without reply code and message, as an item of a list. */
    public MerchantView asItem() {
        return new MerchantView(null, null, id, name, status, suspendedReason, suspendedAt, provider, currency, methods,
                ipAllowlist, rateLimit, fees, settlementDelayDays, midtrans, snap, clientSecretRotatedAt,
                previousClientSecretExpiresAt, notificationSecretRotatedAt, previousNotificationSecretExpiresAt,
                notificationSecretActivated, version, createdAt, updatedAt, null, null);
    }

    /** The Midtrans account: its client key and base URL (the server key is never shown). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "MerchantMidtrans", description = "The Midtrans account without its server key")
    public record Midtrans(String clientKey, String baseUrl) {
    }

    /**
     * SNAP keys: the merchant's public key (and the previous one while its grace lasts), its company codes, and the
     * public halves of the gateway's signing keys of its notifications.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "MerchantSnap", description = "SNAP keys, company codes and the gateway's signing keys")
    public record Snap(String clientKey, String publicKey, String previousPublicKey,
                       Instant previousPublicKeyExpiresAt, List<String> partnerServiceIds,
                       @Schema(description = "The gateway's signing keys of this merchant's SNAP notifications")
                       List<SigningKey> signingKeys) {
    }

    /**
     * One of the gateway's signing keys (its public half, PEM): {@code current} signs; {@code next} is published and
     * signs from {@code activateAt}; {@code previous} signs nothing but is still published.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "MerchantSigningKey", description = "The public half of one of the gateway's signing keys")
    public record SigningKey(@Schema(enumeration = {"current", "next", "previous"}) String use, String publicKey,
                             Instant activateAt) {
    }
}
