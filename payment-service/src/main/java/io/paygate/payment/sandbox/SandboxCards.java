package io.paygate.payment.sandbox;

import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.CardBins;

import java.util.Map;

/**
 * The sandbox provider's test-card table (docs/contract.md §2) and its small BIN table. Any other Luhn-valid number is
 * captured; its card.info comes from the BIN table, else brand {@code UNKNOWN}.
 */
final class SandboxCards {

    static final String ISSUER = "SANDBOX BANK";
    static final String THREE_D_SECURE_OTP = "123456";

    /** What the sandbox does with one card number. */
    record Behaviour(PaymentStatus outcome, String statusDesc, boolean challenge, CardInfo info) {
    }

    private static final CardInfo VISA_CREDIT = new CardInfo("VISA", ISSUER, "CREDIT", "CLASSIC", "ID");
    private static final CardInfo MASTERCARD_CREDIT = new CardInfo("MASTERCARD", ISSUER, "CREDIT", "STANDARD", "ID");
    private static final CardInfo VISA = new CardInfo("VISA", ISSUER, null, null, "ID");

    private static final Map<String, Behaviour> TEST_CARDS = Map.of(
            "4111111111111111", new Behaviour(PaymentStatus.CAPTURED, null, false, VISA_CREDIT),
            "5555555555554444", new Behaviour(PaymentStatus.CAPTURED, null, false, MASTERCARD_CREDIT),
            "4000000000000002", new Behaviour(PaymentStatus.FAILED, "Card declined", false, VISA),
            "4000000000009995", new Behaviour(PaymentStatus.FAILED, "Insufficient funds", false, VISA),
            "4000000000003220", new Behaviour(null, null, true, VISA));

    private SandboxCards() {
    }

    /** The behaviour of {@code number} (digits only, Luhn-valid). */
    static Behaviour behaviourOf(String number) {
        Behaviour known = TEST_CARDS.get(number);
        return known != null ? known : new Behaviour(PaymentStatus.CAPTURED, null, false, binInfo(number));
    }

    /** card.info by the first digits: brand only, issuer unknown. */
    static CardInfo binInfo(String number) {
        return CardBins.info(number, null);
    }

    /** The outcome of a 3-D Secure challenge. */
    static Behaviour afterChallenge(String otp) {
        return THREE_D_SECURE_OTP.equals(otp)
                ? new Behaviour(PaymentStatus.CAPTURED, null, false, null)
                : new Behaviour(PaymentStatus.FAILED, "3-D Secure authentication failed", false, null);
    }
}
