package io.paygate.payment.provider;

import java.math.BigDecimal;

/** A direct debit for one payment through an ACTIVE binding. */
public record DirectDebitCharge(String paymentCode, BigDecimal amount, String currency, String bindingId) {
}
