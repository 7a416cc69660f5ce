package io.paygate.model.api.notification;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/merchant/callbacks/test} (docs/contract.md §6 "Test notification"): send one notification of
 * {@code type} now, with that type's documented example body marked as a test, to {@code url} or, without one, to the
 * URL registered for that type.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Which kind of notification to send as a test, and where to")
public record TestNotificationRequest(
        @Schema(description = "payment, disbursement, binding, subscription, payment-link, snap-va, snap-qr, "
                + "snap-debit or snap-binding",
                required = true, examples = "payment")
        @NotNull String type,
        @Schema(description = "Where to send it (the callback URL rules apply); the URL registered for the type when "
                + "absent (payment, subscription and payment-link have none: give one)", maxLength = 2048,
                examples = "https://merchant.example.com/callbacks/payment")
        @Size(min = 1, max = 2048) String url) {
}
