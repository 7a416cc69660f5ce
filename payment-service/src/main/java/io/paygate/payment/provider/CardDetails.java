package io.paygate.payment.provider;

import io.paygate.model.api.Card;

/**
 * What the customer typed into the card form, checked (Luhn, expiry, CVV) before it gets here. Lives only in memory
 * for the charge call; {@link #toString()} shows the mask only, so a log line can never carry the number or CVV.
 */
public record CardDetails(String number, int expiryMonth, int expiryYear, String cvv, String cardholderName) {

    /** First six digits, {@code *}, last four (docs/contract.md §2). */
    public String mask() {
        return Card.mask(number);
    }

    @Override
    public String toString() {
        return "CardDetails[" + mask() + "]";
    }
}
