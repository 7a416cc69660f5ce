package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code additionalInfo} of a SNAP account binding request: {@code channel}, a §4 direct-debit source code. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "paygate's additional information")
public record AccountBindingInfo(
        @Schema(description = "Direct-debit source code (sandbox: BCA_DD, BRI_DD, MANDIRI_DD, BNI_DD); default BCA_DD",
                maxLength = 64, examples = "BCA_DD")
        @Size(min = 1, max = 64) String channel) {
}
