package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;

/**
 * The provider took the charge.
 *
 * @param cardInfo          what the provider knows about the card ({@code card.info}), or null
 * @param challengeRequired whether the customer must pass 3-D Secure first: on the hosted page
 *                          ({@link PaymentChannel#completeChallenge}) or, with {@code challengeUrl}, on the provider's
 *                          own page
 * @param challengeUrl      the provider's 3-D Secure page the customer's browser must open, or null
 * @param decision          the provider's decision when it made it at once (e.g. Midtrans {@code capture} without
 *                          3-D Secure), else null: it decides asynchronously
 * @param storedCard        the card the provider keeps for later charges ({@link CardCharge#store()}), or null; the
 *                          gateway stores it only once the charge is captured
 */
public record ChargeAccepted(CardInfo cardInfo, boolean challengeRequired, String challengeUrl,
                             ChargeStatus decision, ProviderCardToken storedCard) {

    public ChargeAccepted(CardInfo cardInfo, boolean challengeRequired, String challengeUrl, ChargeStatus decision) {
        this(cardInfo, challengeRequired, challengeUrl, decision, null);
    }

    /** The same acceptance with the token of the card the provider keeps. */
    public ChargeAccepted withStoredCard(ProviderCardToken token) {
        return new ChargeAccepted(cardInfo, challengeRequired, challengeUrl, decision, token);
    }

    /** Decided later; 3-D Secure, if any, on the hosted page. */
    public ChargeAccepted(CardInfo cardInfo, boolean challengeRequired) {
        this(cardInfo, challengeRequired, null, null);
    }
}
