package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.List;

/**
 * One change to a merchant (docs/contract.md §10): who, what, which members (names only, never a value), from where;
 * written in the change's own transaction, never updated or deleted.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditEntry(
        Instant at,
        @Schema(description = "operator:<name>, merchant:<id>, or system:seed / system:reseal for the service's own",
                examples = "operator:ops")
        String actor,
        @Schema(examples = "client-secret.rotate") String action,
        String merchantId,
        @Schema(description = "X-Request-Id of the request that made the change") String requestId,
        @Schema(description = "The client address it came from") String sourceAddress,
        @Schema(description = "Names of the members changed", examples = "[\"clientSecret\"]") List<String> changed) {
}
