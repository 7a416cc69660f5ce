package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.status.SubscriptionStatus;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code recurring} object of the subscription replies and of the {@code subscription} notification
 * (docs/contract.md §1b, §6). Every member is written, {@code null} ones as {@code null}; integers as JSON numbers,
 * {@code amount} as a number, {@code startDate}/{@code endDate} as {@code YYYYMMDD}, {@code nextChargeAt}
 * {@code YYYY-MM-DD HH:MM:SS} in {@code gateway.timezone} ({@code WireTime.expiryLink}) and {@code null} unless
 * ACTIVE, {@code credential} {@code null} while PENDING.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "Subscription", description = "A subscription (docs/contract.md §1b); null members are present as null")
public record SubscriptionView(
        @Schema(description = "recurring.id: the merchant's subscription id", required = true,
                examples = "SUB.2026.0001") String id,
        @Schema(description = "PURCHASE or TOPUP", required = true) RecurringType type,
        @Schema(description = "recurring.productCode, or null", nullable = true, examples = "GOLD1")
        String productCode,
        @Schema(description = "PENDING, ACTIVE, PAUSED, COMPLETED or CANCELLED", required = true)
        SubscriptionStatus status,
        @Schema(description = "Why it is PAUSED or CANCELLED when the gateway changed it, else null", nullable = true,
                examples = "Card declined") String statusDesc,
        @Schema(description = "Each later cycle's amount (number)", required = true, examples = "99000.00")
        BigDecimal amount,
        @Schema(description = "Cycle interval in intervalUnit", required = true, examples = "1") int interval,
        @Schema(description = "minutes, hours, daily, weekly, monthly or yearly", required = true)
        IntervalUnit intervalUnit,
        @Schema(description = "How many cycles are charged after the first payment, or null (no limit)",
                nullable = true, examples = "12") Integer maxInterval,
        @Schema(description = "YYYYMMDD, or null", nullable = true, examples = "20261201") String startDate,
        @Schema(description = "YYYYMMDD, or null", nullable = true, examples = "20271130") String endDate,
        @Schema(description = "Retry of a declined cycle, or null (no retry)", nullable = true) RetryPlan retry,
        @Schema(description = "Cycles that ended CAPTURED, the first payment included", required = true,
                examples = "3") int cyclesCharged,
        @Schema(description = "When the next cycle (or retry) is charged, YYYY-MM-DD HH:MM:SS in the gateway time "
                + "zone; null unless ACTIVE", nullable = true, examples = "2027-01-21 10:15:30") String nextChargeAt,
        @Schema(description = "What the cycles are charged to; null while PENDING", nullable = true)
        Credential credential) {

    /** The same subscription in another state. */
    public SubscriptionView withStatus(SubscriptionStatus next, String description, String nextCharge) {
        return new SubscriptionView(id, type, productCode, next, description, amount, interval, intervalUnit,
                maxInterval, startDate, endDate, retry, cyclesCharged, nextCharge, credential);
    }
}
