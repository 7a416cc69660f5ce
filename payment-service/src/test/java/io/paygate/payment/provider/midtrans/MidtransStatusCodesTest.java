package io.paygate.payment.provider.midtrans;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which statuses Midtrans sends under which status_code (its "Code 2xx" list and notification examples), and the
 * edited bodies of issue 22 that contradict theirs.
 */
class MidtransStatusCodesTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(nullValues = "-", value = {
            "200, capture, accept", "200, capture, -", "200, settlement, accept", "200, settlement, -",
            "200, authorize, accept", "200, cancel, accept", "200, refund, -", "200, partial_refund, accept",
            "200, chargeback, -", "200, deny, deny",
            "201, pending, -", "201, pending, accept", "201, capture, challenge", "201, authorize, challenge",
            "202, deny, accept", "202, deny, deny", "202, expire, -", "202, cancel, -", "202, failure, -",
            "202, capture, deny",
            "407, expire, -"})
    void bodiesMidtransSendsAreConsistent(String code, String status, String fraud) {
        assertTrue(MidtransStatusCodes.consistent(code, status, fraud));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(nullValues = "-", value = {
            "201, settlement, -",            // issue 22: Midtrans's pending notification with only the status edited
            "201, settlement, accept",
            "201, capture, accept",          // issue 22: a challenged capture edited to accept
            "201, capture, -",
            "200, capture, challenge",
            "200, settlement, challenge",
            "200, pending, -",
            "202, settlement, accept",
            "202, capture, accept",
            "407, settlement, accept",
            "500, settlement, accept",
            "200, something-new, -",
            "-, settlement, -",
            "200, -, accept"})
    void editedBodiesContradictTheirStatusCode(String code, String status, String fraud) {
        assertFalse(MidtransStatusCodes.consistent(code, status, fraud));
    }
}
