package io.paygate.payment.checkout;

/**
 * Why the hosted page refused what the customer submitted (docs/contract.md §2), nothing charged. The page says it in the
 * customer's language (checkout.PageViews maps each to its message); none repeats what was typed.
 */
public enum Refusal {
    CARD_NUMBER_INVALID,
    EXPIRY_MONTH_INVALID,
    EXPIRY_YEAR_INVALID,
    CARD_EXPIRED,
    EXPIRY_YEAR_TOO_FAR,
    CVV_THREE_DIGITS,
    CVV_FOUR_DIGITS,
    CARDHOLDER_NAME_MISSING,
    DIRECT_DEBIT_UNAVAILABLE,
    BINDING_UNAVAILABLE,
    OTP_MALFORMED,
    METHOD_UNAVAILABLE,
    METHOD_NEEDS_ACCOUNT,
    METHOD_REFUSED_BY_PROVIDER,
    PROVIDER_DID_NOT_ANSWER
}
