package io.paygate.qa;

import io.paygate.model.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PaygateTest} run by a JUnit launcher as a suite would run it, with and without the settings. */
@ExtendWith(WithoutEnvironment.class)
class PaygateExtensionTest {

    private static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    private static final List<String> SETTINGS = List.of("paygate.base-url", "paygate.payment-url",
            "paygate.binding-url", "paygate.notification-url", "paygate.merchant", "paygate.client-secret",
            "paygate.notification-secret", "paygate.callback-url", "paygate.ops-token", "paygate.receiver.host",
            "paygate.receiver.port", "paygate.receiver.public-url", "paygate.merchant-service-url");

    /** What the tests of {@link SuiteUnderTest} saw, in order. */
    static final List<Object> SEEN = new ArrayList<>();

    @PaygateTest
    static class SuiteUnderTest {

        @Test
        void first(Paygate paygate, CallbackReceiver receiver) {
            SEEN.add(paygate.target());
            SEEN.add(receiver);
        }

        @Test
        void second(PaygateTarget target, CallbackReceiver receiver) {
            SEEN.add(target);
            SEEN.add(receiver);
        }
    }

    @PaygateTest
    @ThrowAwayMerchant
    static class ThrowAwaySuite {

        @Test
        void first(Paygate paygate, CallbackReceiver receiver, MerchantAdmin admin) {
            SEEN.add(paygate.target());
            SEEN.add(receiver);
            SEEN.add(admin);
        }

        @Test
        void second(PaygateTarget target) {
            SEEN.add(target);
        }
    }

    private record Outcome(Map<String, String> skipped, Map<String, TestExecutionResult> finished) {
    }

    private static Outcome run(Map<String, String> properties) {
        return run(SuiteUnderTest.class, properties);
    }

    private static Outcome run(Class<?> suite, Map<String, String> properties) {
        Map<String, String> before = new LinkedHashMap<>();
        SETTINGS.forEach(name -> before.put(name, System.clearProperty(name)));
        properties.forEach(System::setProperty);
        SEEN.clear();
        Map<String, String> skipped = new LinkedHashMap<>();
        Map<String, TestExecutionResult> finished = new LinkedHashMap<>();
        try {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(suite)).build(),
                    new TestExecutionListener() {
                        @Override
                        public void executionSkipped(TestIdentifier test, String reason) {
                            skipped.put(test.getDisplayName(), reason);
                        }

                        @Override
                        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                            if (test.isTest()) {
                                finished.put(test.getDisplayName(), result);
                            }
                        }
                    });
        } finally {
            SETTINGS.forEach(System::clearProperty);
            before.forEach((name, value) -> {
                if (value != null) {
                    System.setProperty(name, value);
                }
            });
        }
        return new Outcome(skipped, finished);
    }

    @Test
    void withoutTheSettingsTheSuiteIsSkippedNamingWhatIsMissing() {
        Outcome outcome = run(Map.of("paygate.merchant", "qa-team"));

        assertEquals(Map.of(), outcome.finished());
        assertEquals(1, outcome.skipped().size(), "the class, with its tests: " + outcome.skipped());
        String reason = outcome.skipped().values().iterator().next();
        assertTrue(reason.contains("paygate.base-url (PAYGATE_BASE_URL)"), reason);
        assertTrue(reason.contains("paygate.client-secret (PAYGATE_CLIENT_SECRET)"), reason);
        assertTrue(reason.contains("paygate.notification-secret (PAYGATE_NOTIFICATION_SECRET)"), reason);
        assertTrue(!reason.contains("paygate.merchant"), "the merchant was given: " + reason);
        assertTrue(SEEN.isEmpty());
    }

    @Test
    void withTheSettingsTestsGetTheTargetAndOneReceiverPerClassStoppedAfterIt() {
        Outcome outcome = run(Map.of("paygate.base-url", "https://staging.example.com/",
                "paygate.binding-url", "https://bind.staging.example.com", "paygate.merchant", "qa-team",
                "paygate.client-secret", "qa-secret", "paygate.notification-secret", SECRET));

        assertEquals(Map.of(), outcome.skipped());
        outcome.finished().forEach((name, result) ->
                assertEquals(TestExecutionResult.Status.SUCCESSFUL, result.getStatus(), name + ": " + result));
        assertEquals(4, SEEN.size());
        PaygateTarget target = (PaygateTarget) SEEN.get(0);
        assertEquals("https://staging.example.com", target.paymentUrl());
        assertEquals("https://bind.staging.example.com", target.bindingUrl());
        assertEquals("https://staging.example.com", target.notificationUrl());
        assertEquals("qa-team", target.merchantId());
        assertSame(SEEN.get(0), SEEN.get(2), "one target per class");
        CallbackReceiver receiver = (CallbackReceiver) SEEN.get(1);
        assertSame(receiver, SEEN.get(3), "one receiver per class");
        assertThrows(IOException.class, () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", receiver.port()), 1_000);
            }
        }, "stopped after the class");
    }

    @Test
    void aThrowAwaySuiteNeedsTheOperatorTokenAndNoMerchant() {
        Outcome outcome = run(ThrowAwaySuite.class, Map.of("paygate.base-url", "https://staging.example.com",
                "paygate.merchant", "qa-team"));

        assertEquals(Map.of(), outcome.finished());
        String reason = outcome.skipped().values().iterator().next();
        assertTrue(reason.contains("paygate.ops-token (PAYGATE_OPS_TOKEN)"), reason);
        assertFalse(reason.contains("client-secret"), "no configured merchant needed: " + reason);
    }

    @Test
    void aThrowAwaySuiteActsAsAMerchantOfItsOwnKnownEverywhereAndSuspendedAfterIt() throws IOException {
        try (StandIn gateway = new StandIn(PaygateExtensionTest::merchantService)) {
            Outcome outcome = run(ThrowAwaySuite.class, Map.of("paygate.base-url", gateway.url(),
                    "paygate.ops-token", MerchantAdminTest.OPS_TOKEN));

            assertEquals(Map.of(), outcome.skipped());
            outcome.finished().forEach((name, result) ->
                    assertEquals(TestExecutionResult.Status.SUCCESSFUL, result.getStatus(), name + ": " + result));
            assertEquals(4, SEEN.size());
            List<Object> targets = SEEN.stream().filter(PaygateTarget.class::isInstance).toList();
            assertEquals(2, targets.size());
            PaygateTarget target = (PaygateTarget) targets.getFirst();
            assertSame(target, targets.getLast(), "one merchant per class");
            assertTrue(target.merchantId().matches("qa-throwawaysuite-[a-z0-9]{8}"), target.merchantId());
            assertEquals("cs-" + target.merchantId(), target.clientSecret());
            assertEquals(SECRET, target.notificationSecret(), "the receiver verifies with it");
            assertEquals(1, SEEN.stream().filter(MerchantAdmin.class::isInstance).count());

            List<String> lines = gateway.lines();
            String id = target.merchantId();
            assertEquals("POST /admin/merchants {\"id\":\"" + id + "\",\"name\":\"paygate-qa ThrowAwaySuite\","
                    + "\"provider\":\"sandbox\"}", lines.getFirst());
            assertEquals(List.of("GET /pg/payments?limit=1", "GET /pg/payment/card/directdebit/bind/qa-probe",
                    "GET /pg/notifications?limit=1"), lines.subList(1, 4), "known at every service before the tests");
            assertTrue(gateway.received().subList(1, 4).stream().allMatch(r -> r.signedBy(id, "cs-" + id)));
            assertEquals("POST /admin/merchants/" + id + "/suspend {\"reason\":\"paygate-qa: ThrowAwaySuite "
                    + "finished\"}", lines.getLast(), "retired after the class");
            assertEquals(5, lines.size());
            assertTrue(gateway.last().bearer(MerchantAdminTest.OPS_TOKEN));
        }
    }

    /** merchant-service creating and suspending merchants, and the services knowing each at once. */
    private static StandIn.Reply merchantService(StandIn.Request request) {
        if (request.target().startsWith("/pg/")) {
            String id = request.header("X-PARTNER-ID");
            return id != null && request.signedBy(id, "cs-" + id) ? StandIn.Reply.ok("{\"responseCode\":\"2000000\"}")
                    : StandIn.Reply.unauthorized();
        }
        if (!request.bearer(MerchantAdminTest.OPS_TOKEN)) {
            return StandIn.Reply.unauthorized();
        }
        if (request.target().equals("/admin/merchants")) {
            String id = Json.tree(request.body()).path("id").asText();
            return new StandIn.Reply(201, MerchantAdminTest.view(id, "ACTIVE", 1, ",\"clientSecret\":\"cs-" + id
                    + "\",\"notificationSecret\":\"" + SECRET + "\""));
        }
        return StandIn.Reply.ok(MerchantAdminTest.view("x", "SUSPENDED", 2, ""));
    }
}
