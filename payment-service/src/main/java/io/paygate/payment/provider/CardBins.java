package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;

/** card.info from a card number's first digits: brand only, issuer unknown. */
public final class CardBins {

    private CardBins() {
    }

    public static CardInfo info(String digits, String type) {
        String brand;
        if (digits.startsWith("4")) {
            brand = "VISA";
        } else if (digits.matches("^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720)).*")) {
            brand = "MASTERCARD";
        } else if (digits.matches("^3[47].*")) {
            brand = "AMEX";
        } else if (digits.matches("^35(2[89]|[3-8]).*")) {
            brand = "JCB";
        } else {
            brand = "UNKNOWN";
        }
        return new CardInfo(brand, null, type, null, null);
    }
}
