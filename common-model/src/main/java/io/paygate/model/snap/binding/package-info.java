/**
 * SNAP BI account binding's bodies (docs/contract.md §9): {@code /v1.0/registration-account-binding} (07),
 * {@code -inquiry} (08) and {@code -unbinding} (09), which binding-service maps onto its direct-debit bindings (§4).
 */
package io.paygate.model.snap.binding;
