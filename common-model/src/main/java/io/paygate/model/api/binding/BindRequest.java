package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.validation.MemberCount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/payment/card/directdebit/bind} (seed §2; docs/contract.md §4): customer (all five fields)
 * and sourceOfFunds.type, every field required. Binding the same {@code customer.id} and {@code type} again
 * while one is PENDING or ACTIVE returns that binding.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Direct-debit binding request")
public record BindRequest(
        @Schema(description = "Customer, all fields required", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 8) BindCustomer customer,
        @Schema(description = "Direct-debit source", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 11) BindSourceOfFunds sourceOfFunds) {
}
