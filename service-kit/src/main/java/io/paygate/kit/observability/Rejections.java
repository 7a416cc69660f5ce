package io.paygate.kit.observability;

import io.paygate.model.error.ErrorCase;

/**
 * Why a request was refused before it was served (docs/contract.md §0: 401, 403 (§10: a suspended merchant, an address
 * outside its allowlist), 408, 413, 415, 429, 431, and whatever a Vert.x route filter answers before any route runs),
 * noted where the refusal is decided and written once, at INFO, in the request's access-log line ({@link AccessLog}).
 * Reasons are the gateway's own phrases (never the input, a secret or a signature); an endpoint's own errors (400 for
 * a field, 404, 409) are not refusals and are ignored here.
 */
public final class Rejections {

    private static final int MAX_REASON = 160;

    private Rejections() {
    }

    /** Notes {@code errorCase} with {@code detail} (the contract's reason phrase, may be null) for this request. */
    public static void note(ErrorCase errorCase, String detail) {
        if (!isRefusal(errorCase)) {
            return;
        }
        RequestRecord.current().ifPresent(record -> record.rejected(describe(errorCase, detail)));
    }

    /**
     * A reply a Vert.x route filter sent before any route ran: a refusal whatever its case. The first reason noted
     * stays (a filter may name a more precise one before it replies).
     */
    public static void early(ErrorCase errorCase, String detail) {
        RequestRecord.current().filter(record -> record.rejection() == null)
                .ifPresent(record -> record.rejected(describe(errorCase, detail)));
    }

    static boolean isRefusal(ErrorCase errorCase) {
        return errorCase == ErrorCase.UNAUTHORIZED || errorCase == ErrorCase.TOO_MANY_REQUESTS
                || errorCase == ErrorCase.PAYLOAD_TOO_LARGE || errorCase == ErrorCase.UNSUPPORTED_MEDIA_TYPE
                || errorCase == ErrorCase.REQUEST_TIMEOUT || errorCase == ErrorCase.MERCHANT_SUSPENDED
                || errorCase == ErrorCase.ADDRESS_NOT_ALLOWED;
    }

    static String describe(ErrorCase errorCase, String detail) {
        String reason = detail != null ? detail : switch (errorCase) {
            case UNAUTHORIZED -> "missing or invalid credentials";
            case TOO_MANY_REQUESTS -> "over a rate limit";
            case PAYLOAD_TOO_LARGE -> "body over 64 KiB";
            case UNSUPPORTED_MEDIA_TYPE -> "body without application/json (UTF-8) Content-Type";
            case REQUEST_TIMEOUT -> "body not received in time";
            case MERCHANT_SUSPENDED -> "merchant suspended";
            case ADDRESS_NOT_ALLOWED -> "address not in the merchant's allowlist";
            case REQUEST_HEADER_FIELDS_TOO_LARGE -> "request headers over the size limit";
            case BAD_REQUEST -> "malformed request";
            default -> errorCase.name();
        };
        return errorCase.httpStatus() + " " + printable(reason);
    }

    /** Control characters out and the length bounded, whatever a caller passes. */
    static String printable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_REASON));
        for (int i = 0; i < text.length() && out.length() < MAX_REASON; i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7F ? '?' : c);
        }
        return out.toString();
    }
}
