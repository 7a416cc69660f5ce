package io.paygate.notification.delivery;

import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SignedBodyTest {

    private final NotificationSigner signer =
            new NotificationSigner(WebhookSecret.parse(SandboxMerchants.DEMO.notificationSecret()));

    @Test
    void appendedSignatureMemberGivesTheSameBytesAsTheSignersOwnPlacement() {
        // The README's payment sample, with a number that must keep its text and a non-ASCII string.
        String payload = "{\"order\":{\"id\":\"ORD-20261121-0001\",\"amount\":150000.00,\"reference\":\"PC7F3K9Q2M4X8B1N\","
                + "\"currency\":\"IDR\"},\"meta\":{\"data\":{\"note\":\"café\"}},\"result\":{\"payment\":{\"amount\":150000.00,"
                + "\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
        String signature = signer.bodySignature(payload);
        assertEquals(signer.withBodySignature(payload), Deliverer.withSignatureMember(payload, signature));
        assertEquals("{\"signature\":\"" + signature + "\"}", Deliverer.withSignatureMember("{}", signature));
    }
}
