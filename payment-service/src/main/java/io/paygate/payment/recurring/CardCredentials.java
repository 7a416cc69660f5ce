package io.paygate.payment.recurring;

import io.paygate.payment.payment.PaymentEntity;

/**
 * How a subscription paid by card gets its credential and how a cycle charges it (docs/contract.md §1b):
 * {@link StoredCardCredentials}, over the {@code credential} room's stored cards.
 */
public interface CardCredentials {

    /** What charging a stored card for a cycle came to. */
    enum Outcome {
        /** An attempt was submitted (or one is under way); its decision comes as a payment transition. */
        SUBMITTED,
        /** The card is gone (deleted, refused as expired): the credential died, the subscription is paused. */
        CREDENTIAL_GONE
    }

    /**
     * The stored card (its id) that the captured first payment {@code firstPayment} of a subscription left,
     * or null when it left none. Runs in the transaction that captures it.
     */
    String storedCardOf(PaymentEntity firstPayment);

    /** Whether stored card {@code storedCardId} may still be charged for {@code merchantId}: stored, not deleted. */
    boolean chargeable(String merchantId, String storedCardId);

    /**
     * Charges the PENDING cycle payment {@code paymentCode} of {@code merchantId} with stored card {@code storedCardId}
     * (merchant-initiated), as {@code credential.BindingCharges} does for a binding: attempt k's reference
     * {@code <paymentCode>-<k>} committed before the provider call, the call outside any transaction.
     */
    Outcome charge(String merchantId, String paymentCode, String storedCardId);
}
