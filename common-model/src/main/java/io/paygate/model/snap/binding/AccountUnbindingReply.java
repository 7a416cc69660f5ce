package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2000900} of {@code POST /v1.0/registration-account-unbinding} (docs/contract.md §9): {@code unlinkResult}
 * {@code SUCCESS} (the binding is UNBOUND, also when it already was).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account unbinding reply")
public record AccountUnbindingReply(
        @Schema(examples = "2000900") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String referenceNo,
        String partnerReferenceNo,
        @Schema(examples = "SUCCESS") String unlinkResult,
        AccountBindingState additionalInfo) implements SnapReply {

    public static final String SUCCESS = "SUCCESS";
}
