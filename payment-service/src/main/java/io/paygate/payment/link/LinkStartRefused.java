package io.paygate.payment.link;

/** Why no payment was started from a link (docs/contract.md §11); nothing was written. */
public final class LinkStartRefused extends RuntimeException {

    /** What the link page shows for each. */
    public enum Reason {
        /** No link has the code. */
        UNKNOWN,
        /** The link's expiry passed (410). */
        EXPIRED,
        /** The merchant deactivated it (410). */
        INACTIVE,
        /** Its usage limit was captured (410). */
        PAID,
        /** Payments in flight could reach the limit: "being paid, try again in a few minutes". */
        BUSY,
        /** The amount typed is missing, malformed or outside the link's bounds (the page's field error). */
        AMOUNT,
        /** The merchant is suspended (docs/contract.md §10): no payment starts (403, code 4030805). */
        SUSPENDED,
        /** None of the link's methods is offered to the merchant any more. */
        NO_METHOD
    }

    private final Reason reason;

    LinkStartRefused(Reason reason) {
        super(reason.name(), null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
