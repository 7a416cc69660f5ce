package io.paygate.model.signing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.testing.NotificationVectors;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class WebhookSecretTest {

    private static String whsec(int bytes) {
        return "whsec_" + Base64.getEncoder().encodeToString(new byte[bytes]);
    }

    @Test
    void keyIsTheBase64DecodedPartAfterThePrefix() {
        WebhookSecret secret = WebhookSecret.parse(NotificationVectors.SECRET);
        assertArrayEquals("local-demo-notification-secret!!".getBytes(StandardCharsets.US_ASCII), secret.keyBytes());
    }

    @Test
    void keyBytesAreACopy() {
        WebhookSecret secret = WebhookSecret.parse(NotificationVectors.SECRET);
        secret.keyBytes()[0] = 0;
        assertEquals('l', secret.keyBytes()[0]);
    }

    @Test
    void toStringNeverPrintsTheSecret() {
        WebhookSecret secret = WebhookSecret.parse(NotificationVectors.SECRET);
        String text = secret.toString();
        assertFalse(text.contains("bG9jYWwt"), text);
        assertFalse(text.contains("local-demo"), text);
        assertTrue(text.contains("***"), text);
    }

    @Test
    void revealGivesBackTheTextForm() {
        assertEquals(NotificationVectors.SECRET, WebhookSecret.parse(NotificationVectors.SECRET).reveal());
    }

    @Test
    void acceptsUnpaddedBase64AndSurroundingWhitespace() {
        assertEquals(WebhookSecret.parse(NotificationVectors.SECRET),
                WebhookSecret.parse(" " + NotificationVectors.SECRET.replace("=", "") + "\n"));
    }

    @Test
    void acceptsTwentyFourAndSixtyFourBytes() {
        assertEquals(24, WebhookSecret.parse(whsec(24)).keyBytes().length);
        assertEquals(64, WebhookSecret.parse(whsec(64)).keyBytes().length);
    }

    @Test
    void rejectsKeyShorterThanTwentyFourBytes() {
        assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse(whsec(23)));
    }

    @Test
    void rejectsKeyLongerThanSixtyFourBytes() {
        assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse(whsec(65)));
    }

    @Test
    void rejectsMissingPrefix() {
        String withoutPrefix = NotificationVectors.SECRET.substring("whsec_".length());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse(withoutPrefix));
        assertFalse(e.getMessage().contains(withoutPrefix));
        assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse("WHSEC_" + withoutPrefix));
    }

    @Test
    void rejectsMalformedBase64WithoutEchoingIt() {
        String bad = "whsec_bG9jYWwt!!ZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse(bad));
        assertFalse(e.getMessage().contains("bG9jYWwt"));
        assertThrows(IllegalArgumentException.class, () -> WebhookSecret.parse("whsec_"));
    }

    @Test
    void generatesDistinctThirtyTwoByteSecretsThatParseBack() {
        WebhookSecret first = WebhookSecret.generate();
        WebhookSecret second = WebhookSecret.generate();
        assertEquals(32, first.keyBytes().length);
        assertNotEquals(first, second);
        assertTrue(first.reveal().startsWith("whsec_"));
        assertEquals(first, WebhookSecret.parse(first.reveal()));
    }
}
