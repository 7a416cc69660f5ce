package io.paygate.model.error;

/**
 * The two-digit service code {@code SS} inside every error {@code responseCode} (docs/contract.md §0):
 * {@code HTTP status (3) + SS (2) + case (2)}.
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
    RECURRING_AND_STORED_CREDENTIALS("11");

    private final String code;

    ServiceCode(String code) {
        this.code = code;
    }

    /** The two digits, e.g. {@code "01"}. */
    public String code() {
        return code;
    }
}
