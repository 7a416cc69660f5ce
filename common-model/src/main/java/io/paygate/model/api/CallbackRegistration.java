package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code PUT /pg/merchant/callbacks} and reply of {@code GET} (docs/contract.md §6): where disbursement and
 * binding notifications go. Each is an absolute {@code https} URL of at most 2048 characters; the scheme, host
 * (it must resolve, to no private, link-local, CGNAT or reserved address, IPv4 carried in IPv6 included) and port
 * (443, 8443 or the configured ones) rules are checked by the callback URL policy.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Merchant callback addresses for disbursement and binding notifications")
public record CallbackRegistration(
        @Schema(description = "Receives disbursement notifications", maxLength = 2048,
                examples = "https://merchant.example.com/callbacks/disbursement")
        @Size(min = 1, max = 2048) String disbursementCallbackUrl,
        @Schema(description = "Receives binding notifications", maxLength = 2048,
                examples = "https://merchant.example.com/callbacks/binding")
        @Size(min = 1, max = 2048) String bindingCallbackUrl) {
}
