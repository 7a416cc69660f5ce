package io.paygate.model.merchant;

/** A merchant's state in the registry (docs/contract.md §10): a suspended merchant's every request is {@code 403SS05}. */
public enum MerchantStatus {
    ACTIVE,
    SUSPENDED
}
