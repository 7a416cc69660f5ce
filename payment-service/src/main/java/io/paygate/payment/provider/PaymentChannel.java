package io.paygate.payment.provider;

import io.paygate.model.api.payment.PaymentMethod;

import java.util.Set;

/**
 * A payment channel provider (docs/contract.md §2): accepts a charge now and decides later, telling payment-service its
 * decision through a signed provider callback ({@link ProviderDecision}) and answering a status inquiry
 * ({@link #inquire}) when the callback does not come. The sandbox provider is one implementation; a real acquirer
 * (Midtrans) is another.
 *
 * <p>payment-service never calls a channel inside a database transaction that holds a payment's row: it records the
 * submission first (PENDING → PROCESSING, with the charge's {@code reference}), commits, calls, then records the
 * answer in a new transaction. So a channel must accept its decision arriving (callback) before the answer is
 * recorded, and must treat a charge {@code reference} it already knows as the same charge, not a second one.
 */
public interface PaymentChannel {

    /**
     * The sandbox provider's name ({@code gateway.merchants.<id>.provider}'s default): the channel of a merchant this
     * build does not know, the only one the provider callback decides for, the one whose page shows sandbox hints.
     * Production code knows the sandbox by this name only, never by its classes.
     */
    String SANDBOX = "sandbox";

    /** Short name stored with the payment, e.g. {@code sandbox}. */
    String name();

    /** The payment methods this channel offers (docs/contract.md §2a); the page and the initiation offer only these. */
    Set<PaymentMethod> methods();

    /**
     * Opens a charge the customer pays later (a virtual account, bill, QR, wallet payment or store code). The same
     * {@code reference} again is the same charge: the provider answers with what it opened before, never a second.
     *
     * @throws ChargeRefused when the provider definitely refused to open it; any other exception means the outcome is
     *                       unknown (open it again with the same reference)
     */
    OpenedCharge openCharge(ChargeOpening opening);

    /**
     * Cancels the open charge {@code reference} so it takes no more money (before another method is opened, or when
     * the merchant cancels). Idempotent.
     *
     * @return DECIDED CANCELLED (or EXPIRED) when it takes no money any more; DECIDED CAPTURED when it was already
     *         paid (the payment is then captured by it); UNKNOWN when the provider never opened it
     * @throws RuntimeException when the provider could not be asked: nothing may be opened instead yet
     */
    ChargeStatus cancelCharge(String merchantId, String reference);

    /**
     * Sends money of a captured charge back (docs/contract.md §3a), once per {@code order.refundReference()}: the same
     * reference again is the same refund. Only methods whose kind refunds are asked.
     *
     * @return SUCCEEDED, FAILED (nothing was refunded) or PENDING (decided later; {@link #inquireRefund} tells)
     * @throws RuntimeException when the outcome is unknown: ask again later ({@link #inquireRefund})
     */
    RefundOutcome refund(RefundOrder order);

    /**
     * What became of refund {@code refundReference} of charge {@code chargeReference}.
     *
     * @return UNKNOWN when the provider never received it (it may be sent again under the same reference)
     * @throws RuntimeException when the provider could not be asked
     */
    RefundOutcome inquireRefund(String merchantId, String chargeReference, String refundReference);

    /**
     * Submits a card charge under {@code charge.reference()}. The card details live only for this call: never store
     * or log them. With {@link CardCharge#store()} the provider keeps the card and its token comes back with the
     * acceptance ({@link ChargeAccepted#storedCard()}).
     *
     * @throws ChargeRefused when the provider definitely refused the charge (nothing will be charged); any other
     *                       exception means the outcome is unknown and the payment stays PROCESSING for reconciliation
     */
    ChargeAccepted chargeCard(CardCharge charge);

    /**
     * Charges a card the provider keeps ({@link ProviderCardToken}) under {@code charge.reference()}: a one-click
     * payment ({@link StoredCardCharge.Initiator#CUSTOMER}; the provider may ask 3-D Secure, as for
     * {@link #chargeCard}) or a charge without the customer ({@link StoredCardCharge.Initiator#MERCHANT}, a
     * subscription's cycle: a charge the provider would challenge is refused, never left waiting). The same reference
     * again is the same charge; a lost answer is reconciled by {@link #inquire}.
     *
     * @throws ChargeRefused when the provider definitely refused (declined, token unknown or forgotten: nothing was
     *                       charged); any other exception means the outcome is unknown
     */
    ChargeAccepted chargeStoredCard(StoredCardCharge charge);

    /**
     * Forgets a card the provider keeps for {@code merchantId}: no later charge by {@code providerToken} succeeds.
     * Idempotent (a token the provider does not know is forgotten already).
     *
     * @throws RuntimeException when the provider could not be asked: nothing was forgotten for sure, ask again
     */
    void forgetCard(String merchantId, String providerToken);

    /** Submits a direct debit through an ACTIVE binding; failures as for {@link #chargeCard}. */
    ChargeAccepted chargeDirectDebit(DirectDebitCharge charge);

    /** Whether this channel takes direct debits (the sandbox bank's bindings); the page offers them only then. */
    default boolean takesDirectDebit() {
        return true;
    }

    /**
     * Completes a 3-D Secure challenge ({@link ChargeAccepted#challengeRequired()}) with the customer's one-time
     * password; the decision follows through the callback.
     *
     * @return false when the provider has no challenge waiting for this reference
     */
    boolean completeChallenge(String reference, String otp);

    /**
     * Asks the provider what became of the charge {@code reference} of {@code merchantId}'s payment (a real
     * provider's status inquiry, e.g. Midtrans {@code GET /v2/{order_id}/status}).
     *
     * @throws RuntimeException when the provider could not be asked (network, timeout): ask again later
     */
    ChargeStatus inquire(String merchantId, String reference);
}
