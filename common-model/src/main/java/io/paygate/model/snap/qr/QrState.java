package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** paygate's {@code additionalInfo} of a QRIS payment: its §2 state and until when it may be paid. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "paygate's additional information")
public record QrState(
        @Schema(description = "The payment's state (docs/contract.md §2)") String status,
        @Schema(description = "Until when it may be paid, while PENDING") String expiresAt) {
}
