package io.paygate.payment.credential;

import io.paygate.payment.payment.PaymentEntity;

/**
 * A captured payment stored its card (or found the same card stored before): fired inside the transaction that holds
 * the payment's row, right after {@code payment.storedCardId} was set, so whatever the card is for (a subscription's
 * credential) is recorded in the same commit.
 */
public record CardStored(PaymentEntity payment, StoredCardEntity card) {
}
