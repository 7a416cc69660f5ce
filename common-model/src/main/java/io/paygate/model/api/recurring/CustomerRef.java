package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code customer} {@code {id}} of the subscription replies and notification (docs/contract.md §1b). */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The subscribing customer")
public record CustomerRef(
        @Schema(description = "The merchant's customer id (customer.id of the initiation)", examples = "CUST-0001")
        String id) {
}
