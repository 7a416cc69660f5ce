package io.paygate.payment.credential;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * A card a customer stored (table {@code stored_card}, docs/contract.md §1b): the gateway's {@code tokenId} the merchant
 * sees, the provider's token (never shown to anyone), the mask, the brand, the expiry and the provider's keyed
 * fingerprint. Never the number or the CVV. A deleted card keeps its row ({@code deletedAt}) and charges nothing.
 */
@Entity
@Table(name = "stored_card")
public class StoredCardEntity {

    @Id
    public UUID id;

    @Column(name = "token_id", nullable = false, length = 64)
    public String tokenId;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    @Column(name = "customer_id", nullable = false, length = 64)
    public String customerId;

    @Column(nullable = false, length = 32)
    public String channel;

    @Column(name = "provider_token", nullable = false, length = 255)
    public String providerToken;

    @Column(nullable = false, length = 32)
    public String mask;

    @Column(nullable = false, length = 32)
    public String brand;

    @Column(name = "expiry_month", nullable = false, length = 2)
    public String expiryMonth;

    @Column(name = "expiry_year", nullable = false, length = 4)
    public String expiryYear;

    @Column(nullable = false, length = 128)
    public String fingerprint;

    @Column(name = "first_payment_id", nullable = false)
    public UUID firstPaymentId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    @Override
    public String toString() {
        return "StoredCard[" + tokenId + ", " + mask + "]"; // never the provider's token
    }
}
