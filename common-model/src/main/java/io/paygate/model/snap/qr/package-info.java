/**
 * SNAP BI QRIS MPM's bodies (docs/contract.md §9): {@code /v1.0/qr/qr-mpm-generate} (47), {@code -query} (51),
 * {@code -cancel} (77) and {@code -refund} (78), which payment-service maps onto its §2a QRIS payments and §3a refunds
 * and cancellation.
 */
package io.paygate.model.snap.qr;
