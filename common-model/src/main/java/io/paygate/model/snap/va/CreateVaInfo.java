package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * paygate's {@code additionalInfo} of a create-va request: {@code channel}, the §2a virtual account code; {@code bank}
 * ({@code bca}, as midtrans-client's example sends it) is read as {@code VA_<BANK>} when there is no {@code channel}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "paygate's additional information")
public record CreateVaInfo(
        @Schema(description = "VA_BCA, VA_BNI, VA_BRI, VA_PERMATA or VA_CIMB; default VA_BCA", maxLength = 16,
                examples = "VA_BCA")
        @Size(min = 1, max = 16) String channel,
        @Schema(description = "The bank (bca, bni, bri, permata, cimb) when there is no channel", maxLength = 16)
        @Size(min = 1, max = 16) String bank,
        @Schema(description = "The merchant's id or SNAP client key (when sent)", maxLength = 64)
        @Size(min = 1, max = 64) String merchantId) {
}
