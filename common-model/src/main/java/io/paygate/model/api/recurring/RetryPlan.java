package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code recurring.retry} (docs/contract.md §1b): a declined cycle is charged again {@code interval}
 * {@code intervalUnit} later, at most {@code maxInterval} more times.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "RecurringRetry", description = "Retry of a declined cycle")
public record RetryPlan(
        @Schema(description = "Delay before the next attempt, in intervalUnit", minimum = "1", maximum = "99",
                examples = "1") int interval,
        @Schema(description = "minutes, hours or daily", enumeration = {"minutes", "hours", "daily"},
                examples = "daily") IntervalUnit intervalUnit,
        @Schema(description = "How many more attempts at most", minimum = "1", maximum = "9", examples = "3")
        int maxInterval) {
}
