package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.link.PaymentLinkNotification;
import io.paygate.model.api.link.PaymentLinkState;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Data of a {@link EventTypes#PAYMENT_LINK} event on {@link Topics#PAYMENT_STATUS}: a payment link's stored status
 * changed (docs/contract.md §6, §7, §11). Resource id: {@code link.id}; record key
 * {@code <merchantId>:link:<link.id>} ({@link EventEnvelope#key()}). {@code callbackUrl} is the link's
 * {@code url.callbackUrl}, where the notification goes.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment link status change event data")
public record PaymentLinkStatusChanged(
        PaymentLinkState link,
        String callbackUrl) {

    /** The unsigned payment-link notification; sign its JSON before sending. */
    public PaymentLinkNotification toNotification() {
        return new PaymentLinkNotification(link, null);
    }
}
