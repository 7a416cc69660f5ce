package io.paygate.model.api.notification;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/notifications/redeliver} (docs/contract.md §6 "Bulk redelivery"): every notification of the
 * merchant in {@code status} ({@code FAILED} or {@code PENDING}), of {@code type} when given, created in
 * [{@code from}, {@code to}) (ISO-8601 with offset, at most 31 days apart), gets one new attempt. The times are strings
 * so that a malformed one is answered {@code 400SS01} naming it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Which notifications to send again: status, optional type, and a creation window of at most "
        + "31 days")
public record BulkRedeliveryRequest(
        @Schema(description = "FAILED or PENDING", required = true, enumeration = {"FAILED", "PENDING"})
        @NotNull String status,
        @Schema(description = "payment, disbursement, binding, subscription, payment-link, snap-va, snap-qr, "
                + "snap-debit or snap-binding; every type when absent", examples = "disbursement")
        String type,
        @Schema(description = "Created at or after, ISO-8601 with offset", required = true,
                examples = "2026-11-21T00:00:00+07:00")
        @NotNull String from,
        @Schema(description = "Created before, ISO-8601 with offset; at most 31 days after from", required = true,
                examples = "2026-11-22T00:00:00+07:00")
        @NotNull String to) {
}
