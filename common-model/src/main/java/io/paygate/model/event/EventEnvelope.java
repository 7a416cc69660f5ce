package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.ids.RequestIds;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The value of every Kafka record between services (docs/contract.md §7):
 * {@code {eventId, type, occurredAt, merchantId, resourceId, sequence, data}}, and {@code requestId} when the change
 * was made by an HTTP request (docs/contract.md §0 "Request ids": the notifications it causes log it too). Written through the
 * producer's transactional outbox; consumers are idempotent by {@code eventId}. {@code sequence} grows per resource (a
 * consumer drops an event older than one it has already handled for the same resource).
 *
 * <p>{@code requestId} is optional and left out of the JSON when absent, so events written before it existed, and
 * events of scheduled work, read the same. It is part of the value, so the producer signature covers it. A malformed
 * one is dropped (null), never a reason to refuse the event.
 */
@Schema(description = "Event between services: the value of a Kafka record keyed merchantId:resourceId")
public record EventEnvelope(
        @Schema(description = "Unique id; consumers deduplicate by it") UUID eventId,
        @Schema(description = "Data type, see EventTypes", examples = "PaymentStatusChanged") String type,
        @Schema(description = "When the state change committed") Instant occurredAt,
        @Schema(description = "Merchant id", examples = "demo") String merchantId,
        @Schema(description = "paymentCode, bindingId, referenceNo, recurring.id or link.id") String resourceId,
        @Schema(description = "Per-resource sequence number, increasing with every change") long sequence,
        @Schema(description = "Type-specific data record") JsonNode data,
        @Schema(description = "X-Request-Id of the request that made the change, if one did")
        @JsonInclude(JsonInclude.Include.NON_NULL) String requestId) {

    public EventEnvelope {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(resourceId, "resourceId");
        Objects.requireNonNull(data, "data");
        requestId = RequestIds.orNull(requestId);
    }

    /** An envelope made by no request (scheduled work, or written before request ids existed). */
    public EventEnvelope(UUID eventId, String type, Instant occurredAt, String merchantId, String resourceId,
                         long sequence, JsonNode data) {
        this(eventId, type, occurredAt, merchantId, resourceId, sequence, data, null);
    }

    /** The same event, made by the request {@code requestId} (dropped when malformed). */
    public EventEnvelope withRequestId(String requestId) {
        return new EventEnvelope(eventId, type, occurredAt, merchantId, resourceId, sequence, data, requestId);
    }

    /** A new envelope with a random id, {@code occurredAt} = now, and {@code data} converted to a tree. */
    public static EventEnvelope of(String type, String merchantId, String resourceId, long sequence,
                                   Object data, Clock clock) {
        return new EventEnvelope(UUID.randomUUID(), type, clock.instant(), merchantId, resourceId, sequence,
                Json.toTree(data));
    }

    /** An envelope for a {@link PaymentStatusChanged} keyed by its payment code. */
    public static EventEnvelope of(String merchantId, long sequence, PaymentStatusChanged data, Clock clock) {
        return of(EventTypes.PAYMENT_STATUS_CHANGED, merchantId, data.paymentCode(), sequence, data, clock);
    }

    /** An envelope for a {@link BindingStatusChanged} keyed by its binding id. */
    public static EventEnvelope of(String merchantId, long sequence, BindingStatusChanged data, Clock clock) {
        return of(EventTypes.BINDING_STATUS_CHANGED, merchantId, data.bindingId(), sequence, data, clock);
    }

    /** An envelope for a {@link DisbursementStatusChanged} keyed by its reference number. */
    public static EventEnvelope of(String merchantId, long sequence, DisbursementStatusChanged data, Clock clock) {
        return of(EventTypes.DISBURSEMENT_STATUS_CHANGED, merchantId, data.originalReferenceNo(), sequence, data, clock);
    }

    /**
     * An envelope for a {@link SubscriptionStatusChanged} keyed by its {@code recurring.id}.
     */
    public static EventEnvelope of(String merchantId, long sequence, SubscriptionStatusChanged data, Clock clock) {
        return of(EventTypes.SUBSCRIPTION, merchantId, data.recurring().id(), sequence, data, clock);
    }

    /** An envelope for a {@link PaymentLinkStatusChanged} keyed by its {@code link.id}. */
    public static EventEnvelope of(String merchantId, long sequence, PaymentLinkStatusChanged data, Clock clock) {
        return of(EventTypes.PAYMENT_LINK, merchantId, data.link().id(), sequence, data, clock);
    }

    /**
     * An envelope for a merchant's whole state on {@link Topics#MERCHANT_CONFIG}: resource = the merchant, sequence =
     * its version (docs/contract.md §10).
     */
    public static EventEnvelope of(MerchantState state, Clock clock) {
        return of(EventTypes.MERCHANT_CONFIG, state.id(), state.id(), state.version(), state, clock);
    }

    /**
     * The Kafka record key: {@code merchantId + ":" + resourceId}; for a subscription
     * {@code merchantId + ":subscription:" + resourceId} and for a payment link {@code merchantId + ":link:" +
     * resourceId}, so that neither ever shares a key with a payment on the same topic (docs/contract.md §7); for a
     * merchant's state the merchant id alone (the compacted topic keeps one record
     * per merchant, docs/contract.md §10).
     */
    public String key() {
        if (EventTypes.MERCHANT_CONFIG.equals(type)) {
            return merchantId;
        }
        if (EventTypes.SUBSCRIPTION.equals(type)) {
            return merchantId + ":subscription:" + resourceId;
        }
        return EventTypes.PAYMENT_LINK.equals(type)
                ? merchantId + ":link:" + resourceId
                : merchantId + ":" + resourceId;
    }

    /** {@link #data()} as its record type. @throws IllegalArgumentException when it does not fit */
    public <T> T dataAs(Class<T> type) {
        return Json.fromTree(data, type);
    }

    /** The JSON value written to Kafka. */
    public String toJson() {
        return Json.write(this);
    }

    /** Reads a Kafka value. @throws IllegalArgumentException when it is not an envelope */
    public static EventEnvelope fromJson(String json) {
        return Json.read(json, EventEnvelope.class);
    }
}
