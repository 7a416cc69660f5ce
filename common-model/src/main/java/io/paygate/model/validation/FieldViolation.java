package io.paygate.model.validation;

import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import java.util.Objects;

/**
 * The one field error a request is answered with (docs/contract.md §0): {@link ErrorCase#INVALID_MANDATORY_FIELD} or
 * {@link ErrorCase#INVALID_FIELD_FORMAT} and the dotted field path, e.g. {@code customer.mobilePhone}.
 */
public record FieldViolation(ErrorCase errorCase, String field) {

    public FieldViolation {
        Objects.requireNonNull(errorCase, "errorCase");
        Objects.requireNonNull(field, "field");
    }

    public static FieldViolation mandatory(String field) {
        return new FieldViolation(ErrorCase.INVALID_MANDATORY_FIELD, field);
    }

    public static FieldViolation format(String field) {
        return new FieldViolation(ErrorCase.INVALID_FIELD_FORMAT, field);
    }

    /** The response code for {@code service}, e.g. {@code 4000102}. */
    public ResponseCode responseCode(ServiceCode service) {
        return ResponseCode.of(service, errorCase);
    }

    /** The error body for {@code service}, e.g. {@code 4000102 "Invalid Mandatory Field order.id"}. */
    public ErrorResponse toErrorResponse(ServiceCode service) {
        return ErrorResponse.of(service, errorCase, field);
    }
}
