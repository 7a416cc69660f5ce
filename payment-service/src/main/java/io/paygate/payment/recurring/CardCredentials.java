package io.paygate.payment.recurring;

import io.paygate.payment.payment.PaymentEntity;

/**
 * THE HOOK FOR STORED CARDS (docs/contract.md §1b): how a subscription paid by card gets its credential and how a
 * cycle charges it. Stored cards (the {@code credential} room's, built beside this) implement it; until then
 * {@link NoCardCredentials} answers that there is none, so a card subscription is activated with its card's mask and
 * paused at its first cycle ("The card cannot be charged"), never charged some other way.
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
     * The stored card ({@code tokenId}) that the captured first payment {@code firstPayment} of a subscription left,
     * or null when it left none. Runs in the transaction that captures it.
     */
    String storedCardOf(PaymentEntity firstPayment);

    /**
     * Charges the PENDING cycle payment {@code paymentCode} of {@code merchantId} with stored card {@code storedCardId}
     * (merchant-initiated), as {@code credential.BindingCharges} does for a binding: attempt k's reference
     * {@code <paymentCode>-<k>} committed before the provider call, the call outside any transaction.
     */
    Outcome charge(String merchantId, String paymentCode, String storedCardId);
}
