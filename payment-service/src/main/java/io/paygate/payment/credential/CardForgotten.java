package io.paygate.payment.credential;

import java.util.UUID;

/**
 * A merchant deleted a stored card (docs/contract.md §1b): fired inside the transaction that marks it deleted, so
 * whatever charges it later (a subscription's cycles) can stop in the same commit ("deleting the card of a
 * subscription pauses it").
 */
public record CardForgotten(String merchantId, UUID storedCardId) {
}
