package io.paygate.qa;

import io.restassured.path.json.JsonPath;

import java.time.Instant;
import java.util.Map;

/**
 * One request a {@link CallbackReceiver} received: its path, headers (one value each, names in any case), the body as
 * the exact bytes' text, and whether it verified as a merchant verifies (common-model's {@code NotificationVerifier}:
 * {@code webhook-signature}, {@code X-SIGNATURE} and the body's {@code signature}, within 300 s; for a SNAP
 * notification, {@code SnapNotificationVerifier} with the merchant's own keys, {@code additionalInfo.merchantId} and
 * {@code webhook-signature}).
 *
 * @param verificationFailure why it did not verify; null when it did (the receiver then acknowledged it)
 */
public record Delivery(String path, Map<String, String> headers, String body, Instant receivedAt,
                       String verificationFailure) {

    public boolean verified() {
        return verificationFailure == null;
    }

    /** Whether it is a SNAP notification (docs/contract.md §9: the standard's headers, RSA {@code X-SIGNATURE}). */
    public boolean snap() {
        return SnapExpectation.isSnap(headers);
    }

    /** The body's members, e.g. {@code json().getString("result.payment.status")}. */
    public JsonPath json() {
        return JsonPath.from(body);
    }

    public String header(String name) {
        return asSent().header(name);
    }

    /** {@code webhook-id}: the notification's id in the gateway's log, the same on every attempt. */
    public String webhookId() {
        return header("webhook-id");
    }

    /** The same request as a {@link SentRequest}, to verify it again or match it with {@link NotificationMatchers}. */
    public SentRequest asSent() {
        return new SentRequest(body, headers);
    }
}
