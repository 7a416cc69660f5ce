package io.paygate.model.api.binding;

import io.paygate.model.status.BindingStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One binding as binding-service tells payment-service (internal API, {@code GET /internal/bindings/{bindingId}}):
 * whose it is and whether it can be charged ({@code ACTIVE}), before each direct-debit purchase or subscription cycle.
 */
@Schema(description = "A direct-debit binding of the merchant, in any state (internal API)")
public record InternalBinding(
        @Schema(description = "Binding id") String bindingId,
        @Schema(description = "PENDING, ACTIVE, FAILED or UNBOUND; only ACTIVE may be charged") BindingStatus status,
        @Schema(description = "Merchant's customer id") String customerId,
        @Schema(description = "Direct-debit source code", examples = "BCA_DD") String sourceOfFundsType,
        @Schema(description = "What the customer sees, e.g. 'BCA direct debit'") String label) {
}
