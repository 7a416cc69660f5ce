package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** {@code POST /admin/settlements/run}: the request's {@code asOf}, and the settlements the run made. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A settlement run: asOf in the request; the settlements made in the reply")
public record SettlementRun(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        @Schema(description = "YYYY-MM-DD: captures settling on or before it", examples = "2026-11-22") String asOf,
        List<SettlementView> settlements) {
}
