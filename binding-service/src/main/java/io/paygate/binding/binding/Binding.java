package io.paygate.binding.binding;

import io.paygate.model.status.BindingStatus;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import java.time.Instant;

/** A direct-debit binding: the aggregate of this service. Private to binding-service; {@code BindingMapper} converts. */
@Entity
@Table(name = "binding")
public class Binding extends PanacheEntityBase {

    @Id
    public String id;

    @Column(name = "merchant_id", nullable = false)
    public String merchantId;

    @Column(name = "customer_id", nullable = false)
    public String customerId;

    @Column(name = "customer_email", nullable = false)
    public String customerEmail;

    @Column(name = "customer_first", nullable = false)
    public String customerFirstName;

    @Column(name = "customer_last", nullable = false)
    public String customerLastName;

    @Column(name = "customer_phone", nullable = false)
    public String customerPhone;

    @Column(name = "source_type", nullable = false)
    public String sourceType;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public BindingStatus status;

    @Column(name = "otp_attempts", nullable = false)
    public int otpAttempts;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Sequence of the last event written for this binding (docs/contract.md §7: per-resource order). */
    @Column(name = "event_sequence", nullable = false)
    public long eventSequence;

    /** Why it FAILED: {@code EXPIRED}, {@code OTP_ATTEMPTS} or {@code SIMULATED}. */
    @Column(name = "failure_reason", length = 20)
    public String failureReason;

    /**
     * The {@code partnerReferenceNo} of the first SNAP binding request that started or returned this binding
     * (docs/contract.md §9), or {@code null} for one only ever made through {@code /pg/…}: its events then carry
     * {@code snap}, and the merchant's {@code snapBindingNotifyUrl} hears of it.
     */
    @Column(name = "snap_partner_reference_no", length = 64)
    public String snapPartnerReferenceNo;

    @Version
    public long version;

    public boolean isExpired(Instant now) {
        return status == BindingStatus.PENDING && !now.isBefore(expiresAt);
    }
}
