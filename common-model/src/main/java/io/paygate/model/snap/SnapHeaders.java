package io.paygate.model.snap;

/** Header names of SNAP BI requests and notifications (docs/contract.md §9). */
public final class SnapHeaders {

    /** ISO-8601 with an offset or {@code Z}, with or without fractions of a second; within 300 s of server time. */
    public static final String TIMESTAMP = "X-TIMESTAMP";
    /** The merchant's SNAP client key, on the access-token request. */
    public static final String CLIENT_KEY = "X-CLIENT-KEY";
    /** Base64: SHA256withRSA on the access-token request and notifications, HMAC-SHA512 on transaction requests. */
    public static final String SIGNATURE = "X-SIGNATURE";
    /** The merchant's SNAP client key, on transaction requests and notifications. */
    public static final String PARTNER_ID = "X-PARTNER-ID";
    /** 1–36 characters, unique per merchant per day. */
    public static final String EXTERNAL_ID = "X-EXTERNAL-ID";
    /** 1–5 characters. */
    public static final String CHANNEL_ID = "CHANNEL-ID";
    /** {@code Bearer <access token>}. */
    public static final String AUTHORIZATION = "Authorization";
    /** The prefix of {@link #AUTHORIZATION}. */
    public static final String BEARER = "Bearer ";

    private SnapHeaders() {
    }
}
