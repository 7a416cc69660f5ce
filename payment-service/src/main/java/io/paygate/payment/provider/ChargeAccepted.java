package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;

/**
 * The provider took the charge and will decide asynchronously.
 *
 * @param cardInfo          what the provider knows about the card ({@code card.info}), or null
 * @param challengeRequired whether the customer must pass 3-D Secure first ({@link PaymentChannel#completeChallenge})
 */
public record ChargeAccepted(CardInfo cardInfo, boolean challengeRequired) {
}
