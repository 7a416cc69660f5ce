package io.paygate.kit.error;

import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.validation.FieldViolation;

import java.util.Optional;

/**
 * A request the gateway answers with a contract error (docs/contract.md §0). The service code comes from the
 * {@link ServiceCodeResolver} unless the thrower names one. Carries no stack trace: it is an answer, not a fault.
 */
public final class ApiException extends RuntimeException {

    private final ErrorCase errorCase;
    private final String detail;
    private final ServiceCode service;
    private final boolean chargesAddress;

    private ApiException(ErrorCase errorCase, String detail, ServiceCode service, boolean chargesAddress) {
        super(errorCase.message() + (detail == null ? "" : " " + detail), null, false, false);
        this.errorCase = errorCase;
        this.detail = detail;
        this.service = service;
        this.chargesAddress = chargesAddress;
    }

    public static ApiException of(ErrorCase errorCase, String detail) {
        return new ApiException(errorCase, detail, null, false);
    }

    public static ApiException of(FieldViolation violation) {
        return of(violation.errorCase(), violation.field());
    }

    /** {@code 400SS01 Invalid Field Format <field>}. */
    public static ApiException invalidFormat(String field) {
        return of(ErrorCase.INVALID_FIELD_FORMAT, field);
    }

    /** {@code 400SS02 Invalid Mandatory Field <field>}. */
    public static ApiException mandatory(String field) {
        return of(ErrorCase.INVALID_MANDATORY_FIELD, field);
    }

    /** {@code 400SS00 Bad Request}, with what was wrong. */
    public static ApiException badRequest(String detail) {
        return of(ErrorCase.BAD_REQUEST, detail);
    }

    /** {@code 401SS00 Unauthorized. <reason>}. */
    public static ApiException unauthorized(String reason) {
        return of(ErrorCase.UNAUTHORIZED, reason);
    }

    /** {@code 404SS01 Transaction Not Found}: unknown and foreign resources alike. */
    public static ApiException notFound() {
        return of(ErrorCase.NOT_FOUND, null);
    }

    /** {@code 409SS00 Conflict}, with what conflicts. */
    public static ApiException conflict(String detail) {
        return of(ErrorCase.CONFLICT, detail);
    }

    /** The same error with an explicit service code. */
    public ApiException in(ServiceCode serviceCode) {
        return new ApiException(errorCase, detail, serviceCode, chargesAddress);
    }

    /**
     * The same error, and it costs the client address a token of its rate-limit bucket like a failed authentication
     * (docs/contract.md §0: provider notifications for unknown orders); over the limit it is answered {@code 429SS00}.
     */
    public ApiException chargingAddress() {
        return new ApiException(errorCase, detail, service, true);
    }

    /** Whether answering this error costs the client address a token (every {@code 401SS00} does anyway). */
    public boolean chargesAddress() {
        return chargesAddress || errorCase == ErrorCase.UNAUTHORIZED;
    }

    public ErrorCase errorCase() {
        return errorCase;
    }

    public String detail() {
        return detail;
    }

    public Optional<ServiceCode> service() {
        return Optional.ofNullable(service);
    }
}
