package io.paygate.payment.sandbox;

import io.paygate.model.status.PaymentStatus;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test-card table of docs/contract.md §2. */
class SandboxCardsTest {

    @Test
    void testCardsBehaveAsTheContractSays() {
        assertEquals(PaymentStatus.CAPTURED, SandboxCards.behaviourOf("4111111111111111").outcome());
        assertEquals("CREDIT", SandboxCards.behaviourOf("4111111111111111").info().type());
        assertEquals("MASTERCARD", SandboxCards.behaviourOf("5555555555554444").info().brand());
        assertEquals("Card declined", SandboxCards.behaviourOf("4000000000000002").statusDesc());
        assertEquals(PaymentStatus.FAILED, SandboxCards.behaviourOf("4000000000009995").outcome());
        assertEquals("Insufficient funds", SandboxCards.behaviourOf("4000000000009995").statusDesc());
        assertTrue(SandboxCards.behaviourOf("4000000000003220").challenge());
    }

    /** docs/contract.md §1b: stored cards charge as they paid; 0341 pays its first payment only. */
    @Test
    void storedCardsChargeAgainAsTheyPaidExceptTheFirstOnlyCard() {
        assertEquals(PaymentStatus.CAPTURED, SandboxCards.behaviourOf("4000000000000341").outcome());
        assertEquals(SandboxCards.Stored.FIRST_ONLY, SandboxCards.storedOf("4000000000000341"));
        assertEquals(SandboxCards.Stored.CAPTURE, SandboxCards.storedOf("4111111111111111"));
        assertEquals(SandboxCards.Stored.CAPTURE, SandboxCards.storedOf("4242424242424242"));
        assertEquals(SandboxCards.Stored.DECLINE, SandboxCards.storedOf("4000000000000002"));
        assertEquals(SandboxCards.Stored.INSUFFICIENT, SandboxCards.storedOf("4000000000009995"));
        assertEquals(SandboxCards.Stored.CHALLENGE, SandboxCards.storedOf("4000000000003220"));

        for (boolean customer : new boolean[]{true, false}) {
            assertEquals(PaymentStatus.CAPTURED, SandboxCards.laterCharge(SandboxCards.Stored.CAPTURE, customer)
                    .outcome());
            assertEquals("Card declined", SandboxCards.laterCharge(SandboxCards.Stored.FIRST_ONLY, customer)
                    .statusDesc());
            assertEquals("Insufficient funds", SandboxCards.laterCharge(SandboxCards.Stored.INSUFFICIENT, customer)
                    .statusDesc());
        }
        assertTrue(SandboxCards.laterCharge(SandboxCards.Stored.CHALLENGE, true).challenge(),
                "the customer is there: 3-D Secure");
        SandboxCards.Behaviour merchant = SandboxCards.laterCharge(SandboxCards.Stored.CHALLENGE, false);
        assertEquals(PaymentStatus.FAILED, merchant.outcome(), "nobody to challenge: declined");
        assertEquals("3-D Secure required", merchant.statusDesc());
    }

    @Test
    void threeDSecureAcceptsOnly123456() {
        assertEquals(PaymentStatus.CAPTURED, SandboxCards.afterChallenge("123456").outcome());
        assertEquals(PaymentStatus.FAILED, SandboxCards.afterChallenge("000000").outcome());
        assertEquals("3-D Secure authentication failed", SandboxCards.afterChallenge("1234567").statusDesc());
    }

    @Test
    void otherNumbersAreCapturedWithTheirBrandFromTheBinTableElseUnknown() {
        assertEquals("VISA", SandboxCards.behaviourOf("4242424242424242").info().brand());
        assertEquals("MASTERCARD", SandboxCards.behaviourOf("2223003122003222").info().brand());
        assertEquals("AMEX", SandboxCards.behaviourOf("378282246310005").info().brand());
        assertEquals("JCB", SandboxCards.behaviourOf("3530111333300000").info().brand());
        assertEquals("UNKNOWN", SandboxCards.behaviourOf("6011111111111117").info().brand());
        assertNull(SandboxCards.behaviourOf("6011111111111117").statusDesc());
        assertEquals(PaymentStatus.CAPTURED, SandboxCards.behaviourOf("6011111111111117").outcome());
    }
}
