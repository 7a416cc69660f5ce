/**
 * SNAP BI direct debit's bodies (docs/contract.md §9): {@code /v1.0/debit/payment-host-to-host} (54),
 * {@code /v1.0/debit/status} (55), {@code /v1.0/debit/cancel} (57) and {@code /v1.0/debit/refund} (58), which
 * payment-service maps onto its §1b direct-debit purchases, hosted payments and §3a refunds and cancellation.
 * Status and cancel take {@link io.paygate.model.snap.qr.QrQueryRequest}'s body, refund
 * {@link io.paygate.model.snap.qr.QrRefundRequest}'s (the standard's fields are the same).
 */
package io.paygate.model.snap.debit;
