package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.status.SubscriptionStatus;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A subscription as stored (table {@code subscription}, docs/contract.md §1b). Its state changes only through
 * {@link SubscriptionTransitions}, which enforces {@link SubscriptionStatus}'s lifecycle and announces every change.
 */
@Entity
@Table(name = "subscription")
public class SubscriptionEntity {

    @Id
    public UUID id;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    @Column(name = "recurring_id", nullable = false, length = 30)
    public String recurringId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public RecurringType type;

    @Column(name = "product_code", length = 6)
    public String productCode;

    /** Each later cycle's amount. */
    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false, length = 3)
    public String currency;

    @Column(name = "interval_count", nullable = false)
    public int intervalCount;

    @Convert(converter = IntervalUnitConverter.class)
    @Column(name = "interval_unit", nullable = false, length = 16)
    public IntervalUnit intervalUnit;

    /** How many cycles after the first payment; null: until endDate or cancelled. */
    @Column(name = "max_interval")
    public Integer maxInterval;

    @Column(name = "start_date")
    public LocalDate startDate;

    @Column(name = "end_date")
    public LocalDate endDate;

    @Column(name = "retry_interval")
    public Integer retryInterval;

    @Convert(converter = IntervalUnitConverter.class)
    @Column(name = "retry_unit", length = 16)
    public IntervalUnit retryUnit;

    /** How many more attempts a declined cycle gets; null: none. */
    @Column(name = "retry_max")
    public Integer retryMax;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public SubscriptionStatus status;

    @Column(name = "status_desc", length = 255)
    public String statusDesc;

    @Column(name = "customer_id", nullable = false, length = 64)
    public String customerId;

    @Column(name = "first_payment_id", nullable = false)
    public UUID firstPaymentId;

    @Column(name = "first_order_id", nullable = false, length = 64)
    public String firstOrderId;

    /** What the cycles charge, once the first payment was captured. */
    @Enumerated(EnumType.STRING)
    @Column(name = "credential_kind", length = 16)
    public CredentialKind credentialKind;

    /** The card's mask, for a card credential. */
    @Column(name = "credential_mask", length = 32)
    public String credentialMask;

    @Column(name = "binding_id", length = 64)
    public String bindingId;

    /** The stored card (its {@code tokenId}) a card credential charges, once stored cards exist. */
    @Column(name = "stored_card_id", length = 64)
    public String storedCardId;

    /** Cycles that ended CAPTURED, the first payment included. */
    @Column(name = "cycles_charged", nullable = false)
    public int cyclesCharged;

    /** The cycle charged next (or being charged). */
    @Column(name = "next_cycle", nullable = false)
    public int nextCycle;

    /** {@link #nextCycle} is due at {@link #anchorAt} + this many intervals. */
    @Column(name = "next_index", nullable = false)
    public int nextIndex;

    /** The schedule's origin: the first capture, or {@code startDate} at the first capture's time of day. */
    @Column(name = "anchor_at")
    public Instant anchorAt;

    /** When a replica acts on this subscription next (a cycle, a retry, a look back after a claim); null: never. */
    @Column(name = "next_due_at")
    public Instant nextDueAt;

    /** When the declined cycle {@link #nextCycle} is charged again; null while no retry waits (its nextChargeAt). */
    @Column(name = "retry_at")
    public Instant retryAt;

    /** Sequence number of the last {@code subscription} event (docs/contract.md §7). */
    @Column(nullable = false)
    public long sequence;

    @Version
    @Column(nullable = false)
    public long version;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Whether a declined cycle is charged again after {@code attempt} attempts. */
    public boolean retriesAfter(int attempt) {
        return retryMax != null && attempt <= retryMax;
    }
}
