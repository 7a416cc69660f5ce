package io.paygate.testsupport.midtrans;

import java.util.Map;

/**
 * What the simulator does with a card number. The numbers follow Midtrans's sandbox test cards where
 * those are documented (4811 1111 1111 1114: accepted after 3-D Secure, OTP {@value #OTP}); the
 * others are this simulator's own, to reach each answer of the Core API deterministically.
 */
final class SimulatedCards {

    /** The one-time password Midtrans's sandbox 3-D Secure page accepts. */
    static final String OTP = "112233";

    enum Behaviour {
        /** 3-D Secure when {@code authentication: true} (201 + redirect_url), then capture/accept with {@link #OTP}. */
        THREE_DS,
        /** Not enrolled: captured at once (200, capture, accept) even with {@code authentication: true}. */
        FRICTIONLESS,
        /** Denied by the bank at once (202, deny). */
        DENY,
        /** Captured but challenged by fraud detection (201, capture, fraud_status challenge). */
        FRAUD_CHALLENGE
    }

    private static final Map<String, Behaviour> CARDS = Map.of(
            "4811111111111114", Behaviour.THREE_DS,
            "4411111111111118", Behaviour.FRICTIONLESS,
            "4911111111111113", Behaviour.DENY,
            "4611111111111116", Behaviour.FRAUD_CHALLENGE);

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
