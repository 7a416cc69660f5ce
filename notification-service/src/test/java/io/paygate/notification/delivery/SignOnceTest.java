package io.paygate.notification.delivery;

import io.paygate.kit.auth.Merchant;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.notification.BodySignature;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The body signature is made once, when a notification is stored, with the id of its key; an attempt sends it as it
 * is while that key is the merchant's, and signs again after a rotation. Values: the README's interop vectors (the
 * payment sample "as built", signed with the demo secret and with the rotated one).
 */
class SignOnceTest {

    private static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    private static final String ROTATED = "whsec_cm90YXRlZC1kZW1vLW5vdGlmaWNhdGlvbi1zZWNyZXQ=";
    private static final String BODY = "{\"order\":{\"id\":\"ORD-20261121-0001\",\"amount\":150000.00,\"reference\":"
            + "\"PC7F3K9Q2M4X8B1N\",\"currency\":\"IDR\"},\"customer\":{\"id\":\"CUST-001\",\"email\":\"budi@example.com\","
            + "\"firstName\":\"Budi\",\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"},\"meta\":{\"data\":"
            + "{\"cart\":\"A-17\",\"note\":\"café\"}},\"card\":{\"mask\":\"411111******1111\",\"info\":{\"brand\":\"VISA\","
            + "\"issuing\":\"SANDBOX BANK\",\"type\":\"CREDIT\",\"subType\":\"CLASSIC\",\"country\":\"ID\"}},\"result\":"
            + "{\"payment\":{\"amount\":150000.00,\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
    private static final String SIGNATURE = "ced9fe2a061653d309866e11ee5505fa8e7964d0196a7f12ff4795bc9100cbff073fbec0"
            + "9b9608ba39af6b50a9cd0da5f30feb6576fb54e04275640b234f8310";
    private static final String ROTATED_SIGNATURE = "f2c7290bf3c1d91d124455f96279f61215d8136dac52c0eaf02b39a14007d7de"
            + "92dd575c751117f4f76436a5b4d023c24cf5f227922adf50b701fedb66eb7ae1";

    private final NotificationSigners signers = new NotificationSigners();

    @Test
    void theStoredSignatureIsTheInteropVectorsWithItsKeysId() {
        BodySignature stored = signers.bodySignature(merchant(SECRET), BODY);
        assertEquals(SIGNATURE, stored.value());
        assertTrue(stored.keyId().matches("[0-9a-f]{16}"), stored.keyId());
        assertEquals(stored.keyId(), NotificationSigners.keyId(WebhookSecret.parse(SECRET)), "stable");
        assertNotEquals(stored.keyId(), NotificationSigners.keyId(WebhookSecret.parse(ROTATED)));
        assertFalse(SECRET.contains(stored.keyId()), "the id is not a piece of the secret");
    }

    @Test
    void anAttemptSendsTheStoredSignatureWithoutSigningAgain() {
        String keyId = NotificationSigners.keyId(WebhookSecret.parse(SECRET));
        // Not the real signature: only a value that was not computed again can come back.
        assertEquals("as-stored", signers.forAttempt(merchant(SECRET), BODY, new BodySignature("as-stored", keyId)));
    }

    @Test
    void anAttemptAfterARotationOrWithoutAStoredSignatureSignsWithTheCurrentKey() {
        BodySignature stored = signers.bodySignature(merchant(SECRET), BODY);
        assertEquals(ROTATED_SIGNATURE, signers.forAttempt(merchant(ROTATED), BODY, stored));
        assertEquals(SIGNATURE, signers.forAttempt(merchant(SECRET), BODY, null), "a row stored before V4");
    }

    private static Merchant merchant(String secret) {
        return new Merchant("demo", "Demo", "demo-client-secret", WebhookSecret.parse(secret), "IDR");
    }
}
