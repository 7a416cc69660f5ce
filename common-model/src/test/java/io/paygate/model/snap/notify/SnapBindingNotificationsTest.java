package io.paygate.model.snap.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.json.Json;
import io.paygate.model.snap.SnapNotificationSigner;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.testing.Samples;
import io.paygate.model.testing.SnapVectors;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import static io.paygate.model.testing.SnapVectors.BINDING_NOTIFICATION_BODY;
import static io.paygate.model.testing.SnapVectors.BINDING_NOTIFICATION_PATH;
import static io.paygate.model.testing.SnapVectors.BINDING_NOTIFICATION_SHA256;
import static io.paygate.model.testing.SnapVectors.BINDING_NOTIFICATION_SIGNATURE;
import static io.paygate.model.testing.SnapVectors.NOTIFICATION_TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9: the SNAP binding notification's body, and the binding event's optional {@code snap} member. The
 * expected body and signature are the published vector (written by hand, signed with openssl), not this code's output.
 */
class SnapBindingNotificationsTest {

    private static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");
    private static final Instant AT = Instant.parse("2026-11-21T03:19:58Z");
    private static final String ID = "bnd_7Q2M8X1B7D3H5F0T6W4K9Q2M";
    private static final SnapBindingOrigin SNAP = new SnapBindingOrigin("BIND-0001", "+62 \u2022\u2022\u2022\u2022 7890",
            null);

    @Test
    void anActiveBindingsBodyIsThePublishedVectorByteForByte() throws Exception {
        String body = SnapNotifyJson.write(SnapBindingNotifications.body(event(BindingStatus.ACTIVE, SNAP), "demo", AT,
                JAKARTA).orElseThrow());
        assertEquals(BINDING_NOTIFICATION_BODY, body);
        ObjectMapper plain = new ObjectMapper();
        assertEquals(body, plain.writeValueAsString(plain.readTree(body)), "JSON.stringify(JSON.parse(body))");
        assertEquals(BINDING_NOTIFICATION_SHA256, SnapTransactionSigner.bodyHash(body.getBytes(StandardCharsets.UTF_8)));
        SnapNotificationSigner signer = SnapNotificationSigner.of(SnapVectors.sandboxKey("gateway-demo-private.pem"));
        assertEquals(BINDING_NOTIFICATION_SIGNATURE, signer.sign(BINDING_NOTIFICATION_PATH, body, NOTIFICATION_TIMESTAMP));
        Clock then = Clock.fixed(Instant.parse("2026-11-21T03:20:00Z"), ZoneOffset.UTC);
        SnapNotificationVerifier verifier = new SnapNotificationVerifier(then, Duration.ofSeconds(300),
                List.of(SnapKeys.publicKey(SnapVectors.sandboxKey("gateway-demo-public.pem"))));
        assertDoesNotThrow(() -> verifier.verify(BINDING_NOTIFICATION_PATH, body, NOTIFICATION_TIMESTAMP,
                BINDING_NOTIFICATION_SIGNATURE));
    }

    @Test
    void theMerchantGuidePublishesThisVector() {
        String guide = SnapVectors.repositoryFile("docs/merchant-guide.md");
        for (String published : List.of(BINDING_NOTIFICATION_BODY, BINDING_NOTIFICATION_SHA256,
                BINDING_NOTIFICATION_SIGNATURE, "POST:" + BINDING_NOTIFICATION_PATH + ":")) {
            assertTrue(guide.contains(published), "docs/merchant-guide.md holds " + published);
        }
        assertTrue(SnapVectors.repositoryFile("docs/contract.md").contains(BINDING_NOTIFICATION_BODY),
                "contract §9's example is the vector's body");
    }

    @Test
    void aFailedBindingSaysWhyAndHasNoToken() {
        AccountBindingNotification failed = SnapBindingNotifications.body(event(BindingStatus.FAILED,
                new SnapBindingOrigin("BIND-0002", null, "EXPIRED")), "demo", AT, JAKARTA).orElseThrow();
        assertEquals("{\"partnerReferenceNo\":\"BIND-0002\",\"referenceNo\":\"" + ID + "\",\"additionalInfo\":"
                + "{\"status\":\"FAILED\",\"channel\":\"BCA_DD\",\"failureReason\":\"EXPIRED\","
                + "\"finishedTime\":\"2026-11-21T10:19:58+07:00\",\"merchantId\":\"demo\"}}",
                SnapNotifyJson.write(failed));
        AccountBindingNotification unbound = SnapBindingNotifications.body(event(BindingStatus.UNBOUND,
                new SnapBindingOrigin("BIND-0001", "+62 \u2022\u2022\u2022\u2022 7890", "EXPIRED")), "demo", AT,
                ZoneOffset.UTC).orElseThrow();
        assertNull(unbound.accountToken(), "an unbound binding's token is no longer usable");
        assertNull(unbound.additionalInfo().failureReason(), "only a FAILED binding has a reason");
        assertEquals("UNBOUND", unbound.additionalInfo().status());
        assertEquals("2026-11-21T03:19:58Z", unbound.additionalInfo().finishedTime());
    }

    /** docs/contract.md §9: every SNAP notify body names its merchant: a relayed one is told apart from one's own. */
    @Test
    void theBodyNamesTheMerchantItIsForAndNeedsOne() {
        assertEquals("demo2", SnapBindingNotifications.body(event(BindingStatus.ACTIVE, SNAP), "demo2", AT, JAKARTA)
                .orElseThrow().additionalInfo().merchantId());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> SnapBindingNotifications.body(event(BindingStatus.ACTIVE, SNAP), null, AT, JAKARTA));
        assertEquals("merchantId is missing", none.getMessage());
    }

    @Test
    void onlyADecidedOrRemovedSnapBindingMakesOne() {
        assertEquals(Optional.empty(), SnapBindingNotifications.body(event(BindingStatus.PENDING, SNAP), "demo", AT,
                JAKARTA));
        for (BindingStatus status : BindingStatus.values()) {
            assertEquals(Optional.empty(), SnapBindingNotifications.body(event(status, null), "demo", AT, JAKARTA),
                    "a binding made through /pg/… only: " + status);
        }
        assertThrows(IllegalArgumentException.class, () -> SnapBindingNotifications.body(event(BindingStatus.ACTIVE,
                new SnapBindingOrigin(" ", null, null)), "demo", AT, JAKARTA), "snap.partnerReferenceNo is missing");
        assertThrows(IllegalArgumentException.class, () -> SnapBindingNotifications.body(
                new BindingStatusChanged(ID, BindingStatus.ACTIVE, null, Samples.CUSTOMER, SNAP), "demo", AT, JAKARTA));
    }

    @Test
    void theEventCarriesSnapOnlyForASnapBindingAndOldEventsStillRead() {
        BindingStatusChanged plain = event(BindingStatus.ACTIVE, null);
        assertFalse(Json.write(plain).contains("snap"), "a /pg binding's event is what it always was");
        assertEquals(Json.write(plain), Json.write(new BindingStatusChanged(ID, BindingStatus.ACTIVE, "BCA_DD",
                Samples.CUSTOMER)));
        BindingStatusChanged snap = plain.withSnap(SNAP);
        assertTrue(Json.write(snap).contains("\"snap\":{\"partnerReferenceNo\":\"BIND-0001\""), Json.write(snap));
        assertEquals(plain.toNotification(), snap.toNotification(), "the §6 notification is the same");

        EventEnvelope old = EventEnvelope.fromJson("{\"eventId\":\"00000000-0000-0000-0000-000000000001\","
                + "\"type\":\"BindingStatusChanged\",\"occurredAt\":\"2026-11-21T03:15:42Z\",\"merchantId\":\"demo\","
                + "\"resourceId\":\"BND-1\",\"sequence\":1,\"data\":{\"bindingId\":\"BND-1\",\"status\":\"ACTIVE\","
                + "\"sourceOfFundsType\":\"BCA_DD\"}}");
        BindingStatusChanged read = old.dataAs(BindingStatusChanged.class);
        assertEquals(BindingStatus.ACTIVE, read.status());
        assertNull(read.snap());
        EventEnvelope current = EventEnvelope.of("demo", 2, snap, Clock.systemUTC());
        assertEquals(snap, EventEnvelope.fromJson(current.toJson()).dataAs(BindingStatusChanged.class));
    }

    private static BindingStatusChanged event(BindingStatus status, SnapBindingOrigin snap) {
        return new BindingStatusChanged(ID, status, "BCA_DD", Samples.CUSTOMER, snap);
    }
}
