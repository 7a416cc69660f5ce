package io.paygate.qa;

import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.signing.WebhookSecret;
import org.hamcrest.Matcher;
import org.hamcrest.StringDescription;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NotificationMatchersTest {

    private static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    private static final String OTHER = "whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=";

    /** The log's {@code request} as RestAssured hands it to a matcher: {body, headers} maps. */
    private static Map<String, Object> logged(long sentAt, String body) {
        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(SECRET));
        String signed = signer.withBodySignature(body);
        Map<String, String> headers = new LinkedHashMap<>(signer.headers("0b6f7c1e-9a2d-4c1b-8f3e-2d5a6b7c8d9e",
                sentAt, signed));
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("body", signed);
        request.put("headers", headers);
        return request;
    }

    @Test
    void aNotificationSignedWithTheMerchantsSecretMatches() {
        Map<String, Object> request = logged(Instant.now().getEpochSecond(),
                "{\"order\":{\"id\":\"QA-1\",\"amount\":150000},\"result\":{\"payment\":{\"status\":\"CAPTURED\"}}}");
        assertThat(request, NotificationMatchers.signedWith(SECRET));
        SentRequest sent = SentRequest.fromLog(request);
        assertEquals("CAPTURED", sent.json().getString("result.payment.status"));
        sent.verify(SECRET);
    }

    @Test
    void anotherSecretATamperedBodyOrAnOldAttemptDoNotMatchAndSayWhy() {
        long now = Instant.now().getEpochSecond();
        Map<String, Object> request = logged(now, "{\"order\":{\"id\":\"QA-2\"}}");
        Matcher<Object> other = NotificationMatchers.signedWith(OTHER);
        assertFalse(other.matches(request));
        StringDescription why = new StringDescription();
        other.describeMismatch(request, why);
        assertTrue(why.toString().startsWith("did not verify"), why.toString());

        Map<String, Object> tampered = new LinkedHashMap<>(request);
        tampered.put("body", ((String) request.get("body")).replace("QA-2", "QA-3"));
        assertFalse(NotificationMatchers.signedWith(SECRET).matches(tampered));

        Map<String, Object> old = logged(now - 3_600, "{\"order\":{\"id\":\"QA-4\"}}");
        assertFalse(NotificationMatchers.signedWith(SECRET).matches(old), "outside the merchant's 300 s");
        assertTrue(NotificationMatchers.signedWith(Duration.ofHours(2), SECRET).matches(old), "a wider window");
        assertThrows(SignatureVerificationException.class, () -> SentRequest.fromLog(old).verify(SECRET));
    }

    @Test
    void somethingThatIsNotASentRequestDoesNotMatch() {
        assertFalse(NotificationMatchers.signedWith(SECRET).matches(null));
        assertFalse(NotificationMatchers.signedWith(SECRET).matches(Map.of("body", "{}")));
    }
}
