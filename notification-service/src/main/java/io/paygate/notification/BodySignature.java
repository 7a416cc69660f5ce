package io.paygate.notification;

/**
 * A notification's body signature as computed when it was stored (docs/contract.md §6: HMAC-SHA512 over the RFC 8785 form of
 * the payload, lowercase hex), and the id of the key that made it ({@code NotificationSigners}), so that an attempt
 * uses it only while that key is still the merchant's.
 */
public record BodySignature(String value, String keyId) {

    /** The stored pair, or {@code null} for a row stored without one. */
    public static BodySignature of(String value, String keyId) {
        return value == null || keyId == null ? null : new BodySignature(value, keyId);
    }
}
