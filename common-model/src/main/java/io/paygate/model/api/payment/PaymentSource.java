package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code sourceOfFunds} of a status reply and a payment notification once a method was chosen (docs/contract.md §3, §6):
 * the method's code and, for a virtual account, Mandiri bill or store, the number or code the customer pays with.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "ChosenSourceOfFunds", description = "The payment method chosen, and the code the customer pays with")
public record PaymentSource(
        @Schema(description = "Payment method code (docs/contract.md §2a)", examples = "VA_BCA") String type,
        @Schema(description = "Virtual account number, bill key or store code; absent for other methods",
                maxLength = 30, examples = "1234500012345678") String paymentCode) {
}
