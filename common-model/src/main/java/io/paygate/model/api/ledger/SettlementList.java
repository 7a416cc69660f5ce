package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** {@code GET /pg/settlements}: by date. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The merchant's settlements, by date")
public record SettlementList(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        List<SettlementView> settlements) {
}
