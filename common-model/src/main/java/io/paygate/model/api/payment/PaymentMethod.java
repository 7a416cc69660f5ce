package io.paygate.model.api.payment;

/** How a hosted payment was paid (CONTRACT §2). */
public enum PaymentMethod {
    /** Card form on the hosted page; the notification carries {@code card}. */
    CARD,
    /** Direct debit through an ACTIVE binding. */
    DIRECT_DEBIT
}
