package io.paygate.qa;

import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeDiagnosingMatcher;

import java.time.Duration;

/**
 * Hamcrest matchers for notifications, for RestAssured's {@code body(path, matcher)} on the notification log:
 *
 * <pre>{@code
 * log.fetch(id).then().statusCode(200)
 *         .body("request", NotificationMatchers.signedWith(notificationSecret));
 * }</pre>
 *
 * and for {@link SentRequest}s: {@code assertThat(sent, signedWith(secret))}.
 */
public final class NotificationMatchers {

    private NotificationMatchers() {
    }

    /** Verifies as a merchant does, within the merchant's 300 s window of the attempt. */
    public static Matcher<Object> signedWith(String... whsecSecrets) {
        return signedWith(NotificationVerifier.DEFAULT_TOLERANCE, whsecSecrets);
    }

    /** Verifies as a merchant does, allowing {@code tolerance} since the attempt. */
    public static Matcher<Object> signedWith(Duration tolerance, String... whsecSecrets) {
        return new TypeSafeDiagnosingMatcher<>(Object.class) {
            @Override
            protected boolean matchesSafely(Object item, Description mismatch) {
                SentRequest sent = item instanceof SentRequest s ? s : SentRequest.fromLog(item);
                if (sent == null) {
                    mismatch.appendText("not a sent request {body, headers}: ").appendValue(item);
                    return false;
                }
                try {
                    sent.verify(tolerance, whsecSecrets);
                    return true;
                } catch (SignatureVerificationException | IllegalArgumentException e) {
                    mismatch.appendText("did not verify: ").appendText(e.getMessage());
                    return false;
                }
            }

            @Override
            public void describeTo(Description description) {
                description.appendText("a notification signed with the merchant's notification secret");
            }
        };
    }
}
