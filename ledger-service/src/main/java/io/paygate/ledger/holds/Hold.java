package io.paygate.ledger.holds;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** A hold of a payout's amount and fee (docs/contract.md §12): HELD, then DEBITED or RELEASED. */
public record Hold(UUID id, String merchantId, String partnerReferenceNo, String referenceNo, BigDecimal amount,
                   BigDecimal fee, String currency, String status, Instant createdAt) {

    public static final String HELD = "HELD";
    public static final String DEBITED = "DEBITED";
    public static final String RELEASED = "RELEASED";

    /** What the hold takes from available: amount + fee. */
    public BigDecimal total() {
        return amount.add(fee);
    }
}
