package io.paygate.model.error;

/**
 * The two-digit service code {@code SS} inside every error {@code responseCode} (docs/contract.md §0):
 * {@code HTTP status (3) + SS (2) + case (2)}. The {@code SNAP_} ones are SNAP BI's own service codes (docs/contract.md
 * §9), which the {@code /v1.0/} paths answer with (their path table is {@code model.snap.SnapServices}); their numbers
 * overlap the {@code /pg/} ones (07, 08, 09) because the two tables are the standard's and ours.
 */
public enum ServiceCode {
    PAYMENT_INITIATION("01"),
    DIRECT_DEBIT_BINDING("02"),
    PAYMENT_STATUS("03"),
    DISBURSEMENT_TRANSFER("04"),
    DISBURSEMENT_STATUS("05"),
    CALLBACK_REGISTRATION("06"),
    NOTIFICATION_LOG("07"),
    HOSTED_PAGE("08"),
    REFUNDS_AND_CANCELLATION("09"),
    LISTS_AND_REPORTS("10"),
    /** docs/contract.md §1b: subscriptions, stored cards, one-click and direct-debit purchases. */
    RECURRING_AND_STORED_CREDENTIALS("11"),
    /** docs/contract.md §10: merchant-service's operator API and the merchants' self-service. */
    MERCHANTS("12"),
    /** docs/contract.md §11: payment links (create, get, list, deactivate). */
    PAYMENT_LINKS("13"),
    /** docs/contract.md §12: ledger-service's balance, transactions, settlements, holds and reconciliation. */
    BALANCE_LEDGER_SETTLEMENT("14"),

    SNAP_ACCOUNT_BINDING("07", true),
    SNAP_ACCOUNT_INQUIRY("08", true),
    SNAP_ACCOUNT_UNBINDING("09", true),
    /** docs/contract.md §12: {@code /v1.0/balance-inquiry}. */
    SNAP_BALANCE_INQUIRY("11", true),
    SNAP_TRANSFER_INTERBANK("18", true),
    SNAP_VA_STATUS("26", true),
    SNAP_VA_CREATE("27", true),
    SNAP_VA_DELETE("31", true),
    SNAP_TRANSFER_STATUS("36", true),
    SNAP_QR_GENERATE("47", true),
    SNAP_QR_QUERY("51", true),
    SNAP_DEBIT_PAYMENT("54", true),
    SNAP_DEBIT_STATUS("55", true),
    SNAP_DEBIT_CANCEL("57", true),
    SNAP_DEBIT_REFUND("58", true),
    SNAP_ACCESS_TOKEN("73", true),
    SNAP_QR_CANCEL("77", true),
    SNAP_QR_REFUND("78", true);

    private final String code;
    private final boolean snap;

    ServiceCode(String code) {
        this(code, false);
    }

    ServiceCode(String code, boolean snap) {
        this.code = code;
        this.snap = snap;
    }

    /** Whether this is a SNAP BI service (a {@code /v1.0/} path), whose replies use the standard's messages. */
    public boolean isSnap() {
        return snap;
    }

    /** The two digits, e.g. {@code "01"}. */
    public String code() {
        return code;
    }
}
