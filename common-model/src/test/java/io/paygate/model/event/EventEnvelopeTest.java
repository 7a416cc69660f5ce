package io.paygate.model.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Meta;
import io.paygate.model.api.binding.BindingNotification;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.testing.NotificationVectors;
import io.paygate.model.testing.Samples;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventEnvelopeTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T03:15:42Z"), ZoneOffset.UTC);

    @Test
    void topicsAreTheContractNames() {
        assertEquals("payment-status", Topics.PAYMENT_STATUS);
        assertEquals("binding-status", Topics.BINDING_STATUS);
        assertEquals("disbursement-status", Topics.DISBURSEMENT_STATUS);
        assertEquals(List.of("payment-status", "binding-status", "disbursement-status"), Topics.ALL);
    }

    @Test
    void keyIsMerchantColonResource() {
        EventEnvelope envelope = EventEnvelope.of("demo", 3, Samples.captured(), CLOCK);
        assertEquals("demo:PC7F3K9Q2M4X8B1N", envelope.key());
        assertEquals("PC7F3K9Q2M4X8B1N", envelope.resourceId());
        assertEquals(EventTypes.PAYMENT_STATUS_CHANGED, envelope.type());
        assertEquals(3, envelope.sequence());
        assertEquals(CLOCK.instant(), envelope.occurredAt());
    }

    @Test
    void jsonHasExactlyTheContractMembers() {
        EventEnvelope envelope = new EventEnvelope(UUID.fromString("00000000-0000-0000-0000-000000000001"),
                EventTypes.BINDING_STATUS_CHANGED, Instant.parse("2026-11-21T03:15:42Z"), "demo", "BND-1", 2,
                Json.toTree(new BindingStatusChanged("BND-1", BindingStatus.ACTIVE, "BCA_DD", Samples.CUSTOMER)));
        JsonNode json = Json.tree(envelope.toJson());
        List<String> names = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("eventId", "type", "occurredAt", "merchantId", "resourceId", "sequence", "data"), names);
        assertEquals("2026-11-21T03:15:42Z", json.get("occurredAt").asText());
        assertEquals("00000000-0000-0000-0000-000000000001", json.get("eventId").asText());
        assertTrue(json.get("sequence").isIntegralNumber());
    }

    @Test
    void envelopeRoundTripsThroughJson() {
        EventEnvelope envelope = EventEnvelope.of("demo", 1, Samples.disbursed(), CLOCK);
        EventEnvelope read = EventEnvelope.fromJson(envelope.toJson());
        assertEquals(envelope, read);
        assertEquals(Samples.disbursed(), read.dataAs(DisbursementStatusChanged.class));
        assertEquals("demo:DB7Q4M2X9K1P", read.key());
    }

    @Test
    void eachEnvelopeGetsItsOwnId() {
        assertNotEquals(EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).eventId(),
                EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).eventId());
    }

    @Test
    void incompleteEnvelopeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> EventEnvelope.fromJson("{\"type\":\"x\"}"));
    }

    @Test
    void paymentEventBuildsThePublishedNotification() {
        EventEnvelope envelope = EventEnvelope.fromJson(EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).toJson());
        String body = Json.write(envelope.dataAs(PaymentStatusChanged.class).toNotification());
        assertEquals(NotificationVectors.PAYMENT_BODY, body);
        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(NotificationVectors.SECRET));
        assertEquals(NotificationVectors.PAYMENT_RAW_BODY, signer.withBodySignature(body));
    }

    @Test
    void directDebitPaymentNotificationHasNoCard() {
        PaymentStatusChanged captured = Samples.captured();
        PaymentStatusChanged directDebit = new PaymentStatusChanged(captured.paymentCode(), captured.orderId(),
                captured.amount(), captured.currency(), captured.customer(), null, captured.card(), PaymentStatus.CAPTURED,
                null, captured.callbackUrl(), PaymentMethod.DIRECT_DEBIT);
        String json = Json.write(directDebit.toNotification());
        assertFalse(json.contains("\"card\""), json);
        assertFalse(json.contains("\"meta\""), json);
    }

    @Test
    void expiredPaymentNotificationKeepsMetaDataNullThroughTheEvent() {
        PaymentStatusChanged expired = new PaymentStatusChanged("PC1", "O1", new java.math.BigDecimal("5.00"), "IDR",
                Samples.CUSTOMER, Meta.of(null), null, PaymentStatus.EXPIRED, null, "https://m.example.com/cb", null);
        PaymentStatusChanged read = EventEnvelope.fromJson(EventEnvelope.of("demo", 9, expired, CLOCK).toJson())
                .dataAs(PaymentStatusChanged.class);
        String json = Json.write(read.toNotification());
        assertTrue(json.contains("\"meta\":{\"data\":null}"), json);
        assertTrue(json.contains("\"status\":\"EXPIRED\",\"statusDesc\":null"), json);
        assertNull(read.method());
    }

    @Test
    void bindingEventBuildsTheBindingNotification() {
        BindingNotification notification = new BindingStatusChanged("BND-1", BindingStatus.ACTIVE, "BCA_DD",
                Samples.CUSTOMER).toNotification();
        assertEquals("{\"binding\":{\"id\":\"BND-1\",\"status\":\"ACTIVE\",\"sourceOfFunds\":{\"type\":\"BCA_DD\"}},"
                + "\"customer\":{\"id\":\"CUST-001\",\"email\":\"budi@example.com\",\"firstName\":\"Budi\","
                + "\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"}}", Json.write(notification));
        assertEquals("x".repeat(128), notification.withSignature("x".repeat(128)).signature());
    }

    @Test
    void disbursementEventBuildsThePublishedNotification() {
        assertEquals(NotificationVectors.DISBURSEMENT_BODY, Json.write(Samples.disbursed().toNotification()));
    }

    @Test
    void requestIdRoundTripsAndIsCoveredByTheValue() {
        EventEnvelope envelope = EventEnvelope.of("demo", 3, Samples.captured(), CLOCK).withRequestId("req-42");
        JsonNode json = Json.tree(envelope.toJson());
        assertEquals("req-42", json.get("requestId").asText());
        EventEnvelope read = EventEnvelope.fromJson(envelope.toJson());
        assertEquals(envelope, read);
        assertEquals("req-42", read.requestId());
    }

    @Test
    void eventsWithoutRequestIdReadAsBeforeAndWriteNoMember() {
        EventEnvelope plain = EventEnvelope.of("demo", 3, Samples.captured(), CLOCK);
        String json = plain.toJson();
        assertFalse(json.contains("requestId"), json);
        assertNull(EventEnvelope.fromJson(json).requestId());
    }

    @Test
    void malformedRequestIdIsDroppedNotRefused() {
        String json = EventEnvelope.of("demo", 3, Samples.captured(), CLOCK).toJson();
        String forged = json.substring(0, json.length() - 1) + ",\"requestId\":\"a b\\n\"}";
        EventEnvelope read = EventEnvelope.fromJson(forged);
        assertNull(read.requestId());
        assertEquals("PC7F3K9Q2M4X8B1N", read.resourceId());
        assertNull(EventEnvelope.of("demo", 3, Samples.captured(), CLOCK).withRequestId("x".repeat(65)).requestId());
    }
}
