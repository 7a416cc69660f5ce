package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a binding made through the SNAP door (docs/contract.md §9: a {@code /v1.0/registration-account-binding} request
 * started or returned it) carries in its {@link BindingStatusChanged} event, so that notification-service can write the
 * SNAP binding notification to the merchant's {@code snapBindingNotifyUrl} without calling binding-service back.
 * Absent on bindings only ever made through {@code /pg/…}. The binding's id ({@code referenceNo}), status and channel
 * are the event's own members.
 *
 * @param partnerReferenceNo the {@code partnerReferenceNo} of the first SNAP binding request that started or returned
 *                           the binding (the same on every event of the binding)
 * @param accountNo          the customer's phone, masked as the inquiry's {@code accountNo} ({@code +62 •••• 7890})
 * @param failureReason      when FAILED: {@code EXPIRED}, {@code OTP_ATTEMPTS} or {@code SIMULATED}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "How a binding made through SNAP is notified (docs/contract.md §9)")
public record SnapBindingOrigin(
        String partnerReferenceNo,
        String accountNo,
        String failureReason) {
}
