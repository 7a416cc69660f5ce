package io.paygate.model.status;

/**
 * Direct-debit binding states (docs/contract.md §4): {@code PENDING → ACTIVE | FAILED}, {@code ACTIVE → UNBOUND}.
 * {@code FAILED} and {@code UNBOUND} are final.
 */
public enum BindingStatus implements Lifecycle<BindingStatus> {
    /** Created; waiting for the customer to approve on the bank page. */
    PENDING,
    /** Approved; usable for direct-debit payments. */
    ACTIVE,
    /** Refused, wrong OTP or not approved in time. */
    FAILED,
    /** Removed by the merchant. */
    UNBOUND;

    @Override
    public boolean canTransitionTo(BindingStatus next) {
        return switch (this) {
            case PENDING -> next == ACTIVE || next == FAILED;
            case ACTIVE -> next == UNBOUND;
            case FAILED, UNBOUND -> false;
        };
    }

    @Override
    public boolean isFinal() {
        return this == FAILED || this == UNBOUND;
    }

    /** Whether the merchant is notified of this state (docs/contract.md §6: ACTIVE, FAILED, UNBOUND). */
    public boolean isNotified() {
        return this != PENDING;
    }
}
