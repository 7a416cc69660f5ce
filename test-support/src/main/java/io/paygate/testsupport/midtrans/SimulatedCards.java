package io.paygate.testsupport.midtrans;

import java.util.Map;

/**
 * What the simulator does with a card number: Midtrans's sandbox test cards as "Testing Payment on Sandbox"
 * (docs.midtrans.com/docs/testing-payment-on-sandbox) lists them, VISA and Mastercard, OTP {@value #OTP}:
 * <ul>
 *     <li>Full Authentication (cardholder 3DS ready): 4811 1111 1111 1114, 5211 1111 1111 1117 accepted after 3-D
 *     Secure; 4911 1111 1111 1113, 5111 1111 1111 1118 denied by the bank after 3-D Secure;</li>
 *     <li>Attempted Authentication (cardholder not enrolled for 3DS, so no 3-D Secure page): 4411 1111 1111 1118,
 *     5410 1111 1111 1116 accepted; 4511 1111 1111 1117, 5510 1111 1111 1115 challenged by fraud detection;
 *     4611 1111 1111 1116, 5411 1111 1111 1115 denied by fraud detection; 4711 1111 1111 1115, 5511 1111 1111 1114
 *     denied by the bank.</li>
 * </ul>
 * Any other Luhn-valid number is 3DS ready and accepted.
 */
final class SimulatedCards {

    /** The one-time password Midtrans's sandbox 3-D Secure page accepts. */
    static final String OTP = "112233";

    enum Behaviour {
        /** 3-D Secure when {@code authentication: true} (201 + redirect_url), then capture/accept with {@link #OTP}. */
        THREE_DS,
        /** 3-D Secure like {@link #THREE_DS}, then denied by the bank (202, deny) even with {@link #OTP}. */
        THREE_DS_BANK_DENY,
        /** Not enrolled: captured at once (200, capture, accept) even with {@code authentication: true}. */
        FRICTIONLESS,
        /** Not enrolled, captured but challenged by fraud detection (201, capture, fraud_status challenge). */
        FRAUD_CHALLENGE,
        /** Not enrolled, denied by fraud detection at once (202, deny, fraud_status deny). */
        FRAUD_DENY,
        /** Not enrolled, denied by the bank at once (202, deny, fraud_status accept). */
        DENY
    }

    private static final Map<String, Behaviour> CARDS = Map.ofEntries(
            Map.entry("4811111111111114", Behaviour.THREE_DS),
            Map.entry("5211111111111117", Behaviour.THREE_DS),
            Map.entry("4911111111111113", Behaviour.THREE_DS_BANK_DENY),
            Map.entry("5111111111111118", Behaviour.THREE_DS_BANK_DENY),
            Map.entry("4411111111111118", Behaviour.FRICTIONLESS),
            Map.entry("5410111111111116", Behaviour.FRICTIONLESS),
            Map.entry("4511111111111117", Behaviour.FRAUD_CHALLENGE),
            Map.entry("5510111111111115", Behaviour.FRAUD_CHALLENGE),
            Map.entry("4611111111111116", Behaviour.FRAUD_DENY),
            Map.entry("5411111111111115", Behaviour.FRAUD_DENY),
            Map.entry("4711111111111115", Behaviour.DENY),
            Map.entry("5511111111111114", Behaviour.DENY));

    private SimulatedCards() {
    }

    static Behaviour of(String number) {
        return CARDS.getOrDefault(number, Behaviour.THREE_DS);
    }

    /** Midtrans's masked_card: first six, {@code -}, last four. */
    static String masked(String number) {
        return number.substring(0, 6) + "-" + number.substring(number.length() - 4);
    }
}
