package io.paygate.model.error;

import java.util.Objects;

/**
 * SNAP BI's response cases (ASPI's table, docs/contract.md §9): {@code responseCode} = HTTP status (3) + the SNAP service
 * code (2) + this case (2), {@code responseMessage} = the standard's message, then the field or reason where the
 * standard has one ({@code Invalid Field Format virtualAccountNo}, {@code Unauthorized. Invalid signature}).
 * <p>
 * The cases the {@code /pg/} table has too (400 00/01/02, 401 00, 404 01, 409 00, 429, 500, 503) may be raised either
 * way on a SNAP path: {@link ResponseCode} gives an {@link ErrorCase} on a SNAP service the standard's message.
 */
public enum SnapCase {
    SUCCESSFUL(200, "00", "Successful"),
    /** Transfers and debits still being processed. */
    IN_PROGRESS(202, "00", "Request In Progress"),
    BAD_REQUEST(400, "00", "Bad Request"),
    INVALID_FIELD_FORMAT(400, "01", "Invalid Field Format"),
    INVALID_MANDATORY_FIELD(400, "02", "Invalid Mandatory Field"),
    /** Bad signature, stale timestamp, unknown client key: {@code Unauthorized. <reason>}. */
    UNAUTHORIZED(401, "00", "Unauthorized."),
    /** Missing or expired access token, or one of another merchant (docs/contract.md §9). */
    INVALID_TOKEN(401, "01", "Invalid Token (B2B)"),
    /** An access token the gateway never issued (forged, altered, or made with a retired key). */
    TOKEN_NOT_FOUND(401, "03", "Token Not Found (B2B)"),
    TRANSACTION_EXPIRED(403, "00", "Transaction Expired"),
    FEATURE_NOT_ALLOWED(403, "01", "Feature Not Allowed"),
    EXCEEDS_AMOUNT_LIMIT(403, "02", "Exceeds Transaction Amount Limit"),
    ACTIVITY_COUNT_LIMIT_EXCEEDED(403, "04", "Activity Count Limit Exceeded"),
    /** A suspended merchant's request (docs/contract.md §10; {@code 403SS05} on {@code /pg/}). */
    DO_NOT_HONOR(403, "05", "Do Not Honor"),
    /** A request from outside the merchant's address allowlist (docs/contract.md §10; {@code 403SS06} on {@code /pg/}). */
    FEATURE_NOT_ALLOWED_AT_THIS_TIME(403, "06", "Feature Not Allowed At This Time"),
    INSUFFICIENT_FUNDS(403, "14", "Insufficient Funds"),
    /** {@code Transaction Not Permitted. <reason>}, e.g. a refund above what is left. */
    TRANSACTION_NOT_PERMITTED(403, "15", "Transaction Not Permitted."),
    INACTIVE_ACCOUNT(403, "18", "Inactive Card/Account/Customer"),
    /** E.g. cancelling a paid payment. */
    INVALID_TRANSACTION_STATUS(404, "00", "Invalid Transaction Status"),
    TRANSACTION_NOT_FOUND(404, "01", "Transaction Not Found"),
    INVALID_MERCHANT(404, "08", "Invalid Merchant"),
    /** An unknown or foreign {@code bankCardToken} or account. */
    INVALID_ACCOUNT(404, "11", "Invalid Card/Account/Customer"),
    /** An unknown virtual account. */
    INVALID_BILL(404, "12", "Invalid Bill/Virtual Account"),
    INVALID_AMOUNT(404, "13", "Invalid Amount"),
    PAID_BILL(404, "14", "Paid Bill"),
    /** An expired virtual account. */
    EXPIRED_BILL(404, "19", "Invalid Bill/Virtual Account"),
    NOT_SUPPORTED(405, "00", "Requested Function Is Not Supported"),
    /** {@code X-EXTERNAL-ID} used again the same day; a request with the same {@code partnerReferenceNo} in flight. */
    CONFLICT(409, "00", "Conflict"),
    /** The same {@code partnerReferenceNo} with another body. */
    DUPLICATE_PARTNER_REFERENCE(409, "01", "Duplicate partnerReferenceNo"),
    TOO_MANY_REQUESTS(429, "00", "Too Many Requests"),
    GENERAL_ERROR(500, "00", "General Error"),
    INTERNAL_SERVER_ERROR(500, "01", "Internal Server Error"),
    EXTERNAL_SERVER_ERROR(500, "02", "External Server Error"),
    TIMEOUT(504, "00", "Timeout");

    private final int httpStatus;
    private final String caseCode;
    private final String message;

    SnapCase(int httpStatus, String caseCode, String message) {
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

    /** The standard's message, e.g. {@code "Invalid Token (B2B)"}. */
    public String message() {
        return message;
    }

    /** The seven characters for {@code service}, e.g. {@code INVALID_TOKEN.code(SNAP_VA_CREATE)} = {@code "4012701"}. */
    public String code(ServiceCode service) {
        return httpStatus + Objects.requireNonNull(service, "service").code() + caseCode;
    }

    /** The message with the field or reason after one space (none when {@code detail} is null or blank). */
    public String message(String detail) {
        if (detail == null || detail.isBlank()) {
            return message;
        }
        return ResponseCode.truncate(message + " " + detail.strip());
    }

    /** The reply body: {@code responseCode} for {@code service} and the message with {@code detail}. */
    public ErrorResponse body(ServiceCode service, String detail) {
        return new ErrorResponse(code(service), message(detail));
    }

    /** The SNAP message of a {@code /pg/} case raised on a SNAP path, where the two tables differ. */
    static String messageOf(ErrorCase errorCase) {
        return switch (errorCase) {
            case CONFLICT -> CONFLICT.message;
            case MERCHANT_SUSPENDED -> DO_NOT_HONOR.message;
            case ADDRESS_NOT_ALLOWED -> FEATURE_NOT_ALLOWED_AT_THIS_TIME.message;
            default -> errorCase.message();
        };
    }
}
