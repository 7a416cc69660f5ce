package io.paygate.model.signing;

/** Header names of a signed notification (docs/contract.md §6, Standard Webhooks plus {@code X-SIGNATURE}). */
public final class WebhookHeaders {

    /** The notification id, stable across retries. */
    public static final String ID = "webhook-id";
    /** Unix seconds of this delivery attempt. */
    public static final String TIMESTAMP = "webhook-timestamp";
    /** Space-separated {@code v1,<base64 HMAC-SHA256 of id.timestamp.rawBody>}, one per active secret. */
    public static final String SIGNATURE = "webhook-signature";
    /** Lowercase hex HMAC-SHA512 over the JCS form of the body without its {@code signature} member. */
    public static final String X_SIGNATURE = "X-SIGNATURE";
    /** The version tag of a Standard Webhooks symmetric signature. */
    public static final String VERSION_PREFIX = "v1,";

    private WebhookHeaders() {
    }
}
