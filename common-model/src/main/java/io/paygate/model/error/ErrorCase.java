package io.paygate.model.error;

/**
 * The error cases of docs/contract.md §0: HTTP status, two-digit case code and the fixed start of the
 * {@code responseMessage}. Cases that take a detail (field path, reason) append it after one space.
 */
public enum ErrorCase {
    /** Malformed JSON, wrong types. */
    BAD_REQUEST(400, "00", "Bad Request"),
    /** {@code Invalid Field Format <field path>}. */
    INVALID_FIELD_FORMAT(400, "01", "Invalid Field Format"),
    /** {@code Invalid Mandatory Field <field path>}. */
    INVALID_MANDATORY_FIELD(400, "02", "Invalid Mandatory Field"),
    /** {@code Unauthorized. <reason>} — any authentication failure. */
    UNAUTHORIZED(401, "00", "Unauthorized."),
    /**
     * A payout the merchant's {@code available} balance cannot cover with its fee (docs/contract.md §12: {@code 4030401});
     * nothing was written. A SNAP transfer says {@code 403xx14 Insufficient Funds} ({@link SnapCase#INSUFFICIENT_FUNDS}).
     */
    INSUFFICIENT_FUNDS(403, "01", "Insufficient Funds"),
    /**
     * The merchant is suspended (docs/contract.md §10): every request it makes is refused, after its authentication (an
     * unauthenticated caller learns nothing). On a SNAP path {@code 403xx05 Do Not Honor}.
     */
    MERCHANT_SUSPENDED(403, "05", "Merchant Suspended"),
    /**
     * The request came from an address outside the merchant's allowlist (docs/contract.md §10), refused before anything
     * else is read or written. On a SNAP path {@code 403xx06 Feature Not Allowed At This Time}.
     */
    ADDRESS_NOT_ALLOWED(403, "06", "Address Not Allowed"),
    /** Unknown or foreign resource. */
    NOT_FOUND(404, "01", "Transaction Not Found"),
    /** No such endpoint (an unknown path, not an unknown resource). */
    ROUTE_NOT_FOUND(404, "00", "Not Found"),
    /** The endpoint exists but not for this HTTP method. */
    METHOD_NOT_ALLOWED(405, "00", "Method Not Allowed"),
    /**
     * The request's body did not arrive whole within {@code gateway.http.body-timeout} (docs/contract.md §0 "Slow clients");
     * the connection is closed.
     */
    REQUEST_TIMEOUT(408, "00", "Request Timeout"),
    /**
     * {@code Gone. <where instead>}: an endpoint that was withdrawn for good, e.g. {@code GET /pg/snap/public-key.pem}
     * (docs/contract.md §9), its message naming what replaces it.
     */
    GONE(410, "00", "Gone."),
    /** {@code Conflict. <reason>}: same id with different content; illegal state change; a refusal (docs/contract.md §2a, §3a). */
    CONFLICT(409, "00", "Conflict."),
    /** Body over 64 KiB. */
    PAYLOAD_TOO_LARGE(413, "00", "Payload Too Large"),
    /** Body not {@code application/json}. */
    UNSUPPORTED_MEDIA_TYPE(415, "00", "Unsupported Media Type"),
    TOO_MANY_REQUESTS(429, "00", "Too Many Requests"),
    /**
     * The request's headers passed the server's size limit ({@code quarkus.http.limits.max-header-size}); the
     * connection is closed.
     */
    REQUEST_HEADER_FIELDS_TOO_LARGE(431, "00", "Request Header Fields Too Large"),
    /** Anything unexpected; never with a stack trace or exception name. */
    GENERAL_ERROR(500, "00", "General Error"),
    /**
     * The payment provider refused or failed the call the request needed; nothing changed, and the same request may be
     * sent again (it reuses the same provider order id).
     */
    BAD_GATEWAY(502, "00", "Bad Gateway"),
    /**
     * The service cannot do its work right now (its database is unreachable); sent with {@code Retry-After}. Nothing
     * was written: the same request may be sent again.
     */
    SERVICE_UNAVAILABLE(503, "00", "Service Unavailable"),
    /**
     * A payout whose funds could not be held: the balance service (ledger-service) was away, slow or failing
     * (docs/contract.md §12: {@code 5030401}); sent with {@code Retry-After}. Nothing was written, never a payout unheld: the
     * same request may be sent again.
     */
    BALANCE_UNAVAILABLE(503, "01", "Balance Unavailable");

    private final int httpStatus;
    private final String caseCode;
    private final String message;

    ErrorCase(int httpStatus, String caseCode, String message) {
        this.httpStatus = httpStatus;
        this.caseCode = caseCode;
        this.message = message;
    }

    /** The HTTP status of the reply, equal to the first three digits of the response code. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The last two digits of the response code. */
    public String caseCode() {
        return caseCode;
    }

    /** The fixed message, e.g. {@code "Invalid Field Format"}. */
    public String message() {
        return message;
    }
}
