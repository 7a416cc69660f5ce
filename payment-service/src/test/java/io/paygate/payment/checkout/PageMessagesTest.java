package io.paygate.payment.checkout;

import io.paygate.payment.link.LinkPageMessages;
import io.paygate.payment.sandbox.SandboxMessages;
import io.paygate.testsupport.web.MessageBundleCoverage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PageMessagesTest {

    @Test
    void everyMessageOfThePageIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(PageMessages.class, "messages/msg_id.properties"));
    }

    @Test
    void everyMessageOfTheMethodsIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(MethodMessages.class, "messages/method_id.properties"));
    }

    @Test
    void everyMessageOfTheSandboxPagesIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(SandboxMessages.class, "messages/sbx_id.properties"));
    }

    @Test
    void everyMessageOfTheLinkPageIsInIndonesianWithTheSameParameters() {
        assertEquals(List.of(), MessageBundleCoverage.gaps(LinkPageMessages.class, "messages/lnk_id.properties"));
    }
}
