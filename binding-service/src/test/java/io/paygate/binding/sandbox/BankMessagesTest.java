package io.paygate.binding.sandbox;

import io.paygate.testsupport.web.MessageBundleCoverage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BankMessagesTest {

    @Test
    void everyMessageOfTheBankPageIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(BankMessages.class, "messages/msg_id.properties"));
    }
}
