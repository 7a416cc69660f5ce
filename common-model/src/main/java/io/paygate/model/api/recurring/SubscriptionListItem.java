package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One subscription of {@code GET /pg/subscriptions} (docs/contract.md §1b): the members of the {@code recurring} object
 * ({@link SubscriptionView}, written at the item's top level) with {@code customer} and {@code firstOrderId}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A subscription in a list: the members of Subscription, customer and firstOrderId")
public record SubscriptionListItem(
        @JsonUnwrapped SubscriptionView recurring,
        @Schema(description = "The subscribing customer", required = true) CustomerRef customer,
        @Schema(description = "order.id of the first payment (cycle 1)", required = true,
                examples = "ORD-20261121-0001") String firstOrderId) {

    public static SubscriptionListItem of(SubscriptionView recurring, String customerId, String firstOrderId) {
        return new SubscriptionListItem(recurring, new CustomerRef(customerId), firstOrderId);
    }
}
