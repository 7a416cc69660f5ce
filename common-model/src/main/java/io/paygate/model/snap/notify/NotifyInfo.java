package io.paygate.model.snap.notify;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code additionalInfo} of the virtual account and direct-debit notifications: {@code merchantId}, the id at the
 * gateway of the merchant the notification is for (docs/contract.md §9). Every SNAP notify body carries it; a merchant
 * that checks it (and verifies with its own key) cannot be handed another merchant's notification as its own.
 */
@Schema(description = "additionalInfo: merchantId, the id of the merchant the notification is for (check it is yours)")
public record NotifyInfo(String merchantId) {
}
