package io.paygate.payment.provider;

/**
 * The provider definitely refused a charge when it was submitted (a real provider's synchronous decline): nothing
 * was charged and the payment can be FAILED at once with {@link #statusDesc()}. Anything else a channel throws
 * leaves the outcome unknown.
 */
public final class ChargeRefused extends RuntimeException {

    private final String statusDesc;

    public ChargeRefused(String statusDesc) {
        super(statusDesc, null, false, false);
        this.statusDesc = statusDesc;
    }

    public String statusDesc() {
        return statusDesc;
    }
}
