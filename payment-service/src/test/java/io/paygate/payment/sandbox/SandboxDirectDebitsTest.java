package io.paygate.payment.sandbox;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox bank's direct debits (docs/contract.md §1b): an amount ending in .51 has insufficient funds. */
class SandboxDirectDebitsTest {

    @Test
    void onlyAmountsEndingIn51HaveInsufficientFunds() {
        assertTrue(SandboxDirectDebits.insufficientFunds(new BigDecimal("75000.51")));
        assertTrue(SandboxDirectDebits.insufficientFunds(new BigDecimal("0.51")));
        assertFalse(SandboxDirectDebits.insufficientFunds(new BigDecimal("75000.50")));
        assertFalse(SandboxDirectDebits.insufficientFunds(new BigDecimal("51")));
        assertFalse(SandboxDirectDebits.insufficientFunds(new BigDecimal("5100.00")));
        assertFalse(SandboxDirectDebits.insufficientFunds(new BigDecimal("10.05")));
    }
}
