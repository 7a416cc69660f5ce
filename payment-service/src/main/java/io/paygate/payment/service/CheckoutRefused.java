package io.paygate.payment.service;

/**
 * The hosted page refuses what the customer submitted; nothing was charged. {@code field} names the form field
 * (or null for the whole form) and {@code message} is safe to show the customer.
 */
public final class CheckoutRefused extends RuntimeException {

    private final String field;

    public CheckoutRefused(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
