package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply {@code 2007700} of {@code POST /v1.0/qr/qr-mpm-cancel} (docs/contract.md §9). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM cancel reply")
public record QrCancelReply(
        @Schema(examples = "2007700") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        @Schema(description = "When it was cancelled") String cancelTime,
        @Schema(description = "When the payment was made") String transactionDate) implements SnapReply {
}
