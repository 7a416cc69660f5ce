package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.paygate.model.api.Customer;
import io.paygate.model.api.payment.Url;
import io.paygate.model.validation.MemberCount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/payment-links} (docs/contract.md §11). {@code link} and {@code url} are mandatory;
 * {@code customer} is §1's (its members as mandatory as there) and optional; {@code notify} optional (no e-mail; {@link #notifications()} in Java).
 * {@code url} follows initiation's URL rules (§1, §6). Unknown top-level members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment link creation request")
public record CreateLinkRequest(
        @Schema(description = "The link, 2-8 members", required = true)
        @NotNull @Valid @MemberCount(min = 2, max = 8) Link link,
        @Schema(description = "The customer the link is for, 1-8 members (as in initiation)")
        @Valid @MemberCount(min = 1, max = 8) Customer customer,
        @Schema(description = "What the gateway sends the customer; notify.email is checked by the service (a record "
                + "component cannot be named notify)")
        @JsonProperty("notify") LinkNotify notifications,
        @Schema(description = "Merchant addresses, 1-4 members (as in initiation)", required = true)
        @NotNull @Valid @MemberCount(min = 1, max = 4) Url url) {
}
