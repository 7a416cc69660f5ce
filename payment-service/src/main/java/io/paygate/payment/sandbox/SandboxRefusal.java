package io.paygate.payment.sandbox;

import java.math.BigDecimal;

/**
 * The sandbox bank app, QRIS app, wallet or cashier refused to pay (docs/contract.md §2a): an unknown number or code
 * ({@link Kind#UNKNOWN}, {@code 4040801}), a refusal the customer can read ({@link Kind#REFUSED}, {@code 4090800}:
 * wrong amount, expired, cancelled, already paid, wrong PIN) or a malformed input ({@link Kind#INVALID},
 * {@code 4000801} naming {@link #field()}). Nothing was paid. The message is the JSON twins' English reason; the
 * sandbox pages word {@link #reason()} in the page's language.
 */
public class SandboxRefusal extends RuntimeException {

    public enum Kind { UNKNOWN, REFUSED, INVALID }

    /** Why, for a page to say it in its language. */
    public enum Reason {
        UNKNOWN(Kind.UNKNOWN), INVALID(Kind.INVALID), INVALID_QR(Kind.INVALID), WRONG_AMOUNT(Kind.REFUSED),
        EXPIRED(Kind.REFUSED), CANCELLED(Kind.REFUSED), DECLINED(Kind.REFUSED), ALREADY_PAID(Kind.REFUSED),
        WRONG_PIN(Kind.REFUSED), QR_CHANGED(Kind.REFUSED);

        private final Kind kind;

        Reason(Kind kind) {
            this.kind = kind;
        }
    }

    private final Reason reason;
    private final String field;
    private final BigDecimal expectedAmount;

    private SandboxRefusal(Reason reason, String field, String message, BigDecimal expectedAmount) {
        super(message, null, false, false);
        this.reason = reason;
        this.field = field;
        this.expectedAmount = expectedAmount;
    }

    public static SandboxRefusal unknown(String what) {
        return new SandboxRefusal(Reason.UNKNOWN, null, what, null);
    }

    public static SandboxRefusal refused(Reason reason, String message) {
        return new SandboxRefusal(reason, null, message, null);
    }

    public static SandboxRefusal wrongAmount(BigDecimal expected, String currency) {
        return new SandboxRefusal(Reason.WRONG_AMOUNT, null, "Wrong amount: this code takes exactly "
                + expected.toPlainString() + " " + currency, expected);
    }

    public static SandboxRefusal invalid(String field, String message) {
        return new SandboxRefusal(Reason.INVALID, field, message, null);
    }

    public static SandboxRefusal invalidQr(String message) {
        return new SandboxRefusal(Reason.INVALID_QR, "payload", message, null);
    }

    public Kind kind() {
        return reason.kind;
    }

    public Reason reason() {
        return reason;
    }

    /** The input at fault, for {@link Kind#INVALID}. */
    public String field() {
        return field;
    }

    /** The amount the code takes, for {@link Reason#WRONG_AMOUNT}. */
    public BigDecimal expectedAmount() {
        return expectedAmount;
    }
}
