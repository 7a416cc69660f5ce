package io.paygate.model.api.link;

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
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code link} object of {@code POST /pg/payment-links} (docs/contract.md §11). What Bean Validation cannot say is
 * checked by the service: {@code amount} or {@code minAmount}+{@code maxAmount} (one of the two, min ≤ max),
 * {@code expiresAt} (ISO-8601 with offset, in the future, at most 180 days ahead) and each method a §2a code.
 * {@code id} follows §1's {@code order.id} alphabet but is at most {@value #MAX_ID} long, so that every payment's order
 * id {@code <id>-<n>} is still a §1 order id.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Payment link: 2-8 members; unknown members are kept but ignored")
public record Link(
        @Schema(description = "Merchant's link id, unique per merchant; its payments are <id>-<n>", required = true,
                pattern = ID, examples = "POSTER-2026-11")
        @NotBlank @Pattern(regexp = ID) String id,
        @Schema(description = "What the customer pays for, 1-255", required = true, maxLength = 255,
                examples = "Coffee beans 1 kg")
        @NotBlank @Size(max = 255) String description,
        @Schema(description = "Fixed amount (as order.amount); or minAmount and maxAmount", pattern = Patterns.ORDER_AMOUNT,
                examples = "150000.00")
        @Pattern(regexp = Patterns.ORDER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String amount,
        @Schema(description = "Least amount the customer may type (with maxAmount)", pattern = Patterns.ORDER_AMOUNT,
                examples = "10000")
        @Pattern(regexp = Patterns.ORDER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String minAmount,
        @Schema(description = "Greatest amount the customer may type (with minAmount)", pattern = Patterns.ORDER_AMOUNT,
                examples = "500000")
        @Pattern(regexp = Patterns.ORDER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String maxAmount,
        @Schema(description = "ISO-8601 with offset, at most 180 days ahead; default 7 days from creation",
                examples = "2026-12-31T23:59:59+07:00")
        @Size(max = 64) String expiresAt,
        @Schema(description = "At most this many payments are ever captured, 1-10000; absent: no limit until expiry",
                minimum = "1", maximum = "10000", examples = "1")
        @Min(1) @Max(10000) Integer usageLimit,
        @Schema(description = "Methods offered (docs/contract.md §2a codes); absent: every method of the merchant")
        @Size(min = 1, max = 32) List<@NotBlank @Size(max = 32) String> methods,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public static final int MAX_ID = 50;
    public static final String ID = "^[A-Za-z0-9._-]{1,50}$";

    public Link {
        extra = JsonMembers.copyExtra(extra);
        methods = methods == null ? null : List.copyOf(methods);
    }

    public Link(String id, String description, String amount, String minAmount, String maxAmount, String expiresAt,
                Integer usageLimit, List<String> methods) {
        this(id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, id, description, amount, minAmount, maxAmount, expiresAt, usageLimit, methods);
    }
}
