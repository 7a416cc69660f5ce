package io.paygate.payment.provider;

/**
 * A payment channel provider (CONTRACT §2): accepts a charge now and decides later, telling payment-service its
 * decision through a signed provider callback ({@link ProviderDecision}). The sandbox provider is one
 * implementation; a real acquirer is another. Calls run inside the payment's state-change transaction.
 */
public interface PaymentChannel {

    /** Short name stored with the payment, e.g. {@code sandbox}. */
    String name();

    /** Submits a card charge. The card details live only for this call: never store or log them. */
    ChargeAccepted chargeCard(CardCharge charge);

    /** Submits a direct debit through an ACTIVE binding. */
    ChargeAccepted chargeDirectDebit(DirectDebitCharge charge);

    /**
     * Completes a 3-D Secure challenge ({@link ChargeAccepted#challengeRequired()}) with the customer's one-time
     * password; the decision follows through the callback.
     *
     * @return false when the provider has no challenge waiting for this reference
     */
    boolean completeChallenge(String reference, String otp);
}
