package io.paygate.qa;

import io.paygate.model.api.merchant.IpAllowlistChange;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.json.Json;
import io.paygate.qa.StandIn.Reply;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.paygate.qa.MerchantAdminTest.error;
import static io.paygate.qa.MerchantAdminTest.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit's self-service calls (docs/contract.md §10) against a merchant-service stand-in that verifies each request's
 * merchant signature with common-model's verifier and keeps the merchant's live client secrets as the contract says:
 * a rotation adds the new one beside the previous, ending the previous leaves the new one alone. The other services'
 * URL leads nowhere: every call goes to merchant-service's.
 */
@ExtendWith(WithoutEnvironment.class)
class MerchantSelfServiceTest {

    static final String SECRET = "qa-client-secret";
    static final String NEW_SECRET = "qa-client-secret-2";
    static final String NOTIFICATION_SECRET = "whsec_cWEtbm90aWZpY2F0aW9uLXNlY3JldC0xMjM0NQ==";

    StandIn merchantService;
    Paygate paygate;
    /** The client secrets merchant-service accepts now. */
    final List<String> live = new ArrayList<>(List.of(SECRET));

    @BeforeEach
    void start() throws IOException {
        merchantService = new StandIn(this::route);
        String nowhere = "http://127.0.0.1:9";
        paygate = Paygate.of(new PaygateTarget(nowhere, nowhere, nowhere, "qa", SECRET, NOTIFICATION_SECRET,
                PaygateTarget.DEFAULT_CALLBACK_URL, Optional.empty(), Optional.of(merchantService.url())));
    }

    @AfterEach
    void stop() {
        merchantService.close();
    }

    private Reply route(StandIn.Request request) {
        synchronized (live) {
            if (live.stream().noneMatch(secret -> request.signedBy("qa", secret))) {
                return error(401, "4011200", "Unauthorized. Invalid signature");
            }
        }
        String body = request.body();
        return switch (request.method() + " " + request.target()) {
            case "GET /pg/merchant" -> Reply.ok(view("qa", "ACTIVE", 2, ""));
            case "POST /pg/merchant/client-secret/rotate" -> {
                synchronized (live) {
                    live.clear();
                    live.addAll(List.of(NEW_SECRET, SECRET));
                }
                yield Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"clientSecret\":\""
                        + NEW_SECRET + "\",\"previousExpiresAt\":\"2026-11-21T04:15:30Z\"}");
            }
            case "DELETE /pg/merchant/client-secret/previous" -> {
                synchronized (live) {
                    live.remove(SECRET);
                }
                yield Reply.ok(view("qa", "ACTIVE", 4, ""));
            }
            case "POST /pg/merchant/notification-secret/rotate" -> Reply.ok("{\"responseCode\":\"2000000\","
                    + "\"responseMessage\":\"Success\",\"notificationSecret\":\"whsec_bmV3\",\"previousExpiresAt\":"
                    + "\"2026-11-22T03:15:30Z\"}");
            case "POST /pg/merchant/notification-secret/activate" -> Reply.ok(view("qa", "ACTIVE", 6,
                    ",\"notificationSecretActivated\":true,\"previousNotificationSecretExpiresAt\":"
                    + "\"2026-11-22T03:15:30Z\""));
            case "PUT /pg/merchant/snap-public-key" -> body.contains("\"publicKey\":\"not a key\"")
                    ? error(400, "4001201", "Invalid Field Format publicKey")
                    : Reply.ok(view("qa", "ACTIVE", 7, ",\"snap\":{\"clientKey\":\"qa\",\"publicKey\":\"NEW-PEM\","
                    + "\"previousPublicKey\":\"OLD-PEM\",\"previousPublicKeyExpiresAt\":\"2026-11-21T04:15:30Z\"}"));
            case "PUT /pg/merchant/ip-allowlist" -> body.contains("198.51.100.0/24") && !body.contains("\"force\":true")
                    ? error(409, "4091200", "Conflict. the list refuses 127.0.0.1, this request's address")
                    : Reply.ok(view("qa", "ACTIVE", 8, "").replace("\"ipAllowlist\":[]",
                    "\"ipAllowlist\":" + Json.tree(body).path("cidrs")));
            default -> error(404, "4041200", "Not Found");
        };
    }

    @Test
    void theProfileIsReadSignedAtMerchantService() {
        MerchantView profile = paygate.selfService().profile();
        assertEquals("qa", profile.id());
        assertEquals(2, profile.version());
        assertEquals("GET /pg/merchant", merchantService.last().line());
        assertEquals(200, paygate.selfService().profileReply().statusCode());

        Paygate forged = Paygate.of(paygate.target().withClientSecret("not-the-secret"));
        assertEquals(401, forged.selfService().profileReply().statusCode());
        AssertionError refused = assertThrows(AssertionError.class, () -> forged.selfService().profile());
        assertTrue(refused.getMessage().contains("the profile of qa: expected HTTP 200, got 401"),
                refused.getMessage());
    }

    @Test
    void aRotatedClientSecretSignsBesideThePreviousUntilThePreviousIsEnded() {
        RotatedSecret rotated = paygate.selfService().rotateClientSecret(3600);
        assertEquals("POST /pg/merchant/client-secret/rotate {\"graceSeconds\":3600}", merchantService.last().line());
        assertEquals(NEW_SECRET, rotated.clientSecret());
        assertEquals(Instant.parse("2026-11-21T04:15:30Z"), rotated.previousExpiresAt());
        assertFalse(rotated.toString().contains(NEW_SECRET));

        Paygate renewed = Paygate.of(paygate.target().withClientSecret(rotated.clientSecret()));
        assertEquals("qa", renewed.target().merchantId());
        assertEquals(NOTIFICATION_SECRET, renewed.target().notificationSecret());
        assertTrue(merchantServiceSaw(() -> renewed.selfService().profile()).signedBy("qa", NEW_SECRET));
        assertEquals(200, paygate.selfService().profileReply().statusCode(), "the previous one, during its grace");

        renewed.selfService().endPreviousClientSecret();
        assertEquals("DELETE /pg/merchant/client-secret/previous", merchantService.last().line());
        assertEquals(401, paygate.selfService().profileReply().statusCode(), "the previous one, ended");
        assertEquals(200, renewed.selfService().profileReply().statusCode());
        assertEquals(401, paygate.selfService().endPreviousClientSecretReply().statusCode());

        renewed.selfService().rotateClientSecret(null);
        assertEquals("POST /pg/merchant/client-secret/rotate {}", merchantService.last().line(),
                "no grace given: the gateway's default");
    }

    @Test
    void aNotificationSecretIsRotatedThenActivated() {
        RotatedSecret rotated = paygate.selfService().rotateNotificationSecret(86_400);
        assertEquals("POST /pg/merchant/notification-secret/rotate {\"graceSeconds\":86400}",
                merchantService.last().line());
        assertEquals("whsec_bmV3", rotated.notificationSecret());
        assertEquals("whsec_bmV3", paygate.target().withNotificationSecret(rotated.notificationSecret())
                .notificationSecret());

        MerchantView activated = paygate.selfService().activateNotificationSecret();
        assertEquals("POST /pg/merchant/notification-secret/activate", merchantService.last().line());
        assertTrue(activated.notificationSecretActivated());
        assertEquals(Instant.parse("2026-11-22T03:15:30Z"), activated.previousNotificationSecretExpiresAt());
        assertEquals(200, paygate.selfService().activateNotificationSecretReply().statusCode());
        assertEquals(200, paygate.selfService().rotateNotificationSecretReply("{}").statusCode());
        assertEquals("POST /pg/merchant/notification-secret/rotate {}", merchantService.last().line());
    }

    @Test
    void aNewSnapPublicKeyKeepsThePreviousForItsGrace() {
        MerchantView changed = paygate.selfService().snapPublicKey("NEW-PEM", 600);
        assertEquals("PUT /pg/merchant/snap-public-key {\"publicKey\":\"NEW-PEM\",\"graceSeconds\":600}",
                merchantService.last().line());
        assertEquals("OLD-PEM", changed.snap().previousPublicKey());
        paygate.selfService().snapPublicKey("NEW-PEM", null);
        assertEquals("PUT /pg/merchant/snap-public-key {\"publicKey\":\"NEW-PEM\"}", merchantService.last().line());

        Response refused = paygate.selfService().snapPublicKeyReply("{\"publicKey\":\"not a key\"}");
        assertEquals(400, refused.statusCode());
        assertEquals("Invalid Field Format publicKey", refused.jsonPath().getString("responseMessage"));
        assertThrows(AssertionError.class, () -> paygate.selfService().snapPublicKey("not a key", null));
    }

    @Test
    void anAllowlistThatLocksOutItsCallerIsRefusedUnlessForced() {
        Response refused = paygate.selfService().ipAllowlistReply(new IpAllowlistChange(List.of("198.51.100.0/24"),
                null));
        assertEquals(409, refused.statusCode());
        assertEquals("PUT /pg/merchant/ip-allowlist {\"cidrs\":[\"198.51.100.0/24\"]}", merchantService.last().line());
        AssertionError conflict = assertThrows(AssertionError.class,
                () -> paygate.selfService().ipAllowlist(List.of("198.51.100.0/24")));
        assertTrue(conflict.getMessage().contains("4091200"), conflict.getMessage());

        MerchantView forced = paygate.selfService().ipAllowlist(List.of("198.51.100.0/24"), true);
        assertEquals("PUT /pg/merchant/ip-allowlist {\"cidrs\":[\"198.51.100.0/24\"],\"force\":true}",
                merchantService.last().line());
        assertEquals(List.of("198.51.100.0/24"), forced.ipAllowlist());
        assertEquals(List.of(), paygate.selfService().ipAllowlist(List.of()).ipAllowlist());
        assertEquals("PUT /pg/merchant/ip-allowlist {\"cidrs\":[]}", merchantService.last().line());
    }

    @Test
    void withoutMerchantServicesUrlTheCallNamesTheSetting() {
        String nowhere = "http://127.0.0.1:9";
        Paygate threeServices = Paygate.of(new PaygateTarget(nowhere, nowhere, nowhere, "qa", SECRET,
                NOTIFICATION_SECRET, PaygateTarget.DEFAULT_CALLBACK_URL, Optional.empty()));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> threeServices.selfService().profile());
        assertTrue(e.getMessage().contains("paygate.merchant-service-url (PAYGATE_MERCHANT_SERVICE_URL)"),
                e.getMessage());
        assertTrue(merchantService.received().isEmpty());
    }

    /** The request merchant-service received for {@code call}. */
    private StandIn.Request merchantServiceSaw(Runnable call) {
        call.run();
        return merchantService.last();
    }
}
