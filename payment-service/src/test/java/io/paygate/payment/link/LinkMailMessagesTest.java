package io.paygate.payment.link;

import io.paygate.testsupport.web.MessageBundleCoverage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LinkMailMessagesTest {

    @Test
    void everyMessageOfTheLinkMailIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(LinkMailMessages.class, "messages/mail_id.properties"));
    }
}
