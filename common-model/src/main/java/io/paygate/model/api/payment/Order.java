package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Patterns;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The order object of the initiation request (seed; docs/contract.md §1): 1–12 members. {@code id} (1–64 of
 * {@code [A-Za-z0-9._-]}, unique per merchant) and {@code amount} (a string,
 * {@code ^(0|[1-9][0-9]{0,12})(\.[0-9]{1,2})?$}, greater than 0) are mandatory; {@code description} 0–255;
 * {@code currency} optional ISO 4217 upper case (default: the merchant's currency); {@code timeout} optional, the
 * link lifetime in minutes (1–43200). In the notification the
 * order is an {@link OrderSummary} with a numeric amount.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Order: 1-12 members; unknown members are kept but ignored")
public record Order(
        @Schema(description = "Merchant order id, unique per merchant", required = true, pattern = Patterns.ORDER_ID,
                examples = "ORD-20261121-0001")
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String id,
        @Schema(description = "Amount as a decimal string, greater than 0, at most 2 decimals", required = true,
                pattern = Patterns.ORDER_AMOUNT, examples = "150000.00")
        @NotBlank @Pattern(regexp = Patterns.ORDER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String amount,
        @Schema(description = "Free text shown on the hosted page", maxLength = 255, examples = "Coffee beans 1 kg")
        @Size(max = 255) String description,
        @Schema(description = "Merchant reference; the notification's order.reference is the paymentCode")
        String reference,
        @Schema(description = "ISO 4217 code; default the merchant's currency", pattern = Patterns.CURRENCY,
                examples = "IDR")
        @Pattern(regexp = Patterns.CURRENCY) String currency,
        @Schema(description = "This payment's link lifetime in minutes, 1-43200, instead of the gateway's default",
                minimum = "1", maximum = "43200", examples = "60")
        @Min(1) @Max(43200) Integer timeout,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Order {
        extra = JsonMembers.copyExtra(extra);
    }

    public Order(String id, String amount, String description, String currency) {
        this(id, amount, description, null, currency, null, Map.of());
    }

    /** {@link #amount()} as a number; call only after validation. */
    public BigDecimal amountValue() {
        return new BigDecimal(amount);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, id, amount, description, reference, currency, timeout);
    }
}
