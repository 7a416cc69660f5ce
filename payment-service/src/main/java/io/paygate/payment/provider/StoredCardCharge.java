package io.paygate.payment.provider;

import java.math.BigDecimal;

/**
 * A charge of a card the provider keeps ({@link PaymentChannel#chargeStoredCard}), for one payment of
 * {@code merchantId}; {@code reference} is the id payment-service gave this charge (unique, committed before the call,
 * the same charge when sent again).
 *
 * @param providerToken the provider's token of the card ({@link ProviderCardToken#token()})
 * @param initiator     {@link Initiator#CUSTOMER} for a one-click payment (the customer is there and may pass 3-D Secure
 *                      at {@code returnUrl}'s page), {@link Initiator#MERCHANT} for a charge without the customer (a
 *                      subscription's cycle): a charge the provider would challenge is then declined
 * @param returnUrl     where a provider's own 3-D Secure page sends the customer back to (customer-initiated only)
 */
public record StoredCardCharge(String merchantId, String reference, String paymentCode, BigDecimal amount,
                               String currency, String providerToken, Initiator initiator, String returnUrl) {

    /** Who asks for the charge (card networks' customer- and merchant-initiated transactions). */
    public enum Initiator { CUSTOMER, MERCHANT }

    @Override
    public String toString() {
        return "StoredCardCharge[" + merchantId + ", " + reference + ", " + initiator + "]";
    }
}
