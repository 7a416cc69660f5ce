package io.paygate.payment.provider;

/**
 * The sandbox bank app, QRIS app, wallet or cashier refused to pay (CONTRACT §2a): an unknown number or code
 * ({@link Kind#UNKNOWN}, {@code 4040801}), a refusal the customer can read ({@link Kind#REFUSED}, {@code 4090800}:
 * wrong amount, expired, cancelled, already paid, wrong PIN) or a malformed input ({@link Kind#INVALID},
 * {@code 4000801} naming {@link #field()}). Nothing was paid.
 */
public class SandboxRefusal extends RuntimeException {

    public enum Kind { UNKNOWN, REFUSED, INVALID }

    private final Kind kind;
    private final String field;

    private SandboxRefusal(Kind kind, String field, String message) {
        super(message, null, false, false);
        this.kind = kind;
        this.field = field;
    }

    public static SandboxRefusal unknown(String what) {
        return new SandboxRefusal(Kind.UNKNOWN, null, what);
    }

    public static SandboxRefusal refused(String reason) {
        return new SandboxRefusal(Kind.REFUSED, null, reason);
    }

    public static SandboxRefusal invalid(String field, String reason) {
        return new SandboxRefusal(Kind.INVALID, field, reason);
    }

    public Kind kind() {
        return kind;
    }

    /** The input at fault, for {@link Kind#INVALID}. */
    public String field() {
        return field;
    }
}
