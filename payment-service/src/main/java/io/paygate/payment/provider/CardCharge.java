package io.paygate.payment.provider;

import java.math.BigDecimal;

/** A card charge for one payment; {@code reference} is the id payment-service gave the charge (unique). */
public record CardCharge(String reference, String paymentCode, BigDecimal amount, String currency, CardDetails card) {
}
