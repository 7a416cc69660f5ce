package io.paygate.model.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A merchant's whole current state as merchant-service publishes it on {@code merchant-config} (docs/contract.md §10):
 * the {@code data} of an {@link io.paygate.model.event.EventEnvelope} of type
 * {@link io.paygate.model.event.EventTypes#MERCHANT_CONFIG}, keyed by the merchant id (the topic is compacted: its last
 * record per key is the merchant), {@code sequence} = {@link #version()}. Every secret in it is {@link Sealed}; the
 * associated data of each is the merchant id and one of the {@code SECRET_*} names below, whichever slot (current,
 * previous, next) it sits in.
 *
 * <p>Times are decided by merchant-service and judged by each reader against its own clock: a previous client secret
 * is accepted while {@code now < previousExpiresAt}; a next SNAP signing key signs from its {@code activateAt}.
 *
 * @param methods           the §2a method codes the merchant may use; empty: every method
 * @param ipAllowlist       CIDRs its requests may come from; empty: any address
 * @param rateLimit         its own token bucket; null: the service's defaults
 * @param fees              its fee table (docs/contract.md §12), as given
 * @param settlementDelayDays days from capture to settlement (docs/contract.md §12); null: the default
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record MerchantState(
        String id,
        String name,
        MerchantStatus status,
        String provider,
        String currency,
        List<String> methods,
        List<String> ipAllowlist,
        RateLimit rateLimit,
        JsonNode fees,
        Integer settlementDelayDays,
        RotatingSecret clientSecret,
        RotatingSecret notificationSecret,
        MidtransAccount midtrans,
        SnapState snap,
        long version,
        Instant updatedAt) {

    /** Associated-data name of the client secret (current and previous). */
    public static final String SECRET_CLIENT = "client-secret";
    /** Associated-data name of the notification secret ({@code whsec_…}, current and previous). */
    public static final String SECRET_NOTIFICATION = "notification-secret";
    /** Associated-data name of the Midtrans server key. */
    public static final String SECRET_MIDTRANS_SERVER_KEY = "midtrans-server-key";
    /** Associated-data name of the gateway's SNAP signing keys (PKCS#8 PEM; current, previous and next). */
    public static final String SECRET_SNAP_SIGNING_KEY = "snap-signing-key";

    public MerchantState {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(clientSecret, "clientSecret");
        methods = methods == null ? List.of() : List.copyOf(methods);
        ipAllowlist = ipAllowlist == null ? List.of() : List.copyOf(ipAllowlist);
    }

    /** Whether the merchant is suspended (its every request {@code 403SS05}). */
    public boolean suspended() {
        return status == MerchantStatus.SUSPENDED;
    }

    /** A merchant's own token bucket (docs/contract.md §0), overriding the service's defaults. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RateLimit(Integer perSecond, Integer burst) {
    }

    /**
     * A secret that can be rotated with a grace period: {@code previous} stays valid until {@code previousExpiresAt}.
     * For the notification secret, {@code activated} says whether the merchant switched to {@code current} (until
     * then, and while the previous lives, the body {@code signature} and {@code X-SIGNATURE} use the previous one;
     * docs/contract.md §6).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RotatingSecret(Sealed current, Sealed previous, Instant previousExpiresAt, Instant rotatedAt,
                                 Boolean activated) {

        public RotatingSecret {
            Objects.requireNonNull(current, "current");
        }

        /** A secret never rotated. */
        public static RotatingSecret of(Sealed current) {
            return new RotatingSecret(current, null, null, null, null);
        }

        /** Whether the previous secret is still valid at {@code now}. */
        public boolean previousLive(Instant now) {
            return previous != null && previousExpiresAt != null && now.isBefore(previousExpiresAt);
        }

        /** The secret that signs one-value signatures at {@code now} (docs/contract.md §6). */
        public Sealed signing(Instant now) {
            return previousLive(now) && !Boolean.TRUE.equals(activated) ? previous : current;
        }
    }

    /** A merchant's Midtrans account; the server key sealed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MidtransAccount(Sealed serverKey, String clientKey, String baseUrl) {
    }

    /**
     * A merchant's SNAP keys (docs/contract.md §9, §10): its client key, its RSA public key (and the previous one while
     * its grace lasts), its company codes as sent (8 characters, right-aligned), and the gateway's signing keys for its
     * notifications: {@code signingKey} signs; {@code nextSigningKey} is published at once and signs from
     * {@code nextSigningKeyActivateAt}; {@code previousSigningKey} signs nothing but is still published.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SnapState(String clientKey, String publicKey, String previousPublicKey,
                            Instant previousPublicKeyExpiresAt, List<String> partnerServiceIds, Sealed signingKey,
                            Sealed previousSigningKey, Sealed nextSigningKey, Instant nextSigningKeyActivateAt) {

        public SnapState {
            partnerServiceIds = partnerServiceIds == null ? List.of() : List.copyOf(partnerServiceIds);
        }

        /** Whether the previous public key still verifies access-token requests at {@code now}. */
        public boolean previousPublicKeyLive(Instant now) {
            return previousPublicKey != null && previousPublicKeyExpiresAt != null
                    && now.isBefore(previousPublicKeyExpiresAt);
        }

        /** Whether the next signing key signs at {@code now}. */
        public boolean nextSigningKeyActive(Instant now) {
            return nextSigningKey != null && nextSigningKeyActivateAt != null
                    && !now.isBefore(nextSigningKeyActivateAt);
        }
    }
}
