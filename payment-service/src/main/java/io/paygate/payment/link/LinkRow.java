package io.paygate.payment.link;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** One {@code payment_link} row (V28), with what its payments add up to when read for a reply. */
record LinkRow(UUID id, String merchantId, String linkId, String linkCode, String contentHash, String description,
               BigDecimal amount, BigDecimal minAmount, BigDecimal maxAmount, String currency, Instant expiresAt,
               Integer usageLimit, String methods, String customer, boolean notifyEmail, String callbackUrl,
               String returnUrl, String successUrl, String failUrl, String backUrl, String status, int lastN,
               Instant createdAt, Counts counts) {

    /** The link's payments: captured (ever: refunded and reversed ones were captured once), their sum, in flight. */
    record Counts(int captured, BigDecimal collected, int inFlight) {
        static final Counts NONE = new Counts(0, BigDecimal.ZERO, 0);
    }

    LinkStatus status(Instant now) {
        return LinkStatus.of(status, counts.captured(), usageLimit, expiresAt, now);
    }

    LinkRow with(Counts newCounts) {
        return new LinkRow(id, merchantId, linkId, linkCode, contentHash, description, amount, minAmount, maxAmount,
                currency, expiresAt, usageLimit, methods, customer, notifyEmail, callbackUrl, returnUrl, successUrl,
                failUrl, backUrl, status, lastN, createdAt, newCounts);
    }
}
