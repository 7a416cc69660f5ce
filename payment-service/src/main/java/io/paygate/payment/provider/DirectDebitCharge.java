package io.paygate.payment.provider;

import java.math.BigDecimal;

/** A direct debit for one payment through an ACTIVE binding; {@code reference} as in {@link CardCharge}. */
public record DirectDebitCharge(String merchantId, String reference, String paymentCode, BigDecimal amount,
                                String currency, String bindingId) {
}
