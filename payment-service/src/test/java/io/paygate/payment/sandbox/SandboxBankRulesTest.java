package io.paygate.payment.sandbox;

import io.paygate.model.status.DisbursementStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SandboxBankRulesTest {

    @ParameterizedTest
    @CsvSource({"1234567890, SUCCESS", "9876540006, FAILED", "5550003, PENDING", "0006123, SUCCESS", "0003, PENDING"})
    void theAccountNumberDecidesWhereAPayingTransferEnds(String account, DisbursementStatus expected) {
        assertEquals(expected, new SandboxBankRules().outcomeFor(account));
    }
}
