package io.paygate.qa;

/** The sandbox provider's test cards (docs/contract.md §2) and what each one comes to. */
public enum TestCard {

    VISA_CAPTURED("4111111111111111", "CAPTURED", null),
    MASTERCARD_CAPTURED("5555555555554444", "CAPTURED", null),
    DECLINED("4000000000000002", "FAILED", "Card declined"),
    INSUFFICIENT_FUNDS("4000000000009995", "FAILED", "Insufficient funds"),
    /** 3-D Secure first: {@link #OTP} captures, any other OTP fails. */
    THREE_DS("4000000000003220", "CAPTURED", null);

    /** The OTP the sandbox's 3-D Secure page accepts. */
    public static final String OTP = "123456";

    private final String number;
    private final String outcome;
    private final String statusDesc;

    TestCard(String number, String outcome, String statusDesc) {
        this.number = number;
        this.outcome = outcome;
        this.statusDesc = statusDesc;
    }

    public String number() {
        return number;
    }

    /** The payment status the card ends in (for {@link #THREE_DS}, when answered with {@link #OTP}). */
    public String outcome() {
        return outcome;
    }

    /** {@code result.payment.statusDesc} of a failed payment; null otherwise. */
    public String statusDesc() {
        return statusDesc;
    }

    public boolean challenged() {
        return this == THREE_DS;
    }
}
