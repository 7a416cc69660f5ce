package io.paygate.kit.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.net.Cidr;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.signing.WebhookSecret;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A merchant as this service knows it: from its configuration ({@code gateway.merchants.<id>.*}) or from merchant-service's
 * registry ({@code merchant-config}, docs/contract.md §10), its secrets in clear in memory only. Immutable: a change is
 * a new {@code Merchant} in a new snapshot of {@link Merchants}. {@link #toString()} never shows a secret; neither does
 * any of the nested records'.
 *
 * <p>The notification secret is configured only where notifications are signed (one Secret per service holds only what
 * that service needs); the SNAP keys only for merchants that use SNAP ({@link #snap()}).
 */
public final class Merchant {

    private final String id;
    private final String name;
    private final String clientSecret;
    private final String previousClientSecret;
    private final Instant previousClientSecretExpiresAt;
    private final WebhookSecrets notificationSecrets;
    private final String currency;
    private final SnapClient snapClient;
    private final MerchantStatus status;
    private final String provider;
    private final List<String> methods;
    private final List<Cidr> ipAllowlist;
    private final RateLimit rateLimit;
    private final List<String> partnerServiceIds;
    private final SnapSigning snapSigning;
    private final Midtrans midtrans;
    private final JsonNode fees;
    private final Integer settlementDelayDays;
    private final long version;
    private final boolean fromRegistry;

    /** A configured merchant without SNAP keys. */
    public Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret, String currency) {
        this(id, name, clientSecret, notificationSecret, currency, null);
    }

    /** A configured merchant, active, with nothing but these. */
    public Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret, String currency,
                    SnapClient snapClient) {
        this(builder(id).name(name).clientSecret(clientSecret)
                .notificationSecrets(notificationSecret == null ? null : WebhookSecrets.of(notificationSecret))
                .currency(currency).snapClient(snapClient));
    }

    private Merchant(Builder b) {
        this.id = Objects.requireNonNull(b.id, "id");
        this.name = b.name == null ? b.id : b.name;
        this.clientSecret = Objects.requireNonNull(b.clientSecret, "clientSecret");
        this.previousClientSecret = b.previousClientSecretExpiresAt == null ? null : b.previousClientSecret;
        this.previousClientSecretExpiresAt = b.previousClientSecret == null ? null : b.previousClientSecretExpiresAt;
        this.notificationSecrets = b.notificationSecrets;
        this.currency = b.currency == null ? "IDR" : b.currency;
        this.snapClient = b.snapClient;
        this.status = b.status == null ? MerchantStatus.ACTIVE : b.status;
        this.provider = b.provider == null ? "sandbox" : b.provider;
        this.methods = b.methods == null ? List.of() : List.copyOf(b.methods);
        this.ipAllowlist = b.ipAllowlist == null ? List.of() : List.copyOf(b.ipAllowlist);
        this.rateLimit = b.rateLimit;
        this.partnerServiceIds = b.partnerServiceIds == null ? List.of() : List.copyOf(b.partnerServiceIds);
        this.snapSigning = b.snapSigning;
        this.midtrans = b.midtrans;
        this.fees = b.fees == null ? null : b.fees.deepCopy();
        this.settlementDelayDays = b.settlementDelayDays;
        this.version = b.version;
        this.fromRegistry = b.fromRegistry;
    }

    public static Builder builder(String id) {
        return new Builder(id);
    }

    public String id() {
        return id;
    }

    /** Display name (hosted page). */
    public String name() {
        return name;
    }

    /** The current client secret: the key of its request signatures (docs/contract.md §0). */
    public String clientSecret() {
        return clientSecret;
    }

    /**
     * The previous client secret while it is still accepted at {@code now} (docs/contract.md §10: until
     * {@code previousExpiresAt}, then {@code 401SS00}), else {@code null}.
     */
    public String previousClientSecret(Instant now) {
        return previousClientSecret != null && now.isBefore(previousClientSecretExpiresAt) ? previousClientSecret : null;
    }

    /**
     * {@link #previousClientSecret(Instant)} at {@code clock}'s time; asks the clock only when there is a previous
     * secret (the request path of a merchant that never rotated reads no clock).
     */
    public String previousClientSecret(Clock clock) {
        return previousClientSecret == null ? null : previousClientSecret(clock.instant());
    }

    /** When the previous client secret stops being accepted, or {@code null} when there is none. */
    public Instant previousClientSecretExpiresAt() {
        return previousClientSecretExpiresAt;
    }

    /**
     * The key of this merchant's notification signatures: its current notification secret.
     *
     * @throws IllegalStateException when this service was not given one
     */
    public WebhookSecret notificationSecret() {
        return notificationSecrets().current();
    }

    /**
     * Its notification secrets: the current one, and during a rotation the previous one and whether the merchant
     * activated the new one (docs/contract.md §6 "Notification secret rotation").
     *
     * @throws IllegalStateException when this service was not given one
     */
    public WebhookSecrets notificationSecrets() {
        if (notificationSecrets == null) {
            throw new IllegalStateException("merchant " + id + " has no notification secret here (gateway.merchants."
                    + id + ".notification-secret is not set, and the registry has none)");
        }
        return notificationSecrets;
    }

    /** Whether this service holds its notification secret. */
    public boolean hasNotificationSecret() {
        return notificationSecrets != null;
    }

    /** Default currency of its payments. */
    public String currency() {
        return currency;
    }

    /** Its SNAP client key and public keys, or {@code null} when it has none. */
    public SnapClient snapClient() {
        return snapClient;
    }

    /** Its SNAP client key and public keys, when it has them (docs/contract.md §9). */
    public Optional<SnapClient> snap() {
        return Optional.ofNullable(snapClient);
    }

    public MerchantStatus status() {
        return status;
    }

    /** Whether it is suspended: its every request is {@code 403SS05} (docs/contract.md §10). */
    public boolean suspended() {
        return status == MerchantStatus.SUSPENDED;
    }

    /** Its payment channel ({@code sandbox}, {@code midtrans}; docs/contract.md §2). */
    public String provider() {
        return provider;
    }

    /** The §2a method codes it may use; empty: every method. */
    public List<String> methods() {
        return methods;
    }

    /** The address blocks its requests may come from; empty: any address. */
    public List<Cidr> ipAllowlist() {
        return ipAllowlist;
    }

    /**
     * Whether a request of this merchant may come from {@code address} (its bytes, {@code web.ClientAddresses}): any
     * address when it has no allowlist, else one in a block of it (an address that is not known is in none).
     */
    public boolean allows(byte[] address) {
        return ipAllowlist.isEmpty() || Cidr.anyContains(ipAllowlist, address);
    }

    /** Its own token bucket instead of the service's defaults, when it has one. */
    public Optional<RateLimit> rateLimit() {
        return Optional.ofNullable(rateLimit);
    }

    /** Its SNAP company codes as given (docs/contract.md §9, {@code kit.snap.PartnerServiceIds}). */
    public List<String> partnerServiceIds() {
        return partnerServiceIds;
    }

    /** The gateway's keys that sign its SNAP notifications, when the registry gave this service them. */
    public Optional<SnapSigning> snapSigning() {
        return Optional.ofNullable(snapSigning);
    }

    /** Its Midtrans account, when the registry gave this service one. */
    public Optional<Midtrans> midtrans() {
        return Optional.ofNullable(midtrans);
    }

    /**
     * Its fee table (docs/contract.md §12: method code or family to {@code percent}/{@code fixed}), a copy; empty when
     * it has none (no fee anywhere).
     */
    public Optional<JsonNode> fees() {
        return Optional.ofNullable(fees).map(JsonNode::deepCopy);
    }

    /** Days from capture to settlement (docs/contract.md §12), when set; the default is the reader's. */
    public Optional<Integer> settlementDelayDays() {
        return Optional.ofNullable(settlementDelayDays);
    }

    /** The registry's version of this state ({@code merchant-config}'s sequence); 0 for a configured merchant. */
    public long version() {
        return version;
    }

    /** Whether this is the registry's state of the merchant (not the configuration's). */
    public boolean fromRegistry() {
        return fromRegistry;
    }

    @Override
    public String toString() {
        return "Merchant[" + id + "]";
    }

    /** A merchant's own rate limit; a member that is null keeps the service's default. */
    public record RateLimit(Double perSecond, Integer burst) {
    }

    /** A merchant's Midtrans account. {@link #toString()} never shows the server key. */
    public record Midtrans(String serverKey, String clientKey, String baseUrl) {
        @Override
        public String toString() {
            return "Midtrans[" + baseUrl + "]";
        }
    }

    /** Builds a {@link Merchant}; only {@code id} and {@code clientSecret} are required. */
    public static final class Builder {
        private final String id;
        private String name;
        private String clientSecret;
        private String previousClientSecret;
        private Instant previousClientSecretExpiresAt;
        private WebhookSecrets notificationSecrets;
        private String currency;
        private SnapClient snapClient;
        private MerchantStatus status;
        private String provider;
        private List<String> methods;
        private List<Cidr> ipAllowlist;
        private RateLimit rateLimit;
        private List<String> partnerServiceIds;
        private SnapSigning snapSigning;
        private Midtrans midtrans;
        private JsonNode fees;
        private Integer settlementDelayDays;
        private long version;
        private boolean fromRegistry;

        private Builder(String id) {
            this.id = id;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder clientSecret(String clientSecret) {
            this.clientSecret = clientSecret;
            return this;
        }

        /** The previous client secret, accepted until {@code expiresAt} (both or neither). */
        public Builder previousClientSecret(String previous, Instant expiresAt) {
            this.previousClientSecret = previous;
            this.previousClientSecretExpiresAt = expiresAt;
            return this;
        }

        public Builder notificationSecrets(WebhookSecrets notificationSecrets) {
            this.notificationSecrets = notificationSecrets;
            return this;
        }

        public Builder currency(String currency) {
            this.currency = currency;
            return this;
        }

        public Builder snapClient(SnapClient snapClient) {
            this.snapClient = snapClient;
            return this;
        }

        public Builder status(MerchantStatus status) {
            this.status = status;
            return this;
        }

        public Builder provider(String provider) {
            this.provider = provider;
            return this;
        }

        public Builder methods(List<String> methods) {
            this.methods = methods;
            return this;
        }

        public Builder ipAllowlist(List<Cidr> ipAllowlist) {
            this.ipAllowlist = ipAllowlist;
            return this;
        }

        public Builder rateLimit(RateLimit rateLimit) {
            this.rateLimit = rateLimit;
            return this;
        }

        public Builder partnerServiceIds(List<String> partnerServiceIds) {
            this.partnerServiceIds = partnerServiceIds;
            return this;
        }

        public Builder snapSigning(SnapSigning snapSigning) {
            this.snapSigning = snapSigning;
            return this;
        }

        public Builder midtrans(Midtrans midtrans) {
            this.midtrans = midtrans;
            return this;
        }

        /** Its §12 fee table as given, or null for none. */
        public Builder fees(JsonNode fees) {
            this.fees = fees;
            return this;
        }

        public Builder settlementDelayDays(Integer settlementDelayDays) {
            this.settlementDelayDays = settlementDelayDays;
            return this;
        }

        /** The registry's state at {@code version}. */
        public Builder fromRegistry(long version) {
            this.version = version;
            this.fromRegistry = true;
            return this;
        }

        public Merchant build() {
            return new Merchant(this);
        }
    }
}
