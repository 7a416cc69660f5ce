package io.paygate.model.api.binding;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * An ACTIVE direct-debit binding as binding-service tells payment-service (internal API): what the hosted page
 * offers under "Direct debit" and what a direct-debit payment is charged through.
 */
@Schema(description = "An ACTIVE direct-debit binding (internal API)")
public record ActiveBinding(
        @Schema(description = "Binding id") String bindingId,
        @Schema(description = "Merchant's customer id") String customerId,
        @Schema(description = "Direct-debit source code", examples = "BCA_DD") String sourceOfFundsType,
        @Schema(description = "What the customer sees, e.g. 'BCA direct debit'") String label) {

    /** The internal reply listing a customer's ACTIVE bindings. */
    public record Page(List<ActiveBinding> bindings) {
    }
}
