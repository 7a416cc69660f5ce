package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.recurring.CustomerRef;
import io.paygate.model.api.recurring.SubscriptionNotification;
import io.paygate.model.api.recurring.SubscriptionView;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Data of a {@link EventTypes#SUBSCRIPTION} event on {@link Topics#PAYMENT_STATUS}: a subscription's state changed
 * (docs/contract.md §1b, §7). Resource id: {@code recurring.id}; record key
 * {@code <merchantId>:subscription:<recurring.id>} ({@link EventEnvelope#key()}). {@code callbackUrl} is the first
 * payment's {@code url.callbackUrl}, where the notification goes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Subscription status change event data")
public record SubscriptionStatusChanged(
        SubscriptionView recurring,
        CustomerRef customer,
        String callbackUrl) {

    public SubscriptionStatusChanged(SubscriptionView recurring, String customerId, String callbackUrl) {
        this(recurring, new CustomerRef(customerId), callbackUrl);
    }

    /** The unsigned subscription notification; sign its JSON before sending. */
    public SubscriptionNotification toNotification() {
        return new SubscriptionNotification(recurring, customer, null);
    }
}
