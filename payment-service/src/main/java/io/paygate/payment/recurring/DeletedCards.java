package io.paygate.payment.recurring;

import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.credential.CardForgotten;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;

/**
 * "Deleting the card of a subscription pauses it" (docs/contract.md §1b): at once, in the transaction that deletes the
 * card, every ACTIVE subscription charged by it moves to PAUSED (its {@code subscription} notification written to the
 * outbox in that commit), so no cycle is made due or charged with a card the merchant deleted. A cycle attempt already
 * at the provider ends as the provider decides it; the subscription stays PAUSED.
 */
@ApplicationScoped
class DeletedCards {

    static final String CARD_DELETED = "The stored card was deleted";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionTransitions transitions;

    DeletedCards(SubscriptionRepository subscriptions, SubscriptionTransitions transitions) {
        this.subscriptions = subscriptions;
        this.transitions = transitions;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    void onForgotten(@Observes CardForgotten event) {
        for (SubscriptionEntity s : subscriptions.lockActiveByStoredCard(event.merchantId(),
                event.storedCardId().toString())) {
            transitions.move(s, SubscriptionStatus.PAUSED, CARD_DELETED);
        }
    }
}
