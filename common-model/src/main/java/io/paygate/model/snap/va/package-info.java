/**
 * SNAP BI virtual accounts' bodies (docs/contract.md §9): {@code /v1.0/transfer-va/create-va} (27), {@code status} (26)
 * and {@code delete-va} (31), which payment-service maps onto its §2a virtual accounts (closed amount).
 */
package io.paygate.model.snap.va;
