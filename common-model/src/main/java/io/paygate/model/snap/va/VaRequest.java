package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/transfer-va/status} (26) and {@code /v1.0/transfer-va/delete-va} (31), docs/contract.md
 * §9: the account is named by {@code virtualAccountNo} (spaces do not matter) with {@code trxId} (its create-va's) or
 * {@code inquiryRequestId}; without {@code trxId} it is the merchant's latest account with that number.
 * {@code partnerServiceId} and {@code customerNo}, when sent, must make that number.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP virtual account status or delete request")
public record VaRequest(
        @Schema(description = "As create-va had it", maxLength = 8)
        @Pattern(regexp = CreateVaRequest.PARTNER_SERVICE_ID) String partnerServiceId,
        @Schema(description = "As create-va had it", maxLength = 20)
        @Pattern(regexp = CreateVaRequest.CUSTOMER_NO) String customerNo,
        @Schema(description = "The account's number", required = true, maxLength = 28)
        @NotBlank @Size(max = 28) @Pattern(regexp = "^[0-9 ]+$") String virtualAccountNo,
        @Schema(description = "create-va's trxId", maxLength = 64)
        @Size(min = 1, max = 64) String trxId,
        @Schema(description = "The merchant's id of this inquiry, echoed", maxLength = 128)
        @Size(min = 1, max = 128) String inquiryRequestId,
        @Schema(description = "Echoed", maxLength = 128)
        @Size(min = 1, max = 128) String paymentRequestId,
        @Schema(description = "merchantId (when sent: the merchant's id or SNAP client key)")
        @Valid CreateVaInfo additionalInfo) {
}
