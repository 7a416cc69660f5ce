package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** {@code GET /admin/audit} (docs/contract.md §10): newest first; {@code nextCursor} absent on the last page. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditPage(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        List<AuditEntry> entries,
        @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page") String nextCursor) {
}
