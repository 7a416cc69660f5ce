package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.status.BindingStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The {@code binding} object of the binding notification (docs/contract.md §6): id, status, sourceOfFunds.type. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "NotificationBinding", description = "Binding in a notification")
public record BindingSummary(
        @Schema(description = "Binding id") String id,
        @Schema(description = "ACTIVE, FAILED or UNBOUND") BindingStatus status,
        @Schema(description = "Direct-debit source") SourceOfFunds sourceOfFunds) {
}
