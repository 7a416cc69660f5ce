package io.paygate.model.api.credential;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/payment/card/directdebit/purchase/otp/confirm} (docs/contract.md §1b): the payment opened
 * by {@code /purchase/otp} and the one-time code the customer received (sandbox: {@code 123456}). A wrong code is
 * {@code 4001101 Invalid Field Format otp}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Confirmation of a direct-debit purchase with its OTP")
public record OtpConfirmRequest(
        @Schema(description = "paymentCode of the /purchase/otp reply", required = true, maxLength = 30,
                examples = "PC7F3K9Q2M4X8B1N")
        @NotBlank @Size(max = 30) String paymentCode,
        @Schema(description = "The one-time code sent to the customer", required = true, maxLength = 16,
                examples = "123456")
        @NotBlank @Size(max = 16) String otp) {
}
