package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code notify} of a payment link (docs/contract.md §11): whether the gateway e-mails the customer;
 * {@code email} is mandatory in it, checked by the service. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "What the gateway sends the customer")
public record LinkNotify(
        @Schema(description = "E-mail the link at creation and a receipt per captured payment to customer.email",
                required = true, examples = "true")
        Boolean email) {
}
