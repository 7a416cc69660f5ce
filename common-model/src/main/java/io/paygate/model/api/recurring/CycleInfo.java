package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.status.SubscriptionStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code recurring} in the notification of a subscription's payment (docs/contract.md §1b): which subscription and
 * cycle it is, and the subscription's status and next charge as they are after that payment's change.
 * {@code nextChargeAt} is written as {@code null} when there is none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "PaymentRecurring", description = "The subscription a payment belongs to")
public record CycleInfo(
        @Schema(description = "recurring.id", required = true, examples = "SUB.2026.0001") String id,
        @Schema(description = "The cycle this payment is; the first payment is 1", required = true, examples = "2")
        int cycle,
        @Schema(description = "The subscription's status after this payment's change", required = true)
        SubscriptionStatus status,
        @Schema(description = "The next charge, YYYY-MM-DD HH:MM:SS in the gateway time zone; null unless ACTIVE",
                nullable = true, examples = "2027-01-21 10:15:30")
        @JsonInclude(JsonInclude.Include.ALWAYS) String nextChargeAt) {
}
