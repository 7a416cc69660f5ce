package io.paygate.model.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.api.link.PaymentLinkNotification;
import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.WebhookSecret;
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

/** docs/contract.md §6, §7, §11: the payment-link event, its notification, and {@code link} in a link payment's. */
class PaymentLinkEventTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T03:15:42Z"), ZoneOffset.UTC);
    private static final PaymentLinkRef REF = new PaymentLinkRef("SPRING-SALE-01", "PL7Q2M8X1B7D3H5F0T");

    private static PaymentLinkStatusChanged paid() {
        return new PaymentLinkStatusChanged(new PaymentLinkState("SPRING-SALE-01", "PL7Q2M8X1B7D3H5F0T", "PAID", 2,
                new BigDecimal("300000.00")), "https://merchant.example.com/callbacks/payment");
    }

    @Test
    void aLinkEventIsKeyedApartFromThePaymentsAndSubscriptionsOnTheSameTopic() {
        EventEnvelope envelope = EventEnvelope.of("demo", 3, paid(), CLOCK);
        assertEquals("payment-link", envelope.type());
        assertEquals(EventTypes.PAYMENT_LINK, envelope.type());
        assertEquals("SPRING-SALE-01", envelope.resourceId());
        assertEquals("demo:link:SPRING-SALE-01", envelope.key());
        assertEquals(3, envelope.sequence());
        EventEnvelope read = EventEnvelope.fromJson(envelope.toJson());
        assertEquals(envelope, read);
        assertEquals("demo:link:SPRING-SALE-01", read.key());
        assertEquals(paid(), read.dataAs(PaymentLinkStatusChanged.class));
    }

    @Test
    void theLinkNotificationIsSignedLikeAPaymentNotification() throws Exception {
        PaymentLinkNotification notification = paid().toNotification();
        String body = Json.write(notification);
        assertEquals("{\"link\":{\"id\":\"SPRING-SALE-01\",\"linkCode\":\"PL7Q2M8X1B7D3H5F0T\",\"status\":\"PAID\","
                + "\"paymentCount\":2,\"amountCollected\":300000.00}}", body);
        // RFC 8785 by hand: members sorted, 300000.00 as 300000
        String canonical = "{\"link\":{\"amountCollected\":300000,\"id\":\"SPRING-SALE-01\",\"linkCode\":"
                + "\"PL7Q2M8X1B7D3H5F0T\",\"paymentCount\":2,\"status\":\"PAID\"}}";
        Mac mac = Mac.getInstance("HmacSHA512");
        mac.init(new SecretKeySpec(HexFormat.of().parseHex(NotificationVectors.SECRET_KEY_HEX), "HmacSHA512"));
        String expected = HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));

        String signed = new NotificationSigner(WebhookSecret.parse(NotificationVectors.SECRET)).withBodySignature(body);
        PaymentLinkNotification read = Json.read(signed, PaymentLinkNotification.class);
        assertEquals(expected, read.signature());
        assertEquals(notification.withSignature(expected), read);
        NotificationVerifier.of(NotificationVectors.SECRET).verifyBodySignature(signed);
    }

    @Test
    void aLinkPaymentCarriesItsLinkInTheEventAndTheNotification() throws Exception {
        PaymentStatusChanged data = Samples.captured().withLink(REF);
        PaymentStatusChanged read = EventEnvelope.fromJson(EventEnvelope.of("demo", 2, data, CLOCK).toJson())
                .dataAs(PaymentStatusChanged.class);
        assertEquals(REF, read.link());
        assertEquals(REF, read.withRecurring(null).withSnap(null).link());
        PaymentNotification notification = read.toNotification();
        String body = Json.write(notification);
        String withoutLink = NotificationVectors.PAYMENT_BODY;
        assertEquals(withoutLink.substring(0, withoutLink.length() - 1)
                + ",\"link\":{\"id\":\"SPRING-SALE-01\",\"linkCode\":\"PL7Q2M8X1B7D3H5F0T\"}}", body);
        assertEquals(REF, notification.withSignature("x".repeat(128)).link());
        // the body signature covers link: the RFC 8785 form sorts it between customer and meta
        String signed = new NotificationSigner(WebhookSecret.parse(NotificationVectors.SECRET)).withBodySignature(body);
        NotificationVerifier.of(NotificationVectors.SECRET).verifyBodySignature(signed);
        String canonical = CanonicalJson.canonicalizeWithoutSignature(signed);
        int link = canonical.indexOf("\"link\":{\"id\":\"SPRING-SALE-01\",\"linkCode\":\"PL7Q2M8X1B7D3H5F0T\"}");
        assertTrue(link > canonical.indexOf("\"customer\":") && link < canonical.indexOf("\"meta\":"), canonical);
        Mac mac = Mac.getInstance("HmacSHA512");
        mac.init(new SecretKeySpec(HexFormat.of().parseHex(NotificationVectors.SECRET_KEY_HEX), "HmacSHA512"));
        assertEquals(HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8))),
                Json.read(signed, PaymentNotification.class).signature());
    }

    @Test
    void aPaymentOutsideALinkHasNoLinkMember() {
        String event = EventEnvelope.of("demo", 1, Samples.captured(), CLOCK).toJson();
        assertFalse(event.contains("\"link\""), event);
        assertEquals(NotificationVectors.PAYMENT_BODY, Json.write(Samples.captured().toNotification()));
        assertEquals(Samples.captured(), Samples.captured().withLink(null));
    }
}
