package io.paygate.model.api.recurring;

/** What a subscription charges (docs/contract.md §1b): a stored card's provider token, or an ACTIVE binding. */
public enum CredentialKind {
    CARD,
    DIRECT_DEBIT
}
