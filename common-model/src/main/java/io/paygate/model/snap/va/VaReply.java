package io.paygate.model.snap.va;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply {@code 2002700}, {@code 2002600} or {@code 2003100} of the virtual account services (docs/contract.md §9). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP virtual account reply")
public record VaReply(
        @Schema(examples = "2002700") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        VaData virtualAccountData) implements SnapReply {
}
