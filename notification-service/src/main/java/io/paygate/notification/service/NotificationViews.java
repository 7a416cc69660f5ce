package io.paygate.notification.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Replies of the notification log (docs/contract.md §6, service code 07). Nulls are written: the fields are always there. */
public final class NotificationViews {

    private NotificationViews() {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "A notification in the delivery log")
    public record Summary(
            @Schema(description = "Notification id; sent as webhook-id on every attempt") UUID id,
            @Schema(description = "payment, disbursement, binding, subscription, payment-link, or snap-va, snap-qr, "
                    + "snap-debit, snap-binding (docs/contract.md §9)") String type,
            @Schema(description = "paymentCode, referenceNo, bindingId, recurring.id or link.id") String resourceId,
            @Schema(description = "PENDING, DELIVERED, FAILED, or OBSOLETE (a newer event for the resource arrived first; not sent)")
            String status,
            @Schema(description = "Attempts made so far") int attempts,
            @Schema(description = "When the last attempt started; null before the first", nullable = true)
            Instant lastAttemptAt,
            @Schema(description = "HTTP status of the last reply; null when none arrived", nullable = true)
            Integer lastHttpStatus,
            @Schema(description = "When the next attempt is due (PENDING only, else null)", nullable = true)
            Instant nextAttemptAt,
            @Schema(description = "When the notification was created") Instant createdAt) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "Notification log page, newest first")
    public record Page(String responseCode, String responseMessage, List<Summary> notifications,
                       @Schema(description = "Opaque; pass as cursor for the next page; null on the last page", nullable = true)
                       String nextCursor) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "One delivery attempt")
    public record Attempt(
            @Schema(description = "1 for the first attempt") int number,
            Instant attemptedAt,
            @Schema(description = "null when no reply arrived", nullable = true) Integer httpStatus,
            @Schema(description = "Milliseconds until the reply or the failure") int durationMs,
            @Schema(description = "Why it did not count as delivered; null when acknowledged", nullable = true)
            String error,
            @Schema(description = "The first 1 KiB of the reply body; null when none arrived", nullable = true)
            String reply) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "One notification with every attempt")
    public record Detail(String responseCode, String responseMessage, UUID id, String type, String resourceId,
                         String status, int attempts,
                         @Schema(nullable = true) Instant lastAttemptAt,
                         @Schema(nullable = true) Integer lastHttpStatus,
                         @Schema(nullable = true) Instant nextAttemptAt, Instant createdAt,
                         @Schema(description = "Why it is FAILED or OBSOLETE, or why the last attempt failed; null when "
                                 + "delivered", nullable = true) String lastError,
                         @Schema(description = "When it was delivered, else null", nullable = true) Instant deliveredAt,
                         @Schema(description = "Every attempt, oldest first") List<Attempt> attemptLog,
                         @Schema(description = "What the latest attempt that reached the wire sent; null before any did",
                                 nullable = true)
                         Request request) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "What a bulk redelivery scheduled")
    public record BulkRedeliveryResult(String responseCode, String responseMessage,
                              @Schema(description = "How many notifications get one new attempt (paced)") int count) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "The one attempt of a test notification")
    public record TestNotificationResult(
            String responseCode, String responseMessage,
            @Schema(description = "Notification id (its webhook-id): GET /pg/notifications/{id} shows it, type test")
            UUID id,
            @Schema(description = "The type it was sent as") String type,
            @Schema(description = "The order id its body carries: TEST- and 16 random characters",
                    examples = "TEST-8F2K4Q7M1X9B3D0T") String orderId,
            @Schema(description = "Whether the merchant acknowledged it (2xx and the type's success responseCode)")
            boolean delivered,
            @Schema(description = "HTTP status of the reply; null when none arrived", nullable = true)
            Integer httpStatus,
            @Schema(description = "Milliseconds until the reply or the failure") int durationMs,
            @Schema(description = "The first 1 KiB of the reply body; null when none arrived", nullable = true)
            String reply,
            @Schema(description = "Why it did not count as delivered; null when delivered", nullable = true)
            String error) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(description = "A notification request exactly as sent, to verify it as the merchant would")
    public record Request(
            @Schema(description = "The signed body: a string holding the exact bytes sent (UTF-8)") String body,
            @Schema(description = "Every header the gateway set, by name, in the order sent: Content-Type, User-Agent, "
                    + "webhook-id, webhook-timestamp, webhook-signature, X-SIGNATURE")
            Map<String, String> headers) {
    }
}
