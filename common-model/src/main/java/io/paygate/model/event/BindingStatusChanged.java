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
 * Resource id: the bindingId.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Binding status change event data")
public record BindingStatusChanged(
        String bindingId,
        BindingStatus status,
        String sourceOfFundsType,
        Customer customer) {

    /** The unsigned binding notification; sign its JSON before sending. */
    public BindingNotification toNotification() {
        return new BindingNotification(new BindingSummary(bindingId, status, SourceOfFunds.of(sourceOfFundsType)),
                customer, null);
    }
}
