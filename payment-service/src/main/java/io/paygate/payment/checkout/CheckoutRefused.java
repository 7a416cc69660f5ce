package io.paygate.payment.checkout;

/**
 * The hosted page refuses what the customer submitted; nothing was charged. {@code field} names the form field
 * (or null for the whole form) and {@code reason} says why, for the page to tell the customer in their language.
 */
public final class CheckoutRefused extends RuntimeException {

    private final String field;
    private final Refusal reason;

    public CheckoutRefused(String field, Refusal reason) {
        super(reason.name(), null, false, false);
        this.field = field;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    public Refusal reason() {
        return reason;
    }
}
