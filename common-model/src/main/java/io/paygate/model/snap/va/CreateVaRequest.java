package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import io.paygate.model.snap.SnapAmount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/transfer-va/create-va} (SNAP service 27, docs/contract.md §9): a closed virtual
 * account ({@code virtualAccountTrxType} {@code C}, also when absent) of {@code totalAmount}, the bank in {@code additionalInfo.channel}
 * (a §2a code, default {@code VA_BCA}). {@code trxId} is the payment's order id. The gateway assigns
 * {@code virtualAccountNo} = {@code partnerServiceId + customerNo}; a {@code virtualAccountNo} sent must be that number
 * (an empty one is read as not sent). {@code partnerServiceId} must be one of the merchant's company codes.
 * {@code billDetails}, {@code freeTexts} and {@code feeAmount} are accepted and not used; unknown members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP create virtual account request")
public record CreateVaRequest(
        @Schema(description = "One of the merchant's company codes: 1-8 digits, left-padded with spaces to 8",
                required = true, maxLength = 8, examples = "   12345")
        @NotNull @Pattern(regexp = PARTNER_SERVICE_ID) String partnerServiceId,
        @Schema(description = "The customer's number, 1-20 digits", required = true, maxLength = 20,
                examples = "0000000001")
        @NotBlank @Pattern(regexp = CUSTOMER_NO) String customerNo,
        @Schema(description = "partnerServiceId + customerNo (optional: the gateway assigns it; an empty one is "
                + "read as not sent)", maxLength = 28)
        @Size(max = 28) String virtualAccountNo,
        @Schema(description = "The name the bank shows the payer", required = true, maxLength = 255)
        @NotBlank @Size(max = 255) String virtualAccountName,
        @Schema(description = "The payer's e-mail", maxLength = 255)
        @Size(max = 255) @jakarta.validation.constraints.Email(regexp = Patterns.EMAIL_DOMAIN_WITH_DOT)
        String virtualAccountEmail,
        @Schema(description = "The payer's mobile number (62…)", maxLength = 30)
        @Size(max = 30) @Pattern(regexp = "^\\+?[0-9]{7,15}$") String virtualAccountPhone,
        @Schema(description = "The merchant's id of this bill: the payment's order id", required = true,
                pattern = Patterns.ORDER_ID)
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String trxId,
        @Schema(description = "The amount to pay (IDR)", required = true)
        @NotNull @Valid SnapAmount totalAmount,
        @Schema(description = "C (closed amount): the only type served, and the default (midtrans-client's "
                + "create-va sends none)", examples = "C")
        @Pattern(regexp = "^C$") String virtualAccountTrxType,
        @Schema(description = "Accepted, not used") @Valid SnapAmount feeAmount,
        @Schema(description = "When the account stops taking payment (ISO-8601); never later than the method's "
                + "lifetime", maxLength = 35, examples = "2026-11-22T10:15:30+07:00")
        @Size(max = 35) String expiredDate,
        @Schema(description = "channel: the §2a virtual account code (default VA_BCA)")
        @Valid CreateVaInfo additionalInfo) {

    /** 1–8 characters: spaces, then at least one digit. */
    public static final String PARTNER_SERVICE_ID = "^(?=.{1,8}$) *[0-9]+$";
    public static final String CUSTOMER_NO = "^[0-9]{1,20}$";
}
