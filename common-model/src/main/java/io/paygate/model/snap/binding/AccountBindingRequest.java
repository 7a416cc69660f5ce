package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/registration-account-binding} (SNAP service 07, docs/contract.md §9): the standard's
 * fields, with what a §4 binding needs beside the phone in {@code additionalData} (the customer) and
 * {@code additionalInfo.channel} (the direct-debit source, default {@code BCA_DD}); {@code phoneNo} may come as
 * {@code msisdn}, as ifortepay's copy of the standard names it. {@code redirectUrl} and
 * {@code authCode} are accepted and not used; unknown members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account binding request")
public record AccountBindingRequest(
        @Schema(description = "The merchant's reference of this binding request, unique per merchant", required = true,
                maxLength = 64)
        @NotBlank @Size(max = 64) String partnerReferenceNo,
        @Schema(description = "The customer's mobile number: +62…, 62… or 08… (msisdn accepted too)", required = true,
                maxLength = 16, examples = "6281234567890")
        @JsonAlias("msisdn") @NotBlank @Size(max = 16) @Pattern(regexp = PHONE) String phoneNo,
        @Schema(description = "The merchant's id (or SNAP client key)", required = true, maxLength = 64)
        @NotBlank @Size(max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId,
        @Schema(description = "The customer", required = true)
        @NotNull @Valid AccountBindingCustomer additionalData,
        @Schema(description = "Accepted, not used yet", maxLength = 2048) @Size(max = 2048) String redirectUrl,
        @Schema(description = "Accepted, not used", maxLength = 256) @Size(max = 256) String authCode,
        @Schema(description = "channel: the direct-debit source (default BCA_DD)")
        @Valid AccountBindingInfo additionalInfo) {

    /** A phone number as SNAP clients write it: an optional {@code +} and 7–15 digits. */
    public static final String PHONE = "^\\+?[0-9]{7,15}$";
}
