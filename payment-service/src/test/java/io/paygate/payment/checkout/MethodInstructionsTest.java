package io.paygate.payment.checkout;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class MethodInstructionsTest {

    @Test
    void aWalletAccountShowsOnlyItsEnds() {
        assertEquals("+62812****7890", MethodInstructions.maskedAccount("+6281234567890"));
        assertEquals("****4567", MethodInstructions.maskedAccount("+1234567"));
        assertEquals("****", MethodInstructions.maskedAccount("+123"));
    }

    @Test
    void theCountdownStartsFromTheTimeLeft() {
        assertEquals("23:59:59", MethodInstructions.countdown(Duration.ofHours(24).minusSeconds(1)));
        assertEquals("14:05", MethodInstructions.countdown(Duration.ofMinutes(14).plusSeconds(5)));
        assertEquals("00:00", MethodInstructions.countdown(Duration.ofSeconds(-3)));
    }

    @Test
    void aProvidersLinkThatCouldRunScriptIsNotShown() {
        assertEquals("https://wallet.example/pay?id=1", MethodInstructions.link("https://wallet.example/pay?id=1"));
        assertEquals("gojek://gopay/merchanttransfer?tref=1", MethodInstructions.link("gojek://gopay/merchanttransfer?tref=1"));
        assertNull(MethodInstructions.link("javascript:alert(1)"));
        assertNull(MethodInstructions.link(" JavaScript:alert(1)"));
        assertNull(MethodInstructions.link("DATA:text/html,<script>alert(1)</script>"));
        assertNull(MethodInstructions.link("/relative"));
        assertNull(MethodInstructions.link(null));
    }
}
