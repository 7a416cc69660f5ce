package io.paygate.payment.sandbox;

import java.math.BigDecimal;

/**
 * How the sandbox bank decides a direct debit (docs/contract.md §1b): an amount whose cents are {@code .51} has
 * insufficient funds; every other one is paid.
 */
final class SandboxDirectDebits {

    static final String INSUFFICIENT_FUNDS = "Insufficient funds";
    private static final BigDecimal CENTS_51 = new BigDecimal("0.51");

    private SandboxDirectDebits() {
    }

    /** Whether the bound account cannot pay {@code amount}. */
    static boolean insufficientFunds(BigDecimal amount) {
        return amount.remainder(BigDecimal.ONE).compareTo(CENTS_51) == 0;
    }
}
