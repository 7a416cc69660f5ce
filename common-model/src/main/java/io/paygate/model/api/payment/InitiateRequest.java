package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Card;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.validation.MemberCount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/payment/card/initiate} (seed §1; docs/contract.md §1). {@code order}, {@code customer} and
 * {@code url} are mandatory; every object's member count is checked (order 1–12, customer 1–8, url 1–4,
 * billing 1, shipping 1–4, meta 1, card 1–7, recurring 1–11, sourceOfFunds 1–11, device 1–7). Unknown
 * top-level members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Hosted payment initiation request")
public record InitiateRequest(
        @Schema(description = "Order, 1-12 members", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 12) Order order,
        @Schema(description = "Customer, 1-8 members", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 8) Customer customer,
        @Schema(description = "Merchant addresses, 1-4 members", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 4) Url url,
        @Schema(description = "Billing, 1 member") @Valid @MemberCount(min = 1, max = 1) Billing billing,
        @Schema(description = "Shipping, 1-4 members") @Valid @MemberCount(min = 1, max = 4) Shipping shipping,
        @Schema(description = "Merchant data echoed in the notification, 1 member")
        @Valid @MemberCount(min = 1, max = 1) Meta meta,
        @Schema(description = "Card, 1-7 members") @Valid @MemberCount(min = 1, max = 7) Card card,
        @Schema(description = "Recurring, 1-11 members") @Valid @MemberCount(min = 1, max = 11) Recurring recurring,
        @Schema(description = "Source of funds, 1-11 members")
        @Valid @MemberCount(min = 1, max = 11) SourceOfFunds sourceOfFunds,
        @Schema(description = "Device, 1-7 members") @Valid @MemberCount(min = 1, max = 7) Device device) {

    /** The seed's smallest request: order, customer and url only. */
    public static InitiateRequest of(Order order, Customer customer, Url url) {
        return new InitiateRequest(order, customer, url, null, null, null, null, null, null, null);
    }
}
