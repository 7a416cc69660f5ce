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

    /** How a stored test card behaves when charged again (docs/contract.md §1b): as it pays, or declined after its first. */
    enum Stored { CAPTURE, DECLINE, INSUFFICIENT, CHALLENGE, FIRST_ONLY }

    /** The statusDesc of a declined card. */
    static final String DECLINED = "Card declined";

    /** Pays its first payment and declines every later charge of its stored token. */
    static final String FIRST_ONLY_CARD = "4000000000000341";

    private static final Map<String, Behaviour> TEST_CARDS = Map.of(
            FIRST_ONLY_CARD, new Behaviour(PaymentStatus.CAPTURED, null, false, VISA),
            "4111111111111111", new Behaviour(PaymentStatus.CAPTURED, null, false, VISA_CREDIT),
            "5555555555554444", new Behaviour(PaymentStatus.CAPTURED, null, false, MASTERCARD_CREDIT),
            "4000000000000002", new Behaviour(PaymentStatus.FAILED, DECLINED, false, VISA),
            "4000000000009995", new Behaviour(PaymentStatus.FAILED, "Insufficient funds", false, VISA),
            "4000000000003220", new Behaviour(null, null, true, VISA));

    private SandboxCards() {
    }

    /** The behaviour of {@code number} (digits only, Luhn-valid). */
    static Behaviour behaviourOf(String number) {
        Behaviour known = TEST_CARDS.get(number);
        return known != null ? known : new Behaviour(PaymentStatus.CAPTURED, null, false, binInfo(number));
    }

    /** How {@code number}, once stored, behaves on later charges. */
    static Stored storedOf(String number) {
        if (FIRST_ONLY_CARD.equals(number)) {
            return Stored.FIRST_ONLY;
        }
        Behaviour b = behaviourOf(number);
        if (b.challenge()) {
            return Stored.CHALLENGE;
        }
        if (b.outcome() == PaymentStatus.CAPTURED) {
            return Stored.CAPTURE;
        }
        return "Insufficient funds".equals(b.statusDesc()) ? Stored.INSUFFICIENT : Stored.DECLINE;
    }

    /** What a later charge of a stored card does; a merchant-initiated one is never challenged (declined instead). */
    static Behaviour laterCharge(Stored stored, boolean customerPresent) {
        return switch (stored) {
            case CAPTURE -> new Behaviour(PaymentStatus.CAPTURED, null, false, null);
            case DECLINE, FIRST_ONLY -> new Behaviour(PaymentStatus.FAILED, DECLINED, false, null);
            case INSUFFICIENT -> new Behaviour(PaymentStatus.FAILED, "Insufficient funds", false, null);
            case CHALLENGE -> customerPresent ? new Behaviour(null, null, true, null)
                    : new Behaviour(PaymentStatus.FAILED, "3-D Secure required", false, null);
        };
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
