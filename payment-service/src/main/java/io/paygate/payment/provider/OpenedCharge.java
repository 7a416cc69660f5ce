package io.paygate.payment.provider;

import java.time.Instant;

/**
 * What the provider opened for a {@link ChargeOpening}: what the customer pays with. Each member only where the method
 * has it (docs/contract.md §2a).
 *
 * @param payCode       the VA number, Mandiri bill key or store code
 * @param billerCode    the Mandiri biller code
 * @param qrString      the QR's payload (QRIS; a wallet's QR), encoded by the gateway into its own PNG
 * @param appUrl        the wallet app link
 * @param providerQrUrl a QR image the provider serves itself, when it gives no payload
 * @param expiresAt     when the provider stops taking money for it (its answer, else what was asked)
 */
public record OpenedCharge(String payCode, String billerCode, String qrString, String appUrl, String providerQrUrl,
                           Instant expiresAt) {
}
