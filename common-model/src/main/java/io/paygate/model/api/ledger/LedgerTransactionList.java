package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** {@code GET /pg/balance/transactions}: newest first; {@code nextCursor} absent on the last page. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A page of balance transactions, newest first")
public record LedgerTransactionList(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        List<LedgerTransaction> transactions,
        @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page") String nextCursor) {
}
