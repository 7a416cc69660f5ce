/**
 * SNAP BI transfers' bodies (docs/contract.md §9): {@code /v1.0/transfer-interbank} (18) and
 * {@code /v1.0/transfer/status} (36), which payment-service maps onto its §5 disbursements.
 */
package io.paygate.model.snap.transfer;
