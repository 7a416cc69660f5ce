package io.paygate.model.snap.debit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Patterns;
import io.paygate.model.snap.SnapAmount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/debit/payment-host-to-host} (SNAP service 54, docs/contract.md §9): a payment of
 * {@code amount} whose order id is {@code partnerReferenceNo}. With {@code bankCardToken} (an ACTIVE binding's
 * {@code bindingId}) that binding is charged at once for the binding's own customer ({@code additionalInfo.customerId},
 * when sent, must be that customer); without one the reply's {@code webRedirectUrl} is the payment's hosted page.
 * {@code validUpTo} may shorten the hosted payment's lifetime. {@code chargeToken}, {@code otp}, {@code feeType},
 * {@code urlParam} (an array as the standard has it, or one object as midtrans-client sends it),
 * {@code payOptionDetails} and the store ids are accepted and not used; unknown members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP direct debit payment request")
public record DebitPaymentRequest(
        @Schema(description = "The merchant's reference: the payment's order id", required = true,
                pattern = Patterns.ORDER_ID)
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String partnerReferenceNo,
        @Schema(description = "An ACTIVE binding's bindingId: charged at once", maxLength = 560)
        @Size(max = 560) String bankCardToken,
        @Schema(description = "Accepted, not used", maxLength = 50) @Size(max = 50) String chargeToken,
        @Schema(description = "Accepted, not used", maxLength = 8) @Size(max = 8) String otp,
        @Schema(description = "The merchant's id or SNAP client key (when sent)", maxLength = 64)
        @Size(min = 1, max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId,
        @Schema(description = "Ignored", maxLength = 64) @Size(max = 64) String externalStoreId,
        @Schema(description = "The amount to pay (IDR)", required = true) @NotNull @Valid SnapAmount amount,
        @Schema(description = "Until when the hosted payment may be paid (ISO-8601)", maxLength = 35)
        @Size(max = 35) String validUpTo,
        @Schema(description = "Accepted, not used", maxLength = 20) @Size(max = 20) String pointOfInitiation,
        @Schema(description = "Accepted, not used (an array or one object)") JsonNode urlParam,
        @Schema(description = "customerId: the binding's customer (optional)") Info additionalInfo) {

    /** The members of {@code additionalInfo} paygate reads; the others are ignored. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Info(
            @Schema(description = "The merchant's customer id; when sent, the binding must be that customer's",
                    maxLength = 64)
            @Size(min = 1, max = 64) String customerId) {
    }
}
