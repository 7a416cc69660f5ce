package io.paygate.payment.provider;

import java.math.BigDecimal;

/**
 * A card charge for one payment of {@code merchantId}; {@code reference} is the id payment-service gave the charge
 * (unique). {@code returnUrl} is where a provider's own 3-D Secure page sends the customer back to. {@code store}: the
 * customer asked to save the card (docs/contract.md §1b), so the provider keeps it and answers its token
 * ({@link ChargeAccepted#storedCard()}).
 */
public record CardCharge(String merchantId, String reference, String paymentCode, BigDecimal amount, String currency,
                         CardDetails card, String returnUrl, boolean store) {

    /** A charge that stores nothing. */
    public CardCharge(String merchantId, String reference, String paymentCode, BigDecimal amount, String currency,
                      CardDetails card, String returnUrl) {
        this(merchantId, reference, paymentCode, amount, currency, card, returnUrl, false);
    }
}
