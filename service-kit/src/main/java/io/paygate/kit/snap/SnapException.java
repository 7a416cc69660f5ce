package io.paygate.kit.snap;

import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;

import java.util.Objects;
import java.util.Optional;

/**
 * A SNAP request the gateway answers with one of the standard's cases (docs/contract.md §9): {@code rest.ErrorMappers}
 * replies {@code HTTP + service code + case} and the standard's message with the detail. The service code is the
 * path's ({@link SnapServiceCodes}) unless the thrower names one. Every {@code 401} costs the client address a token of
 * its rate-limit bucket, as a failed {@code /pg/} authentication does. Carries no stack trace.
 * <p>
 * Field errors can also come from Bean Validation on the SNAP request records and from {@code error.ApiException}: on a
 * SNAP path both are coded with the SNAP service code too.
 */
public final class SnapException extends RuntimeException {

    private final SnapCase snapCase;
    private final String detail;
    private final ServiceCode service;

    private SnapException(SnapCase snapCase, String detail, ServiceCode service) {
        super(snapCase.message(detail), null, false, false);
        this.snapCase = Objects.requireNonNull(snapCase, "snapCase");
        this.detail = detail;
        this.service = service;
    }

    public static SnapException of(SnapCase snapCase, String detail) {
        return new SnapException(snapCase, detail, null);
    }

    /** {@code 401xx00 Unauthorized. <reason>}: bad signature, stale timestamp, unknown client key. */
    public static SnapException unauthorized(String reason) {
        return of(SnapCase.UNAUTHORIZED, reason);
    }

    /** {@code 401xx01 Invalid Token (B2B)}: no token, an expired one, or one of another merchant. */
    public static SnapException invalidToken() {
        return of(SnapCase.INVALID_TOKEN, null);
    }

    /** {@code 401xx03 Token Not Found (B2B)}: a token the gateway never issued. */
    public static SnapException tokenNotFound() {
        return of(SnapCase.TOKEN_NOT_FOUND, null);
    }

    /** {@code 403xx05 Do Not Honor}: a suspended merchant (docs/contract.md §10; {@code 403SS05} on {@code /pg/}). */
    public static SnapException suspended() {
        return of(SnapCase.DO_NOT_HONOR, null);
    }

    /**
     * {@code 403xx06 Feature Not Allowed At This Time}: a request from outside the merchant's address allowlist
     * (docs/contract.md §10; {@code 403SS06} on {@code /pg/}).
     */
    public static SnapException addressNotAllowed() {
        return of(SnapCase.FEATURE_NOT_ALLOWED_AT_THIS_TIME, null);
    }

    /** {@code 400xx00 Bad Request}, with what was wrong. */
    public static SnapException badRequest(String detail) {
        return of(SnapCase.BAD_REQUEST, detail);
    }

    /** {@code 400xx01 Invalid Field Format <field>}. */
    public static SnapException invalidFormat(String field) {
        return of(SnapCase.INVALID_FIELD_FORMAT, field);
    }

    /** {@code 400xx02 Invalid Mandatory Field <field>}. */
    public static SnapException mandatory(String field) {
        return of(SnapCase.INVALID_MANDATORY_FIELD, field);
    }

    /** {@code 404xx01 Transaction Not Found}: unknown and foreign payments alike. */
    public static SnapException notFound() {
        return of(SnapCase.TRANSACTION_NOT_FOUND, null);
    }

    /** {@code 409xx00 Conflict}: an {@code X-EXTERNAL-ID} used again the same day. */
    public static SnapException conflict() {
        return of(SnapCase.CONFLICT, null);
    }

    /** {@code 409xx01 Duplicate partnerReferenceNo}: the same {@code partnerReferenceNo} with another body. */
    public static SnapException duplicatePartnerReference() {
        return of(SnapCase.DUPLICATE_PARTNER_REFERENCE, null);
    }

    /** The same error with an explicit service code (a SNAP one). */
    public SnapException in(ServiceCode serviceCode) {
        return new SnapException(snapCase, detail, Objects.requireNonNull(serviceCode, "serviceCode"));
    }

    public SnapCase snapCase() {
        return snapCase;
    }

    /** The field or reason, or null. */
    public String detail() {
        return detail;
    }

    public Optional<ServiceCode> service() {
        return Optional.ofNullable(service);
    }

    /** Whether answering this costs the client address a token, as every failed authentication does. */
    public boolean chargesAddress() {
        return snapCase.httpStatus() == 401;
    }
}
