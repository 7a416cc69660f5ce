package io.paygate.model.api;

/** The regular expressions of the field rules (docs/contract.md §1, §4, §5), shared by constraints and tests. */
public final class Patterns {

    /** order.id: 1–64 of {@code [A-Za-z0-9._-]}. */
    public static final String ORDER_ID = "^[A-Za-z0-9._-]{1,64}$";
    /** order.amount (a string): up to 13 integer digits without leading zeros, up to 2 decimals; must be > 0. */
    public static final String ORDER_AMOUNT = "^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,2})?$";
    /** Disbursement amount.value: 1–13 digits, a dot, exactly 2 decimals; must be > 0. */
    public static final String TRANSFER_AMOUNT = "^[0-9]{1,13}\\.[0-9]{2}$";
    /** ISO 4217 alphabetic code, upper case. */
    public static final String CURRENCY = "^[A-Z]{3}$";
    /** E.164 mobile number with {@code +} and country code. */
    public static final String E164 = "^\\+[1-9][0-9]{6,14}$";
    /** An e-mail address whose domain has a dot (on top of {@code @Email}). */
    public static final String EMAIL_DOMAIN_WITH_DOT = "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$";

    private Patterns() {
    }
}
