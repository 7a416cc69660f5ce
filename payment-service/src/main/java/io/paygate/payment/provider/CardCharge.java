package io.paygate.payment.provider;

import java.math.BigDecimal;

/** A card charge for one payment. */
public record CardCharge(String paymentCode, BigDecimal amount, String currency, CardDetails card) {
}
