package io.paygate.payment.provider;

import java.math.BigDecimal;

/**
 * A card charge for one payment of {@code merchantId}; {@code reference} is the id payment-service gave the charge
 * (unique). {@code returnUrl} is where a provider's own 3-D Secure page sends the customer back to.
 */
public record CardCharge(String merchantId, String reference, String paymentCode, BigDecimal amount, String currency,
                         CardDetails card, String returnUrl) {
}
