package io.paygate.model.error;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of every error reply (docs/contract.md §0): {@code {"responseCode":"4000101","responseMessage":"Invalid
 * Field Format order.amount"}}. The HTTP status equals the first three digits of the code.
 */
@Schema(name = "ErrorResponse", description = "Error reply: responseCode = HTTP status (3) + service code (2) + case (2).")
public record ErrorResponse(
        @Schema(description = "HTTP status + service code + case code, e.g. 4000102", examples = "4000102",
                minLength = 7, maxLength = 7)
        String responseCode,
        @Schema(description = "Case message, then the field path or reason when there is one", maxLength = 500,
                examples = "Invalid Mandatory Field order.id")
        String responseMessage) {

    /** The error body for {@code code} with a detail (field path or reason; may be {@code null}). */
    public static ErrorResponse of(ResponseCode code, String detail) {
        return new ErrorResponse(code.code(), code.message(detail));
    }

    /** The error body for {@code service} and {@code errorCase} with a detail (may be {@code null}). */
    public static ErrorResponse of(ServiceCode service, ErrorCase errorCase, String detail) {
        return of(ResponseCode.of(service, errorCase), detail);
    }

    /** The error body without detail, e.g. {@code 4040301 Transaction Not Found}. */
    public static ErrorResponse of(ServiceCode service, ErrorCase errorCase) {
        return of(ResponseCode.of(service, errorCase), null);
    }

    /** The HTTP status this body is sent with (the first three digits of the code). */
    public int httpStatus() {
        return Integer.parseInt(responseCode.substring(0, 3));
    }
}
