package io.paygate.payment.provider;

import io.paygate.model.api.payment.PaymentMethod;

import java.math.BigDecimal;

/**
 * A refund to send back through the provider that took the payment (docs/contract.md §3a).
 *
 * @param chargeReference the provider's order id of the charge that took the money
 * @param refundReference the gateway's id of this refund at the provider (Midtrans {@code refund_key}): the same
 *                        refund sent again is the same refund, never a second one
 * @param full            whether it returns the whole charge (some providers distinguish refund and partial refund)
 */
public record RefundOrder(String merchantId, String chargeReference, String refundReference, PaymentMethod method,
                          BigDecimal amount, String currency, boolean full, String reason) {
}
