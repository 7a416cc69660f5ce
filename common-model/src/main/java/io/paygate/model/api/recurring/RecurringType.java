package io.paygate.model.api.recurring;

/** {@code recurring.type} (docs/contract.md §1b): {@code PURCHASE} or {@code TOPUP}, exactly as written. */
public enum RecurringType {
    PURCHASE,
    TOPUP
}
