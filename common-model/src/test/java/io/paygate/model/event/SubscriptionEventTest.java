package io.paygate.model.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.recurring.Credential;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.api.recurring.SubscriptionNotification;
import io.paygate.model.api.recurring.SubscriptionView;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.model.testing.NotificationVectors;
import io.paygate.model.testing.Samples;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** docs/contract.md §1b, §6, §7: the subscription event, its notification, and a subscription's payment events. */
class SubscriptionEventTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T03:15:42Z"), ZoneOffset.UTC);
    private static final SubscriptionView PAUSED = new SubscriptionView("SUB.2026.0001", RecurringType.PURCHASE, null,
            SubscriptionStatus.PAUSED, "Card declined", new BigDecimal("99000.00"), 1, IntervalUnit.MONTHLY, null,
            null, null, null, 2, null, Credential.card("411111******1111"));

    private static SubscriptionStatusChanged paused() {
        return new SubscriptionStatusChanged(PAUSED, "CUST-001", "https://merchant.example.com/callbacks/payment");
    }

    @Test
    void aSubscriptionEventIsKeyedApartFromThePaymentsOnTheSameTopic() {
        EventEnvelope envelope = EventEnvelope.of("demo", 4, paused(), CLOCK);
        assertEquals("subscription", envelope.type());
        assertEquals(EventTypes.SUBSCRIPTION, envelope.type());
        assertEquals("SUB.2026.0001", envelope.resourceId());
        assertEquals("demo:subscription:SUB.2026.0001", envelope.key());
        assertEquals(4, envelope.sequence());
        EventEnvelope read = EventEnvelope.fromJson(envelope.toJson());
        assertEquals(envelope, read);
        assertEquals("demo:subscription:SUB.2026.0001", read.key());
        assertEquals(paused(), read.dataAs(SubscriptionStatusChanged.class));
        assertEquals("demo:PC7F3K9Q2M4X8B1N", EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).key());
    }

    @Test
    void theSubscriptionNotificationIsSignedLikeAPaymentNotification() throws Exception {
        SubscriptionNotification notification = paused().toNotification();
        String body = Json.write(notification);
        assertEquals("{\"recurring\":{\"id\":\"SUB.2026.0001\",\"type\":\"PURCHASE\",\"productCode\":null,"
                + "\"status\":\"PAUSED\",\"statusDesc\":\"Card declined\",\"amount\":99000.00,\"interval\":1,"
                + "\"intervalUnit\":\"monthly\",\"maxInterval\":null,\"startDate\":null,\"endDate\":null,\"retry\":null,"
                + "\"cyclesCharged\":2,\"nextChargeAt\":null,\"credential\":{\"kind\":\"CARD\","
                + "\"mask\":\"411111******1111\"}},\"customer\":{\"id\":\"CUST-001\"}}", body);
        // RFC 8785 by hand: members sorted, 99000.00 as 99000
        String canonical = "{\"customer\":{\"id\":\"CUST-001\"},\"recurring\":{\"amount\":99000,\"credential\":{"
                + "\"kind\":\"CARD\",\"mask\":\"411111******1111\"},\"cyclesCharged\":2,\"endDate\":null,\"id\":"
                + "\"SUB.2026.0001\",\"interval\":1,\"intervalUnit\":\"monthly\",\"maxInterval\":null,\"nextChargeAt\":"
                + "null,\"productCode\":null,\"retry\":null,\"startDate\":null,\"status\":\"PAUSED\",\"statusDesc\":"
                + "\"Card declined\",\"type\":\"PURCHASE\"}}";
        Mac mac = Mac.getInstance("HmacSHA512");
        mac.init(new SecretKeySpec(HexFormat.of().parseHex(NotificationVectors.SECRET_KEY_HEX), "HmacSHA512"));
        String expected = HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));

        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(NotificationVectors.SECRET));
        String signed = signer.withBodySignature(body);
        SubscriptionNotification read = Json.read(signed, SubscriptionNotification.class);
        assertEquals(expected, read.signature());
        assertEquals(notification.withSignature(expected), read);
        NotificationVerifier.of(NotificationVectors.SECRET).verifyBodySignature(signed);
    }

    @Test
    void aSubscriptionsPaymentCarriesItsCycleInTheNotification() {
        CycleInfo cycle = new CycleInfo("SUB.2026.0001", 2, SubscriptionStatus.ACTIVE, "2027-01-21 10:15:30");
        PaymentStatusChanged data = Samples.captured().withRecurring(cycle);
        PaymentStatusChanged read = EventEnvelope.fromJson(EventEnvelope.of("demo", 2, data, CLOCK).toJson())
                .dataAs(PaymentStatusChanged.class);
        assertEquals(cycle, read.recurring());
        PaymentNotification notification = read.toNotification();
        assertEquals(cycle, notification.recurring());
        String body = Json.write(notification);
        String withoutCycle = NotificationVectors.PAYMENT_BODY;
        assertEquals(withoutCycle.substring(0, withoutCycle.length() - 1) + ",\"recurring\":{\"id\":\"SUB.2026.0001\","
                + "\"cycle\":2,\"status\":\"ACTIVE\",\"nextChargeAt\":\"2027-01-21 10:15:30\"}}", body);
        assertEquals(cycle, notification.withSignature("x".repeat(128)).recurring());
    }

    @Test
    void aPaymentOutsideASubscriptionHasNoRecurringMember() {
        String event = EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).toJson();
        assertFalse(event.contains("recurring"), event);
        assertEquals(NotificationVectors.PAYMENT_BODY, Json.write(Samples.captured().toNotification()));
        assertTrue(Samples.captured().withRecurring(null).equals(Samples.captured()));
    }
}
