package io.paygate.payment.payment;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A hosted payment as stored (table {@code payment}). Private to payment-service: the wire sees it only through
 * {@code PaymentMapper}. The state changes only through {@link #moveTo(PaymentStatus, Instant)}, which enforces the
 * lifecycle of docs/contract.md §2.
 */
@Entity
@Table(name = "payment")
public class PaymentEntity {

    @Id
    public UUID id;

    @Column(name = "payment_code", nullable = false, length = 30)
    public String paymentCode;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    @Column(name = "order_id", nullable = false, length = 64)
    public String orderId;

    @Column(name = "content_hash", nullable = false, length = 64)
    public String contentHash;

    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false, length = 3)
    public String currency;

    /** All succeeded refunds (docs/contract.md §3a); never more than {@link #amount}. */
    @Column(name = "refunded_amount", nullable = false, precision = 15, scale = 2)
    public BigDecimal refundedAmount = BigDecimal.ZERO;

    @Column(length = 255)
    public String description;

    @Column(name = "customer_id", length = 64)
    public String customerId;

    /** The customer object as given (JSON). */
    @Column(nullable = false, columnDefinition = "text")
    public String customer;

    /** The meta object as given (JSON), or null. */
    @Column(columnDefinition = "text")
    public String meta;

    /** The initiation's {@code url.callbackUrl}; null for a payment made through SNAP (docs/contract.md §9). */
    @Column(name = "callback_url", length = 2048)
    public String callbackUrl;

    @Column(name = "return_url", length = 2048)
    public String returnUrl;

    /** Where the page sends the customer after CAPTURED (else {@link #returnUrl}). */
    @Column(name = "success_url", length = 2048)
    public String successUrl;

    /** Where the page sends the customer after FAILED, EXPIRED or CANCELLED (else {@link #returnUrl}). */
    @Column(name = "fail_url", length = 2048)
    public String failUrl;

    /** The page's "back to the merchant" link (else {@link #returnUrl}). */
    @Column(name = "back_url", length = 2048)
    public String backUrl;

    /** The method the initiation preselected ({@code sourceOfFunds.type}), or null. */
    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    public PaymentMethod preselected;

    /** The customer's wallet account the initiation named ({@code sourceOfFunds.accountId}), or null. */
    @Column(name = "account_id", length = 64)
    public String accountId;

    /** The number or code the customer pays the current charge with (VA number, bill key, store code), or null. */
    @Column(name = "pay_code", length = 64)
    public String payCode;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 20)
    public PaymentStatus status;

    @Column(name = "status_desc", length = 255)
    public String statusDesc;

    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    public PaymentMethod method;

    @Column(name = "card_mask", length = 32)
    public String cardMask;

    /** card.info (JSON), or null. */
    @Column(name = "card_info", columnDefinition = "text")
    public String cardInfo;

    @Column(length = 32)
    public String channel;

    @Column(name = "provider_reference", length = 64)
    public String providerReference;

    @Column(name = "awaiting_otp", nullable = false)
    public boolean awaitingOtp;

    /** The provider's own 3-D Secure page while {@link #awaitingOtp} (Midtrans {@code redirect_url}), or null. */
    @Column(name = "challenge_url", length = 2048)
    public String challengeUrl;

    /** When the charge was submitted to the provider (PENDING → PROCESSING), or null. */
    @Column(name = "submitted_at")
    public Instant submittedAt;

    /** When reconciliation asks the provider next, while PROCESSING (the claim's lease and the backoff). */
    @Column(name = "next_inquiry_at")
    public Instant nextInquiryAt;

    /** When reconciliation last had an answer from the provider, or null. */
    @Column(name = "last_inquiry_at")
    public Instant lastInquiryAt;

    /** How many times reconciliation claimed this payment to ask its provider. */
    @Column(nullable = false)
    public int inquiries;

    /** The binding a direct debit charged (the page's, a purchase's, a cycle's), or null. */
    @Column(name = "binding_id", length = 64)
    public String bindingId;

    /**
     * How many charges the gateway submitted for this payment without the customer (a direct-debit purchase, a
     * subscription cycle): attempt k's provider reference is {@code <paymentCode>-<k>}.
     */
    @Column(nullable = false)
    public int attempt;

    /** A purchase's one-time password while it waits for it: a keyed hash only, never the code. */
    @Column(name = "otp_hash", length = 64)
    public String otpHash;

    /** Until when {@link #otpHash} may be confirmed. */
    @Column(name = "otp_expires_at")
    public Instant otpExpiresAt;

    /** Wrong one-time passwords so far (the third fails the payment). */
    @Column(name = "otp_failures", nullable = false)
    public int otpFailures;

    /** The subscription this payment belongs to (its first payment or a cycle's), or null. */
    @Column(name = "subscription_id")
    public UUID subscriptionId;

    /**
     * The payment link this payment was started from ({@code payment_link.id}, docs/contract.md §11), or null; written
     * by the link room when it starts the payment, never by this entity.
     */
    @Column(name = "link_id", insertable = false, updatable = false)
    public UUID linkId;

    /** Which cycle of {@link #subscriptionId} this payment is (the first payment is cycle 1), or null. */
    @Column
    public Integer cycle;

    /** Sequence number of the last event written for this payment (docs/contract.md §7). */
    @Column(nullable = false)
    public long sequence;

    @Version
    @Column(nullable = false)
    public long version;

    /**
     * When the payment expires unless paid: the link's expiry, or an open charge's when that comes first (it moves
     * with the method chosen).
     */
    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    /** The expiry the initiation reply announced ({@code expiryLink}); never changes, so repeats answer the same. */
    @Column(name = "link_expires_at", nullable = false)
    public Instant linkExpiresAt;

    /** The merchant asked {@code card.storedOnFile} {@code TO_BE_STORED}: the card form offers "save this card". */
    @Column(name = "store_offered", nullable = false)
    public boolean storeOffered;

    /** The card charged is to be stored once captured (the customer kept "save this card" ticked). */
    @Column(name = "save_card", nullable = false)
    public boolean saveCard;

    /** {@code MM/YYYY} of a card to store, or null; nothing else of the card is kept. */
    @Column(name = "card_expiry", length = 7)
    public String cardExpiry;

    /** The provider's token of a card to store, until the capture stores it; never the number. */
    @Column(name = "card_token", length = 255)
    public String cardToken;

    /** The provider's keyed fingerprint of a card to store (the same card is not stored twice). */
    @Column(name = "card_fingerprint", length = 128)
    public String cardFingerprint;

    /** The stored card this payment stored (on capture) or charged (one-click), or null. */
    @Column(name = "stored_card_id")
    public UUID storedCardId;

    /**
     * The SNAP service that made this payment ({@code SnapOrigin.VA}, {@code QR}, {@code DEBIT}), or null for a payment
     * made through {@code /pg/}: its events then carry {@code snap} (docs/contract.md §9).
     */
    @Column(name = "snap_service", length = 8)
    public String snapService;

    /** A SNAP virtual account's {@code partnerServiceId}, as the merchant sent it (left-padded with spaces). */
    @Column(name = "snap_partner_service_id", length = 8)
    public String snapPartnerServiceId;

    /** A SNAP virtual account's {@code customerNo}, as the merchant sent it. */
    @Column(name = "snap_customer_no", length = 20)
    public String snapCustomerNo;

    /** A SNAP virtual account's {@code virtualAccountNo}: {@code partnerServiceId + customerNo}, spaces kept. */
    @Column(name = "snap_virtual_account_no", length = 28)
    public String snapVirtualAccountNo;

    /** A SNAP virtual account's {@code virtualAccountName}, as the merchant sent it. */
    @Column(name = "snap_virtual_account_name", length = 255)
    public String snapVirtualAccountName;

    /**
     * Marks a new payment as made through SNAP service {@code service} (docs/contract.md §9), with what a virtual
     * account's create-va named it by (null for the other services).
     */
    public void madeThroughSnap(String service, String partnerServiceId, String customerNo, String virtualAccountNo,
                                String virtualAccountName) {
        this.snapService = service;
        this.snapPartnerServiceId = partnerServiceId;
        this.snapCustomerNo = customerNo;
        this.snapVirtualAccountNo = virtualAccountNo;
        this.snapVirtualAccountName = virtualAccountName;
    }

    /**
     * The methods this payment may be paid with, as {@code PaymentMethod} names, comma separated (a payment link's,
     * narrowed to the merchant's offer when it started, docs/contract.md §11), or null: every method offered.
     */
    @Column(columnDefinition = "text")
    public String methods;

    /**
     * A payment link's payment (docs/contract.md §11): how long it waits while no method's charge is open, in
     * seconds ({@link #expiryWithoutCharge}); null for any other payment.
     */
    @Column(name = "choice_timeout_seconds")
    public Integer choiceTimeoutSeconds;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /**
     * Moves to {@code next} when the lifecycle allows it.
     *
     * @return the previous status
     * @throws io.paygate.model.status.IllegalTransitionException otherwise (nothing changes)
     */
    public PaymentStatus moveTo(PaymentStatus next, Instant now) {
        PaymentStatus previous = status;
        status = status.transitionTo(next);
        updatedAt = now;
        return previous;
    }

    /**
     * The one edge back (docs/contract.md §1b): a subscription cycle's declined attempt with retries left leaves the
     * payment PENDING, with the decline as its {@code statusDesc}, until the next attempt or the last one's failure.
     * Not announced (PENDING is never notified); only from PROCESSING and only for a cycle after the first.
     *
     * @throws IllegalTransitionException for any other payment or state
     */
    public void awaitRetry(String decline, Instant now) {
        if (status != PaymentStatus.PROCESSING || subscriptionId == null || cycle == null || cycle < 2) {
            throw new io.paygate.model.status.IllegalTransitionException(status, PaymentStatus.PENDING);
        }
        status = PaymentStatus.PENDING;
        statusDesc = decline;
        nextInquiryAt = null;
        awaitingOtp = false;
        updatedAt = now;
    }

    /** Whether the current charge is one a method opened (a number, code or QR the customer pays). */
    public boolean hasOpenCharge() {
        return status == PaymentStatus.PENDING && providerReference != null && method != null
                && method.kind().opensCharge();
    }

    /**
     * When the payment expires with no method's charge open, counted from {@code now}: the link's expiry, or for a
     * payment link's payment {@link #choiceTimeoutSeconds} from now when that comes first (docs/contract.md §11: a
     * customer who leaves frees the link's slot in minutes).
     */
    public Instant expiryWithoutCharge(Instant now) {
        if (choiceTimeoutSeconds == null) {
            return linkExpiresAt;
        }
        Instant soon = now.plusSeconds(choiceTimeoutSeconds);
        return soon.isBefore(linkExpiresAt) ? soon : linkExpiresAt;
    }

    /** Whether the link lifetime has passed at {@code now}. */
    public boolean isPastExpiry(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
