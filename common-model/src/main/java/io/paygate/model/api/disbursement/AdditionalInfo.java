package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The additionalInfo object (seed §4): {@code notes}, "string or null", therefore always written. */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Additional information")
public record AdditionalInfo(
        @Schema(description = "Free text, may be null", nullable = true, examples = "Invoice 2026-11")
        @JsonInclude(JsonInclude.Include.ALWAYS) String notes) {
}
