package io.paygate.model.snap.balance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** {@code POST /v1.0/balance-inquiry} (SNAP service 11, docs/contract.md §12): the merchant's own balance. */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP balance inquiry request")
public record BalanceInquiryRequest(
        @Schema(examples = "BI-20261121-0001") @Size(max = 64) String partnerReferenceNo,
        @Schema(description = "Answered as given; the balance is always the merchant's own") @Size(max = 32)
        String accountNo,
        @Schema(description = "Answered with the one balance type, Cash") List<@Size(max = 32) String> balanceTypes,
        JsonNode additionalInfo) {
}
