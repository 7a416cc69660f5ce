package io.paygate.payment.payment;

/**
 * A payment's card may be stored now (docs/contract.md §1b): it was captured, or the provider's token of the card
 * arrived (the decision may come first). Fired synchronously inside the transaction that holds the payment's row
 * (locked), so the stored card and the payment's link to it commit together; whoever stores cards observes it and
 * stores only when both the capture and the token are there.
 */
public record CardStorable(PaymentEntity payment) {
}
