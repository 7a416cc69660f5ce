package io.paygate.merchant.registry;

import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.merchant.Sealed;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/**
 * A merchant in the registry (docs/contract.md §10): the aggregate of this service, private to it
 * ({@link MerchantStates} makes merchant-config's {@code MerchantState} of it, {@link MerchantViews} the API's view).
 * Every secret is {@link Sealed}. Changed only under its row lock, through {@link MerchantChanges}, which bumps
 * {@link #version} with each change.
 */
@Entity
@Table(name = "merchant")
public class MerchantRecord extends PanacheEntityBase {

    @Id
    public String id;

    @Column(nullable = false)
    public String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public MerchantStatus status;

    @Column(name = "suspended_reason")
    public String suspendedReason;

    @Column(name = "suspended_at")
    public Instant suspendedAt;

    @Column(nullable = false)
    public String provider;

    @Column(nullable = false)
    public String currency;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false, columnDefinition = "text[]")
    public String[] methods = new String[0];

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "ip_allowlist", nullable = false, columnDefinition = "text[]")
    public String[] ipAllowlist = new String[0];

    @Column(name = "rate_limit_per_second")
    public Integer rateLimitPerSecond;

    @Column(name = "rate_limit_burst")
    public Integer rateLimitBurst;

    /** The fee table as JSON text (docs/contract.md §12), as validated. */
    @Column
    public String fees;

    @Column(name = "settlement_delay_days")
    public Integer settlementDelayDays;

    @Convert(converter = SealedColumn.class)
    @Column(name = "client_secret", nullable = false)
    public Sealed clientSecret;

    @Convert(converter = SealedColumn.class)
    @Column(name = "client_secret_previous")
    public Sealed clientSecretPrevious;

    @Column(name = "client_secret_previous_expires_at")
    public Instant clientSecretPreviousExpiresAt;

    @Column(name = "client_secret_rotated_at")
    public Instant clientSecretRotatedAt;

    @Convert(converter = SealedColumn.class)
    @Column(name = "notification_secret", nullable = false)
    public Sealed notificationSecret;

    @Convert(converter = SealedColumn.class)
    @Column(name = "notification_secret_previous")
    public Sealed notificationSecretPrevious;

    @Column(name = "notification_secret_previous_expires_at")
    public Instant notificationSecretPreviousExpiresAt;

    @Column(name = "notification_secret_rotated_at")
    public Instant notificationSecretRotatedAt;

    @Column(name = "notification_secret_activated")
    public Boolean notificationSecretActivated;

    @Convert(converter = SealedColumn.class)
    @Column(name = "midtrans_server_key")
    public Sealed midtransServerKey;

    @Column(name = "midtrans_client_key")
    public String midtransClientKey;

    @Column(name = "midtrans_base_url")
    public String midtransBaseUrl;

    @Column(name = "snap_client_key")
    public String snapClientKey;

    @Column(name = "snap_public_key")
    public String snapPublicKey;

    @Column(name = "snap_previous_public_key")
    public String snapPreviousPublicKey;

    @Column(name = "snap_previous_public_key_expires_at")
    public Instant snapPreviousPublicKeyExpiresAt;

    /** The company codes as sent (8 characters); the table {@code merchant_company_code} holds them unique. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "snap_partner_service_ids", nullable = false, columnDefinition = "text[]")
    public String[] snapPartnerServiceIds = new String[0];

    @Convert(converter = SealedColumn.class)
    @Column(name = "snap_signing_key")
    public Sealed snapSigningKey;

    @Column(name = "snap_signing_public_key")
    public String snapSigningPublicKey;

    @Convert(converter = SealedColumn.class)
    @Column(name = "snap_previous_signing_key")
    public Sealed snapPreviousSigningKey;

    @Column(name = "snap_previous_signing_public_key")
    public String snapPreviousSigningPublicKey;

    @Convert(converter = SealedColumn.class)
    @Column(name = "snap_next_signing_key")
    public Sealed snapNextSigningKey;

    @Column(name = "snap_next_signing_public_key")
    public String snapNextSigningPublicKey;

    @Column(name = "snap_next_signing_key_activate_at")
    public Instant snapNextSigningKeyActivateAt;

    /** The state's version: merchant-config's {@code sequence}; +1 with each change, under the row lock. */
    @Column(nullable = false)
    public long version;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Whether the merchant has SNAP keys. */
    public boolean hasSnap() {
        return snapClientKey != null;
    }
}
