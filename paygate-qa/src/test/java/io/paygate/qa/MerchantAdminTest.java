package io.paygate.qa;

import io.paygate.model.api.merchant.AuditEntry;
import io.paygate.model.api.merchant.AuditPage;
import io.paygate.model.api.merchant.MerchantList;
import io.paygate.model.api.merchant.MerchantRequest;
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
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit's operator API calls (docs/contract.md §10) against a merchant-service stand-in that answers only requests
 * bearing an operator's token, and the throw-away merchant they create: signed with the secrets of the 201, waited for
 * until each service takes its signature.
 */
@ExtendWith(WithoutEnvironment.class)
class MerchantAdminTest {

    static final String OPS_TOKEN = "qa-ops-token";
    static final String ALICE_TOKEN = "qa-alice-token";
    static final String NEW_NOTIFICATION_SECRET = "whsec_bmV3LXFhLW5vdGlmaWNhdGlvbi1zZWNyZXQtMTIzNA==";

    StandIn gateway;
    MerchantAdmin admin;
    /** How many signed reads payment-service answers 401 before it knows a created merchant. */
    final AtomicInteger unknownFor = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        gateway = new StandIn(this::route);
        admin = Paygate.of(PaygateTarget.of(gateway.url(), "qa", "qa-client-secret",
                "whsec_cWEtbm90aWZpY2F0aW9uLXNlY3JldC0xMjM0NQ==").withOpsToken(OPS_TOKEN)).admin();
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    static String view(String id, String status, int version, String more) {
        return "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"id\":\"" + id + "\",\"name\":\"Acme "
                + "Store\",\"status\":\"" + status + "\",\"provider\":\"sandbox\",\"currency\":\"IDR\",\"methods\":[],"
                + "\"ipAllowlist\":[],\"clientSecretRotatedAt\":\"2026-11-21T03:15:30Z\",\"version\":" + version
                + ",\"createdAt\":\"2026-11-21T03:15:30Z\",\"updatedAt\":\"2026-11-21T03:16:00Z\"" + more + "}";
    }

    static Reply error(int status, String code, String message) {
        return new Reply(status, "{\"responseCode\":\"" + code + "\",\"responseMessage\":\"" + message + "\"}");
    }

    private Reply route(StandIn.Request request) {
        String target = request.target();
        if (target.startsWith("/pg/")) {
            return probe(request);
        }
        if (!request.bearer(OPS_TOKEN) && !request.bearer(ALICE_TOKEN)) {
            return Reply.unauthorized();
        }
        String method = request.method();
        if (method.equals("POST") && target.equals("/admin/merchants")) {
            String id = Json.tree(request.body()).path("id").asText();
            if (id.equals("taken")) {
                return error(409, "4091200", "Conflict. merchant taken exists");
            }
            if (id.equals("odd")) { // a success with another status than the contract's, secrets included
                return Reply.ok(view(id, "ACTIVE", 1, ",\"clientSecret\":\"cs-odd\",\"notificationSecret\":\""
                        + NEW_NOTIFICATION_SECRET + "\""));
            }
            return new Reply(201, view(id, "ACTIVE", 1, ",\"clientSecret\":\"cs-" + id + "\",\"notificationSecret\":\""
                    + NEW_NOTIFICATION_SECRET + "\""));
        }
        if (method.equals("GET") && (target.equals("/admin/merchants") || target.startsWith("/admin/merchants?"))) {
            return Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"merchants\":["
                    + view("acme", "SUSPENDED", 4, "").replace("\"responseCode\":\"2000000\",\"responseMessage\":"
                    + "\"Success\",", "") + "],\"nextCursor\":\"c2\"}");
        }
        if (method.equals("GET") && target.startsWith("/admin/audit")) {
            if (target.contains("from=yesterday")) {
                return error(400, "4001201", "Invalid Field Format from");
            }
            return Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"entries\":[{\"at\":"
                    + "\"2026-11-21T03:15:30.123Z\",\"actor\":\"operator:ops\",\"action\":\"suspend\",\"merchantId\":"
                    + "\"acme\",\"requestId\":\"r-1\",\"sourceAddress\":\"203.0.113.7\",\"changed\":[\"status\","
                    + "\"suspendedReason\"]}],\"nextCursor\":\"a2\"}");
        }
        String[] parts = target.split("/", 5); // "", admin, merchants, id, action
        String id = parts.length > 3 ? parts[3] : "";
        String action = parts.length > 4 ? parts[4] : "";
        if (id.equals("nobody")) {
            return error(404, "4041201", "Transaction Not Found");
        }
        return switch (method + " " + action) {
            case "GET " -> Reply.ok(view(id, "ACTIVE", 3, ""));
            case "PATCH " -> request.header("Content-Type").startsWith("application/merge-patch+json")
                    ? Reply.ok(view(id, "ACTIVE", 4, "").replace("Acme Store", "After"))
                    : error(415, "4151200", "Unsupported Media Type");
            case "POST suspend" -> id.equals("gone") ? error(409, "4091200", "Conflict. merchant gone is already "
                    + "suspended") : Reply.ok(view(id, "SUSPENDED", 5, ",\"suspendedReason\":\"chargebacks\""));
            case "POST reactivate" -> Reply.ok(view(id, "ACTIVE", 6, ""));
            case "POST client-secret/rotate" -> request.body().contains("700000")
                    ? error(400, "4001201", "Invalid Field Format graceSeconds")
                    : Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"clientSecret\":"
                    + "\"new-client-secret\",\"previousExpiresAt\":\"2026-11-21T04:15:30Z\"}");
            case "POST notification-secret/rotate" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":"
                    + "\"Success\",\"notificationSecret\":\"" + NEW_NOTIFICATION_SECRET + "\",\"previousExpiresAt\":"
                    + "\"2026-11-22T03:15:30Z\"}");
            case "POST snap-signing-key/rotate" -> Reply.ok(view(id, "ACTIVE", 7, ",\"snap\":{\"clientKey\":\"ck\","
                    + "\"signingKeys\":[{\"use\":\"current\",\"publicKey\":\"PEM-1\"},{\"use\":\"next\",\"publicKey\":"
                    + "\"PEM-2\",\"activateAt\":\"2026-11-30T17:00:00Z\"}]}"));
            case "POST snap-signing-key/activate" -> Reply.ok(view(id, "ACTIVE", 8, ",\"snap\":{\"clientKey\":\"ck\","
                    + "\"signingKeys\":[{\"use\":\"current\",\"publicKey\":\"PEM-2\"},{\"use\":\"previous\","
                    + "\"publicKey\":\"PEM-1\"}]}"));
            default -> error(404, "4041200", "Not Found");
        };
    }

    /** payment-, binding- and notification-service's signed reads: a created merchant is known after a while. */
    private Reply probe(StandIn.Request request) {
        String merchant = request.header("X-PARTNER-ID");
        if (merchant == null || !request.signedBy(merchant, "cs-" + merchant)) {
            return Reply.unauthorized();
        }
        if (request.target().startsWith("/pg/payments") && unknownFor.getAndDecrement() > 0) {
            return Reply.unauthorized();
        }
        return request.target().startsWith("/pg/payment/card/directdebit/bind/")
                ? error(404, "4040201", "Transaction Not Found")
                : Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\"}");
    }

    /** The query parameters of a GET of {@code path}, as sent (a {@link ListQuery} keeps no order). */
    static Set<String> query(StandIn.Request request, String path) {
        assertEquals("GET", request.method());
        assertTrue(request.target().startsWith(path + "?"), request.target());
        return Set.of(request.target().substring(path.length() + 1).split("&"));
    }

    @Test
    void aCreatedMerchantSignsWithTheSecretsOfThe201AndIsWaitedForAtEveryService() {
        CreatedMerchant created = admin.create(new MerchantRequest("acme-store", "Acme Store", null, "IDR", null,
                null, List.of("CARD", "QRIS"), null, null, null, null));

        StandIn.Request sent = gateway.last();
        assertEquals("POST /admin/merchants {\"id\":\"acme-store\",\"name\":\"Acme Store\",\"currency\":\"IDR\","
                + "\"methods\":[\"CARD\",\"QRIS\"]}", sent.line(), "no null member sent");
        assertEquals("application/json", sent.header("Content-Type"));
        assertTrue(sent.bearer(OPS_TOKEN));
        assertEquals("acme-store", created.id());
        assertEquals("cs-acme-store", created.clientSecret());
        assertEquals(NEW_NOTIFICATION_SECRET, created.notificationSecret());
        assertEquals(1, created.merchant().version());
        assertNull(created.merchant().clientSecret(), "the secrets live in the target alone");
        assertFalse(created.toString().contains("cs-acme-store"), created.toString());
        assertFalse(created.toString().contains(NEW_NOTIFICATION_SECRET), created.toString());
        assertEquals(gateway.url(), created.target().paymentUrl());
        assertEquals(Optional.of(gateway.url()), created.target().merchantServiceUrl());
        assertEquals(Optional.of(OPS_TOKEN), created.target().opsToken());

        unknownFor.set(2);
        int before = gateway.received().size();
        assertTrue(created == created.awaitKnown(Duration.ofSeconds(10)));
        List<StandIn.Request> probes = gateway.received().subList(before, gateway.received().size());
        assertEquals(List.of("GET /pg/payments?limit=1", "GET /pg/payments?limit=1", "GET /pg/payments?limit=1",
                "GET /pg/payment/card/directdebit/bind/qa-probe", "GET /pg/notifications?limit=1"),
                probes.stream().map(StandIn.Request::line).toList(), "payment-service asked until it knew it");
        assertTrue(probes.stream().allMatch(p -> p.signedBy("acme-store", "cs-acme-store")));
        assertEquals(200, created.paygate().lists().fetch("/pg/payments", ListQuery.all()).statusCode(),
                "its Paygate signs as it");

        unknownFor.set(Integer.MAX_VALUE);
        AssertionError never = assertThrows(AssertionError.class, () -> created.awaitKnown(Duration.ofMillis(300)));
        assertTrue(never.getMessage().contains("payment-service to know merchant acme-store"), never.getMessage());
    }

    @Test
    void anIdInUseIsTheRepliesConflictAndNothingIsReturned() {
        Response reply = admin.createReply("{\"id\":\"taken\",\"name\":\"Taken\"}");
        assertEquals(409, reply.statusCode());
        assertEquals("4091200", reply.jsonPath().getString("responseCode"));
        assertEquals("POST /admin/merchants {\"id\":\"taken\",\"name\":\"Taken\"}", gateway.last().line(),
                "a String is sent as it is");
        AssertionError refused = assertThrows(AssertionError.class, () -> admin.create(new MerchantRequest("taken",
                "Taken", null, null, null, null, null, null, null, null, null)));
        assertTrue(refused.getMessage().contains("creating merchant taken: expected HTTP 201, got 409"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("4091200"), "an error's reply is shown: " + refused.getMessage());

        AssertionError odd = assertThrows(AssertionError.class, () -> admin.create(new MerchantRequest("odd",
                "Odd", null, null, null, null, null, null, null, null, null)));
        assertTrue(odd.getMessage().contains("expected HTTP 201, got 200"), odd.getMessage());
        assertFalse(odd.getMessage().contains("cs-odd") || odd.getMessage().contains(NEW_NOTIFICATION_SECRET),
                "a reply that may hold a secret is never shown: " + odd.getMessage());
    }

    @Test
    void aThrowAwayMerchantIsASandboxMerchantNamedAfterItsSuiteWithAFreshId() {
        CreatedMerchant first = admin.createThrowAway("RefundsTest");
        CreatedMerchant second = admin.createThrowAway("RefundsTest");

        assertTrue(first.id().matches("qa-refundstest-[a-z0-9]{8}"), first.id());
        assertFalse(first.id().equals(second.id()));
        assertEquals("POST /admin/merchants {\"id\":\"" + first.id() + "\",\"name\":\"paygate-qa RefundsTest\","
                + "\"provider\":\"sandbox\"}", gateway.lines().getFirst());
        for (String label : List.of("A very long suite name that goes on and on", "Ünïcode & spaces", "---")) {
            String id = MerchantAdmin.throwAwayId(label);
            assertTrue(id.matches("qa-([a-z0-9]+(-[a-z0-9]+)*-)?[a-z0-9]{8}") && id.length() <= 32, id);
        }
        assertTrue(MerchantAdmin.throwAwayId("---").matches("qa-[a-z0-9]{8}"));
    }

    @Test
    void getListAndPatchSendWhatTheContractSaysAndParseTheMerchant() {
        MerchantView acme = admin.get("acme");
        assertEquals("GET /admin/merchants/acme", gateway.last().line());
        assertEquals("ACTIVE", acme.status());
        assertEquals(3, acme.version());
        assertEquals(Instant.parse("2026-11-21T03:15:30Z"), acme.clientSecretRotatedAt());
        assertEquals(404, admin.getReply("nobody").statusCode());
        AssertionError unknown = assertThrows(AssertionError.class, () -> admin.get("nobody"));
        assertTrue(unknown.getMessage().contains("4041201"), unknown.getMessage());

        MerchantList page = admin.list(ListQuery.all().status("SUSPENDED").limit(2).cursor("c1"));
        assertEquals(Set.of("status=SUSPENDED", "limit=2", "cursor=c1"), query(gateway.last(), "/admin/merchants"));
        assertEquals("acme", page.merchants().getFirst().id());
        assertEquals("SUSPENDED", page.merchants().getFirst().status());
        assertEquals("c2", page.nextCursor());
        assertEquals(200, admin.listReply(ListQuery.all()).statusCode());
        assertEquals("GET /admin/merchants", gateway.last().line());

        Map<String, Object> patch = new LinkedHashMap<>();
        patch.put("name", "Kopi Café");
        patch.put("fees", null);
        assertEquals("After", admin.patch("acme", patch).name());
        assertEquals("PATCH /admin/merchants/acme {\"name\":\"Kopi Café\",\"fees\":null}", gateway.last().line(),
                "a merge patch keeps its nulls (they remove members), in UTF-8");
        assertEquals(MerchantAdmin.MERGE_PATCH + "; charset=UTF-8", gateway.last().header("Content-Type"));
        assertEquals(200, admin.patchReply("acme", "{\"currency\":\"USD\"}").statusCode());
        assertEquals("PATCH /admin/merchants/acme {\"currency\":\"USD\"}", gateway.last().line());
    }

    @Test
    void suspendReactivateAndRetire() {
        MerchantView suspended = admin.suspend("acme", "chargebacks");
        assertEquals("POST /admin/merchants/acme/suspend {\"reason\":\"chargebacks\"}", gateway.last().line());
        assertEquals("SUSPENDED", suspended.status());
        assertEquals("chargebacks", suspended.suspendedReason());
        assertEquals("ACTIVE", admin.reactivate("acme").status());
        assertEquals("POST /admin/merchants/acme/reactivate", gateway.last().line());
        assertEquals(409, admin.suspendReply("gone", "{\"reason\":\"again\"}").statusCode());
        assertThrows(AssertionError.class, () -> admin.suspend("gone", "again"));
        assertThrows(AssertionError.class, () -> admin.reactivate("nobody"));

        admin.retire("acme", "suite over");
        assertEquals("POST /admin/merchants/acme/suspend {\"reason\":\"suite over\"}", gateway.last().line());
        admin.retire("gone", "suite over"); // already suspended: retired all the same
        AssertionError unknown = assertThrows(AssertionError.class, () -> admin.retire("nobody", "suite over"));
        assertTrue(unknown.getMessage().contains("retiring merchant nobody: expected HTTP 200, got 404"),
                unknown.getMessage());
    }

    @Test
    void rotationsSendTheGraceAndReturnTheNewSecretOnce() {
        RotatedSecret client = admin.rotateClientSecret("acme", 3600);
        assertEquals("POST /admin/merchants/acme/client-secret/rotate {\"graceSeconds\":3600}", gateway.last().line());
        assertEquals("new-client-secret", client.clientSecret());
        assertEquals(Instant.parse("2026-11-21T04:15:30Z"), client.previousExpiresAt());
        assertFalse(client.toString().contains("new-client-secret"));
        admin.rotateClientSecret("acme", null);
        assertEquals("POST /admin/merchants/acme/client-secret/rotate {}", gateway.last().line(),
                "no grace given: the gateway's default");
        Response refused = admin.rotateClientSecretReply("acme", "{\"graceSeconds\":700000}");
        assertEquals(400, refused.statusCode());
        assertEquals("Invalid Field Format graceSeconds", refused.jsonPath().getString("responseMessage"));
        assertThrows(AssertionError.class, () -> admin.rotateClientSecret("acme", 700_000));

        RotatedSecret notification = admin.rotateNotificationSecret("acme", 0);
        assertEquals("POST /admin/merchants/acme/notification-secret/rotate {\"graceSeconds\":0}",
                gateway.last().line());
        assertEquals(NEW_NOTIFICATION_SECRET, notification.notificationSecret());
        assertNull(notification.clientSecret());

        MerchantView next = admin.rotateSigningKey("acme", OffsetDateTime.of(2026, 12, 1, 0, 0, 0, 0,
                ZoneOffset.ofHours(7)));
        assertEquals("POST /admin/merchants/acme/snap-signing-key/rotate {\"activateAt\":\"2026-12-01T00:00+07:00\"}",
                gateway.last().line());
        assertEquals("next", next.snap().signingKeys().get(1).use());
        assertEquals(Instant.parse("2026-11-30T17:00:00Z"), next.snap().signingKeys().get(1).activateAt());
        admin.rotateSigningKey("acme", null);
        assertEquals("POST /admin/merchants/acme/snap-signing-key/rotate {}", gateway.last().line());
        assertEquals("PEM-2", admin.activateSigningKey("acme").snap().signingKeys().getFirst().publicKey());
        assertEquals("POST /admin/merchants/acme/snap-signing-key/activate", gateway.last().line());
        assertEquals(404, admin.activateSigningKeyReply("nobody").statusCode());
    }

    @Test
    void theAuditTrailIsAskedWithItsFiltersAndReadAsEntries() {
        OffsetDateTime from = OffsetDateTime.of(2026, 11, 21, 0, 0, 0, 0, ZoneOffset.ofHours(7));
        AuditPage page = admin.audit(ListQuery.all().merchant("acme").actor("operator:ops").from(from).limit(1));
        assertEquals(Set.of("merchant=acme", "actor=operator%3Aops", "from=2026-11-21T00%3A00%2B07%3A00", "limit=1"),
                query(gateway.last(), "/admin/audit"));
        AuditEntry entry = page.entries().getFirst();
        assertEquals(Instant.parse("2026-11-21T03:15:30.123Z"), entry.at());
        assertEquals("operator:ops", entry.actor());
        assertEquals("suspend", entry.action());
        assertEquals("r-1", entry.requestId());
        assertEquals(List.of("status", "suspendedReason"), entry.changed());
        assertEquals("a2", page.nextCursor());
        Response refused = admin.auditReply(ListQuery.all().with("from", "yesterday"));
        assertEquals(400, refused.statusCode());
        assertThrows(AssertionError.class, () -> admin.audit(ListQuery.all().with("from", "yesterday")));
    }

    @Test
    void everyCallBearsTheOperatorsTokenAndAnotherOperatorIsOneCallAway() {
        admin.get("acme");
        admin.as(ALICE_TOKEN).get("acme");
        AssertionError refused = assertThrows(AssertionError.class, () -> admin.as("not-a-token").get("acme"));
        assertTrue(refused.getMessage().contains("expected HTTP 200, got 401"), refused.getMessage());
        List<StandIn.Request> sent = gateway.received();
        assertTrue(sent.get(0).bearer(OPS_TOKEN));
        assertTrue(sent.get(1).bearer(ALICE_TOKEN));
        assertTrue(sent.get(2).bearer("not-a-token"));
        assertNull(sent.get(0).header("X-SIGNATURE"), "the operator API is not merchant-signed");

        PaygateTarget withoutToken = PaygateTarget.of(gateway.url(), "qa", "s", "whsec_cWE=");
        IllegalStateException noToken = assertThrows(IllegalStateException.class,
                () -> Paygate.of(withoutToken).admin());
        assertTrue(noToken.getMessage().contains("paygate.ops-token (PAYGATE_OPS_TOKEN)"), noToken.getMessage());
        PaygateTarget threeServices = new PaygateTarget(gateway.url(), gateway.url(), gateway.url(), "qa", "s",
                "whsec_cWE=", PaygateTarget.DEFAULT_CALLBACK_URL, Optional.of(OPS_TOKEN));
        IllegalStateException noUrl = assertThrows(IllegalStateException.class, () -> MerchantAdmin.of(threeServices));
        assertTrue(noUrl.getMessage().contains("paygate.merchant-service-url (PAYGATE_MERCHANT_SERVICE_URL) or "
                + "paygate.base-url (PAYGATE_BASE_URL)"), noUrl.getMessage());
    }

    @Test
    void fromTheSettingsAloneWithoutAMerchantEachServiceAtItsOwnUrl() {
        Map<String, String> settings = Map.of("paygate.payment-url", "http://127.0.0.1:1/payment",
                "paygate.binding-url", "http://127.0.0.1:1/binding", "paygate.notification-url",
                "http://127.0.0.1:1/notification", "paygate.merchant-service-url", gateway.url() + "/",
                "paygate.callback-url", "http://127.0.0.1:9/callback");
        settings.forEach(System::setProperty);
        try {
            List<String> missing = MerchantAdmin.missingSettings();
            assertEquals(List.of("paygate.ops-token (PAYGATE_OPS_TOKEN)"), missing);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    MerchantAdmin::fromSystemProperties);
            assertTrue(e.getMessage().contains("missing paygate.ops-token"), e.getMessage());

            System.setProperty("paygate.ops-token", OPS_TOKEN);
            PaygateTarget created = MerchantAdmin.fromSystemProperties().createThrowAway("settings").target();
            assertTrue(gateway.last().bearer(OPS_TOKEN));
            assertEquals("http://127.0.0.1:1/payment", created.paymentUrl());
            assertEquals("http://127.0.0.1:1/binding", created.bindingUrl());
            assertEquals("http://127.0.0.1:1/notification", created.notificationUrl());
            assertEquals(Optional.of(gateway.url()), created.merchantServiceUrl());
            assertEquals("http://127.0.0.1:9/callback", created.callbackUrl());
            assertTrue(created.merchantId().startsWith("qa-settings-"), created.merchantId());

            System.clearProperty("paygate.merchant-service-url");
            assertEquals(List.of("paygate.base-url (PAYGATE_BASE_URL) or paygate.merchant-service-url"),
                    MerchantAdmin.missingSettings());
        } finally {
            settings.keySet().forEach(System::clearProperty);
            System.clearProperty("paygate.ops-token");
        }
    }
}
