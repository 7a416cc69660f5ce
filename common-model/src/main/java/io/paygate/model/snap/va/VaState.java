package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** paygate's {@code additionalInfo} of a virtual account: the payment's code (its referenceNo), §2 state and bank. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "paygate's additional information")
public record VaState(
        @Schema(description = "The payment's code: /pg/ names it so") String referenceNo,
        @Schema(description = "The payment's state (docs/contract.md §2)") String status,
        @Schema(description = "The §2a virtual account code") String channel) {
}
