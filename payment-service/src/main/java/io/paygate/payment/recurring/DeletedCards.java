package io.paygate.payment.recurring;

import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.credential.CardForgotten;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;

/**
 * "Deleting the card of a subscription pauses it" (docs/contract.md §1b): at once, in the transaction that deletes the
 * card, every ACTIVE subscription charged by it moves to PAUSED (its {@code subscription} notification written to the
 * outbox in that commit), so no cycle is made due or charged with a card the merchant deleted; a cycle payment
 * waiting for its attempt or its retry ends CANCELLED with the same reason ({@link ChargingStops}, which takes the
 * payments' row locks before the subscriptions'). A cycle attempt already at the provider ends as the provider decides
 * it; the subscription stays PAUSED.
 */
@ApplicationScoped
class DeletedCards {

    static final String CARD_DELETED = "The stored card was deleted";

    private final SubscriptionRepository subscriptions;
    private final ChargingStops stops;

    DeletedCards(SubscriptionRepository subscriptions, ChargingStops stops) {
        this.subscriptions = subscriptions;
        this.stops = stops;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void onForgotten(@Observes CardForgotten event) {
        String card = event.storedCardId().toString();
        stops.lockOpenCyclesOfCard(event.merchantId(), card);
        for (SubscriptionEntity s : subscriptions.lockActiveByStoredCard(event.merchantId(), card)) {
            stops.leave(s, SubscriptionStatus.PAUSED, CARD_DELETED, CARD_DELETED);
        }
    }
}
