package io.paygate.payment.recurring;

import io.paygate.payment.credential.StoredCardCharges;
import io.paygate.payment.credential.StoredCardRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.provider.StoredCardCharge.Initiator;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.UUID;

/**
 * A card subscription's credential is the stored card its first payment left (docs/contract.md §1b: a subscription's
 * first card is always stored); a cycle charges it merchant-initiated through {@link StoredCardCharges}, the one place
 * a stored card is charged. A card deleted since (or of another merchant, or never stored) is a credential gone.
 */
@ApplicationScoped
public class StoredCardCredentials implements CardCredentials {

    private final StoredCardCharges charges;
    private final StoredCardRepository cards;

    StoredCardCredentials(StoredCardCharges charges, StoredCardRepository cards) {
        this.charges = charges;
        this.cards = cards;
    }

    @Override
    public String storedCardOf(PaymentEntity firstPayment) {
        return firstPayment.storedCardId == null ? null : firstPayment.storedCardId.toString();
    }

    @Override
    public boolean chargeable(String merchantId, String storedCardId) {
        UUID id = parse(storedCardId);
        return id != null && live(merchantId, id);
    }

    @Override
    public Outcome charge(String merchantId, String paymentCode, String storedCardId) {
        UUID id = parse(storedCardId);
        if (id == null || !live(merchantId, id)) {
            return Outcome.CREDENTIAL_GONE;
        }
        charges.charge(paymentCode, id, Initiator.MERCHANT, null);
        return Outcome.SUBMITTED; // or nothing sent: the payment was no longer PENDING, its decision is under way
    }

    private boolean live(String merchantId, UUID id) {
        return cards.findByIdOptional(id).filter(c -> c.deletedAt == null && c.merchantId.equals(merchantId))
                .isPresent();
    }

    private static UUID parse(String storedCardId) {
        if (storedCardId == null) {
            return null;
        }
        try {
            return UUID.fromString(storedCardId);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
