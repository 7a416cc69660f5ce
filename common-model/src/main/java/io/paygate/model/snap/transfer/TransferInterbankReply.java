package io.paygate.model.snap.transfer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply {@code 2001800} of {@code POST /v1.0/transfer-interbank} (docs/contract.md §9). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP interbank transfer reply")
public record TransferInterbankReply(
        @Schema(examples = "2001800") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        @Schema(description = "The gateway's id of the transfer (§5 referenceNo)") String referenceNo,
        String partnerReferenceNo,
        SnapAmount amount,
        String beneficiaryAccountNo,
        String beneficiaryBankCode,
        String sourceAccountNo,
        TransferState additionalInfo) implements SnapReply {
}
