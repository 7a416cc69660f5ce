package io.paygate.payment.provider;

import io.paygate.model.api.payment.PaymentMethod;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A charge to open for a method that is paid later (docs/contract.md §2a: a virtual account, bill, QR, wallet payment or
 * store code), under {@code reference}, the provider's order id. Opening the same reference again is the same charge.
 *
 * @param expiresAt   when the charge must stop taking money (the provider's custom expiry)
 * @param accountId   the customer's wallet account for a push wallet (OVO), else null
 * @param customer    who pays, as far as a provider shows or needs it
 * @param merchantName the name a bank or store shows the customer
 * @param number      a virtual account's number the merchant chose (SNAP's {@code virtualAccountNo} without its
 *                    spaces, docs/contract.md §9), which the provider opens the account under; null: the provider
 *                    assigns one
 */
public record ChargeOpening(String merchantId, String reference, String paymentCode, PaymentMethod method,
                            BigDecimal amount, String currency, Instant expiresAt, String accountId,
                            Payer customer, String merchantName, String number) {

    public ChargeOpening(String merchantId, String reference, String paymentCode, PaymentMethod method,
                         BigDecimal amount, String currency, Instant expiresAt, String accountId, Payer customer,
                         String merchantName) {
        this(merchantId, reference, paymentCode, method, amount, currency, expiresAt, accountId, customer, merchantName,
                null);
    }

    /** The customer as the initiation gave it. */
    public record Payer(String firstName, String lastName, String email, String mobilePhone) {
    }
}
