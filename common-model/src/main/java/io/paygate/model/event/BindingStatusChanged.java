package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Customer;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.binding.BindingNotification;
import io.paygate.model.api.binding.BindingSummary;
import io.paygate.model.status.BindingStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Data of a {@link Topics#BINDING_STATUS} event: enough for the binding notification of docs/contract.md §6.
 * Resource id: the bindingId. {@code snap} when a SNAP binding request started or returned the binding
 * (docs/contract.md §9): its SNAP binding notification too; absent otherwise, so the event of a binding made through
 * {@code /pg/…} only is what it always was, and an event written before {@code snap} existed reads as one without it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Binding status change event data")
public record BindingStatusChanged(
        String bindingId,
        BindingStatus status,
        String sourceOfFundsType,
        Customer customer,
        SnapBindingOrigin snap) {

    public BindingStatusChanged(String bindingId, BindingStatus status, String sourceOfFundsType, Customer customer) {
        this(bindingId, status, sourceOfFundsType, customer, null);
    }

    /** The unsigned binding notification; sign its JSON before sending. */
    public BindingNotification toNotification() {
        return new BindingNotification(new BindingSummary(bindingId, status, SourceOfFunds.of(sourceOfFundsType)),
                customer, null);
    }

    /** The same change, of a binding made through SNAP (its SNAP notification as well). */
    public BindingStatusChanged withSnap(SnapBindingOrigin origin) {
        return new BindingStatusChanged(bindingId, status, sourceOfFundsType, customer, origin);
    }
}
