package io.paygate.model.snap;

import io.paygate.model.error.ServiceCode;
import java.util.Map;
import java.util.Optional;

/**
 * The SNAP BI paths and their service codes (docs/contract.md §9): the {@code xx} of every {@code /v1.0/} reply's
 * {@code HTTP + xx + case}. A path is matched exactly (no query).
 */
public final class SnapServices {

    /** Where the SNAP paths sit, at the root of the gateway's origin. */
    public static final String PREFIX = "/v1.0/";
    public static final String ACCESS_TOKEN = "/v1.0/access-token/b2b";

    private static final Map<String, ServiceCode> BY_PATH = Map.ofEntries(
            Map.entry(ACCESS_TOKEN, ServiceCode.SNAP_ACCESS_TOKEN),
            Map.entry("/v1.0/registration-account-binding", ServiceCode.SNAP_ACCOUNT_BINDING),
            Map.entry("/v1.0/registration-account-inquiry", ServiceCode.SNAP_ACCOUNT_INQUIRY),
            Map.entry("/v1.0/registration-account-unbinding", ServiceCode.SNAP_ACCOUNT_UNBINDING),
            Map.entry("/v1.0/debit/payment-host-to-host", ServiceCode.SNAP_DEBIT_PAYMENT),
            Map.entry("/v1.0/debit/status", ServiceCode.SNAP_DEBIT_STATUS),
            Map.entry("/v1.0/debit/cancel", ServiceCode.SNAP_DEBIT_CANCEL),
            Map.entry("/v1.0/debit/refund", ServiceCode.SNAP_DEBIT_REFUND),
            Map.entry("/v1.0/transfer-va/create-va", ServiceCode.SNAP_VA_CREATE),
            Map.entry("/v1.0/transfer-va/status", ServiceCode.SNAP_VA_STATUS),
            Map.entry("/v1.0/transfer-va/delete-va", ServiceCode.SNAP_VA_DELETE),
            Map.entry("/v1.0/qr/qr-mpm-generate", ServiceCode.SNAP_QR_GENERATE),
            Map.entry("/v1.0/qr/qr-mpm-query", ServiceCode.SNAP_QR_QUERY),
            Map.entry("/v1.0/qr/qr-mpm-cancel", ServiceCode.SNAP_QR_CANCEL),
            Map.entry("/v1.0/qr/qr-mpm-refund", ServiceCode.SNAP_QR_REFUND),
            Map.entry("/v1.0/transfer-interbank", ServiceCode.SNAP_TRANSFER_INTERBANK),
            Map.entry("/v1.0/balance-inquiry", ServiceCode.SNAP_BALANCE_INQUIRY),
            Map.entry("/v1.0/transfer/status", ServiceCode.SNAP_TRANSFER_STATUS));

    private SnapServices() {
    }

    /**
     * The SNAP service of {@code path}: the table's path it is or begins with, so that the refusal of a malformed
     * target ({@code /v1.0/debit/status;x}, {@code …%3Bx}, a trailing {@code /}) is coded like the path it names.
     */
    public static Optional<ServiceCode> of(String path) {
        if (path == null || !isSnapPath(path)) {
            return Optional.empty();
        }
        ServiceCode exact = BY_PATH.get(path);
        if (exact != null) {
            return Optional.of(exact);
        }
        return BY_PATH.entrySet().stream().filter(e -> path.startsWith(e.getKey())).map(Map.Entry::getValue)
                .findFirst();
    }

    /** Whether {@code path} is under {@value #PREFIX}. */
    public static boolean isSnapPath(String path) {
        return path != null && path.startsWith(PREFIX);
    }

    /** The table, for documentation and tests. */
    public static Map<String, ServiceCode> all() {
        return BY_PATH;
    }
}
