package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The url object of the initiation request (seed; docs/contract.md §1): 1–4 members. {@code callbackUrl} is
 * mandatory, at most 2048 characters, and must pass the callback URL rules of docs/contract.md §6 (absolute
 * {@code https}, no private or reserved hosts) — a separate check, not a Bean Validation constraint.
 * {@code returnUrl} is where the hosted page sends the customer afterwards; {@code successUrl}, {@code failUrl} and
 * {@code backUrl} override it after a capture, after a failure, expiry or cancellation, and for the page's "back to the
 * merchant" link (each absolute {@code https}, checked by the service).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Merchant addresses: 1-4 members")
public record Url(
        @Schema(description = "Receives the payment notification; absolute https URL on port 443 or 8443 (or the "
                + "gateway's allowed ports) whose host resolves, to public addresses only; the local stack also takes "
                + "http and loopback on any port but the gateway's own (docs/contract.md §6)", required = true,
                maxLength = 2048, examples = "https://merchant.example.com/callbacks/payment")
        @NotBlank @Size(max = 2048) String callbackUrl,
        @Schema(description = "Where the hosted page sends the customer afterwards", maxLength = 2048,
                examples = "https://merchant.example.com/orders/ORD-20261121-0001")
        @Size(min = 1, max = 2048) String returnUrl,
        @Schema(description = "Where the page sends the customer after CAPTURED; default returnUrl", maxLength = 2048,
                examples = "https://merchant.example.com/orders/ORD-20261121-0001/thanks")
        @Size(min = 1, max = 2048) String successUrl,
        @Schema(description = "Where the page sends the customer after FAILED, EXPIRED or CANCELLED; default returnUrl",
                maxLength = 2048, examples = "https://merchant.example.com/orders/ORD-20261121-0001/retry")
        @Size(min = 1, max = 2048) String failUrl,
        @Schema(description = "The page's \"back to the merchant\" link; default returnUrl", maxLength = 2048,
                examples = "https://merchant.example.com/cart")
        @Size(min = 1, max = 2048) String backUrl,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Url {
        extra = JsonMembers.copyExtra(extra);
    }

    public Url(String callbackUrl, String returnUrl) {
        this(callbackUrl, returnUrl, null, null, null, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, callbackUrl, returnUrl, successUrl, failUrl, backUrl);
    }
}
