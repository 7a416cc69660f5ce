package io.paygate.e2e;

import io.paygate.e2e.Settlement.Report;
import io.paygate.e2e.Traffic.Tracked;
import io.paygate.model.json.Json;
import io.paygate.model.snap.binding.AccountInquiryRequest;
import io.paygate.qa.SnapClient;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.SnapClients;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hamcrest.Matchers.equalTo;

/**
 * The whole stack with three replicas of every service ({@link ReplicatedStack}), requests round robin over them,
 * and a merchant that takes up to {@value #MERCHANT_WORK_MS} ms per notification ({@link RacingMerchant}), so that
 * attempts for one resource could overlap across notification-service replicas (issue 16). Races of state changes
 * per resource: the merchant ends on the state the status API reports, every time. Then one replica of each service
 * killed mid-run, and a rolling restart of every replica under load: nothing lost, no notification id with two
 * bodies, no initiation failing other than cleanly. A subscription's cycles charged once each though the replica
 * holding one is killed; SNAP's token, X-EXTERNAL-ID, idempotency and notifications at three replicas, and one open
 * virtual account per number however many replicas race for it. Merchants as data (issue 45); the merchant's money
 * at three ledger replicas (issue 46: {@link LedgerFlows}); a single-use payment link opened by five customers at once
 * (issue 47: {@link LinkFlows}). Each test prints its figures.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnStack
class ReplicatedStackIT {

    static final long MERCHANT_WORK_MS = 700;
    static final int BINDINGS = 100;
    static final int PAYMENTS = 60;
    static final int TRANSFERS = 30;
    static final Duration SETTLE = Duration.ofSeconds(90);
    static ReplicatedStack replicas;
    RacingMerchant merchant;
    Traffic traffic;

    @BeforeAll
    static void launch() throws Exception {
        replicas = ReplicatedStack.launch();
    }

    @AfterAll
    static void stop() {
        if (replicas != null) {
            replicas.close();
        }
    }

    @BeforeEach
    void openMerchant() throws Exception {
        merchant = RacingMerchant.start(Duration.ofMillis(MERCHANT_WORK_MS));
        traffic = new Traffic(replicas.payments, replicas.bindings, merchant);
        String callbacks = "{\"disbursementCallbackUrl\":\"%s\",\"bindingCallbackUrl\":\"%s\"}"
                .formatted(merchant.url(RacingMerchant.DISBURSEMENTS), merchant.url(RacingMerchant.BINDINGS));
        replicas.notifications.send("callbacks", 20, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                .body(callbacks).put("/pg/merchant/callbacks"), r -> r.statusCode() == 200);
        for (Ingress ingress : List.of(replicas.payments, replicas.bindings, replicas.notifications)) {
            ingress.resetCounts();
        }
    }

    @AfterEach
    void closeMerchant() {
        merchant.close();
    }

    @Test
    @Order(1)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void bindingsMadeActiveThenUnboundLeaveTheMerchantOnUnbound() throws Exception {
        Load load = Load.times(BINDINGS, 4, () -> traffic.bindApproveUnbind(Duration.ofMillis(300)));

        assertSettled("bindings ACTIVE then UNBOUND", load, Settlement.await(traffic, merchant, load.tracked(), SETTLE));
    }

    @Test
    @Order(2)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void cardPaymentsRacingTheSandboxFailureLeaveTheMerchantOnTheReportedState() throws Exception {
        Load load = Load.times(PAYMENTS, 4, traffic::payRacingFailed);

        Report report = Settlement.await(traffic, merchant, load.tracked(), SETTLE);
        assertSettled("card payments racing FAILED", load, report);
        List<String> twoStates = load.tracked().stream().filter(p -> merchant.deliveries().stream()
                .filter(d -> d.resourceId().equals(p.id())).map(RacingMerchant.Delivery::state).distinct().count() > 1)
                .map(Tracked::id).toList();
        assertEquals(List.of(), twoStates, "payments notified in two final states (final states never change)");
    }

    @Test
    @Order(3)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void transfersMovedByBankMerchantAndOperatorLeaveTheMerchantOnTheReportedState() throws Exception {
        Load load = Load.times(TRANSFERS, 6, () -> traffic.transferCancelledOrReturned(Duration.ofMillis(1500)));

        assertSettled("transfers cancelled or paid and returned", load,
                Settlement.await(traffic, merchant, load.tracked(), SETTLE));
    }

    @Test
    @Order(4)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void killingOneReplicaOfEveryServiceMidRunLosesNothing() throws Exception {
        Load load = Load.mixed(traffic, Duration.ofSeconds(18));
        Instant killedAt;
        try {
            Thread.sleep(6_000);
            killedAt = Instant.now();
            replicas.killReplica(1);
            load.join();
            Report report = Settlement.await(traffic, merchant, load.tracked(), SETTLE);
            Silence.print("SIGKILL of replica 1 of each service", killedAt, load, merchant, report);
            System.out.println("  requests " + outcomes());
            assertUnscathed("SIGKILL of replica 1 of each service", load, report);
        } finally {
            load.stop();
            replicas.startReplica(1);
        }
    }

    @Test
    @Order(5)
    // 15 JVMs restarted three at a time on 2 cores beside the other lane: ~2 min on a quiet machine, over 3 on a busy one
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aRollingRestartOfEveryReplicaUnderLoadLosesNothingAndRefusesCleanly() throws Exception {
        Load load = Load.mixed(traffic, Duration.ofMinutes(3));
        Instant began = Instant.now();
        try {
            replicas.rollingRestart().forEach((service, away) -> System.out.printf(
                    "rolling restart: %s replicas away (SIGTERM to ready) %s%n", service,
                    away.stream().map(d -> "%.1f s".formatted(d.toMillis() / 1e3)).toList()));
        } finally {
            load.stop();
            for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
                replicas.startReplica(k); // any replica a failure above left down
            }
        }
        load.join();
        Report report = Settlement.await(traffic, merchant, load.tracked(), SETTLE);
        Silence.print("rolling restart", began, load, merchant, report);
        System.out.println("  requests " + outcomes());
        assertUnscathed("rolling restart", load, report);
    }

    @Test
    @Order(6)
    @DisplayName("refunds of one payment sent at once to three replicas never refund more than it took")
    void concurrentRefundsAtThreeReplicasNeverExceedThePayment() throws Exception {
        String orderId = Merchant.newId("ORD");
        String initiated = Merchant.api(replicas.baseUrl("payment-service", 0)).body("""
                {"order":{"id":"%s","amount":"150000.00"},"customer":{"email":"budi@example.com","firstName":"Budi",                "lastName":"Santoso","mobilePhone":"+6281234567890"},"url":{"callbackUrl":"%s"}}"""
                .formatted(orderId, merchant.url("/payments"))).post("/pg/payment/card/initiate").then()
                .statusCode(200).extract().path("paymentCode");
        // Paid by card on another replica's page: a card is refundable through the provider (a simulated capture
        // has no method, and is not).
        io.restassured.RestAssured.given().baseUri(replicas.baseUrl("payment-service", 1)).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded").formParam("cardNumber", "4111111111111111")
                .formParam("expiryMonth", "12").formParam("expiryYear", String.valueOf(java.time.Year.now().getValue() + 2))
                .formParam("cvv", "123").formParam("cardholderName", "Budi Santoso")
                .post("/pg/pay/" + initiated + "/card").then().statusCode(303);
        await().atMost(Duration.ofSeconds(60)).until(() -> "CAPTURED".equals(
                Merchant.api(replicas.baseUrl("payment-service", 2)).get("/pg/payment/card/status/" + orderId)
                        .then().statusCode(200).extract().path("result.payment.status")));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(15);
        List<java.util.concurrent.Future<io.restassured.response.Response>> sent = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 30; i++) {
                String base = replicas.baseUrl("payment-service", i % ReplicatedStack.REPLICAS);
                String body = "{\"orderId\":\"%s\",\"refundId\":\"%s\",\"amount\":\"10000.00\"}"
                        .formatted(orderId, Merchant.newId("RF"));
                sent.add(pool.submit(() -> Merchant.api(base).body(body).post("/pg/payment/card/refund")));
            }
            int succeeded = 0;
            int refused = 0;
            Map<String, Integer> replies = new java.util.TreeMap<>();
            for (var f : sent) {
                io.restassured.response.Response r = f.get();
                String reply = r.statusCode() + " " + r.path("responseCode") + " " + r.path("status");
                replies.merge(reply, 1, Integer::sum);
                if (r.statusCode() == 200 && "SUCCEEDED".equals(r.path("status"))) {
                    succeeded++;
                } else if (r.statusCode() == 409 && "4090900".equals(r.path("responseCode"))) {
                    refused++;
                }
            }
            assertEquals(15, succeeded, "exactly the amount is refunded; replies " + replies);
            assertEquals(15, refused, "every other refund is refused, none fails otherwise; replies " + replies);
        } finally {
            pool.shutdownNow();
        }
        String status = Merchant.api(replicas.baseUrl("payment-service", 2))
                .get("/pg/payment/card/status/" + orderId).then().statusCode(200).extract()
                .path("result.payment.status");
        assertEquals("REFUNDED", status);
    }

    /**
     * Issue 34's proof: a subscription through three scheduler cycles at three replicas. Cycle 2's provider answers 20 s
     * late (the QA control) and the payment-service replica holding the charge is SIGKILLed while it waits; cycle 3 is
     * declined and retried; cycle 4 completes it. Exactly one provider capture per cycle, each cycle's final state
     * notified under one id with one body, the {@code subscription} notifications, and four cycles charged.
     */
    @Test
    @Order(7)
    @Timeout(value = 8, unit = TimeUnit.MINUTES)
    @DisplayName("a subscription's cycles are each charged once at three replicas, the replica holding one SIGKILLed")
    void aSubscriptionChargesEachCycleOnceThoughTheReplicaHoldingOneIsKilled() throws Exception {
        String recurringId = "E2E." + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String firstOrder = Merchant.newId("ORD");
        String initiated = Merchant.api(replicas.baseUrl("payment-service", 0)).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee club"},"customer":{"id":"cust-%s",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"},"recurring":{"subscribe":"Y","type":"PURCHASE","id":"%s",\
                "amount":"75000.00","intervalUnit":"monthly","maxInterval":3,\
                "retry":{"interval":1,"intervalUnit":"minutes","maxInterval":1}}}"""
                .formatted(firstOrder, recurringId, merchant.url(RacingMerchant.PAYMENTS), recurringId))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("paymentCode");
        io.restassured.RestAssured.given().baseUri(replicas.baseUrl("payment-service", 1)).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded").formParam("cardNumber", "4811111111111114")
                .formParam("expiryMonth", "12").formParam("expiryYear", String.valueOf(java.time.Year.now().getValue() + 2))
                .formParam("cvv", "123").formParam("cardholderName", "Budi Santoso")
                .post("/pg/pay/" + initiated + "/card").then().statusCode(303);
        Subscription sub = new Subscription(recurringId);
        sub.awaitCycle(firstOrder, "CAPTURED", 0);
        sub.awaitStatus("ACTIVE", 0);

        // cycle 2: the provider answers 20 s late; the replica waiting for that answer is killed
        String cycle2 = recurringId + "-2";
        sub.due("{\"answerDelaySeconds\":20}", 2);
        String code2 = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> Db.value("SELECT payment_code FROM payment WHERE order_id = ?", cycle2),
                        java.util.Objects::nonNull);
        String decided = "sandbox provider: charge " + code2 + "-1 of payment " + code2 + " decided";
        int holder = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> replicaLogging(decided), k -> k >= 0);
        String beforeKill = Db.value("SELECT status FROM payment WHERE payment_code = ?", code2);
        Instant killedAt;
        Instant capturedAt;
        try {
            killedAt = Instant.now();
            replicas.stack().kill("payment-service", holder);
            assertEquals("PROCESSING", beforeKill, "the kill came between the charge's commit and the answer");
            assertEquals("CAPTURED", Db.value("SELECT outcome FROM sandbox_charge WHERE reference = ?", code2 + "-1"),
                    "the provider had decided when the replica holding the charge died");
            int alive = (holder + 1) % ReplicatedStack.REPLICAS;
            sub.alive = alive;
            sub.awaitCycle(cycle2, "CAPTURED", alive);
            capturedAt = Instant.now();
        } finally {
            if (!replicas.stack().isRunning("payment-service", holder)) {
                replicas.stack().restart("payment-service", holder);
            }
        }
        boolean inquired = java.util.stream.IntStream.range(0, ReplicatedStack.REPLICAS).anyMatch(k ->
                logOf(k).contains("payment " + code2 + " (merchant demo): reconciled"));
        String callback = Db.value("SELECT state FROM sandbox_charge WHERE reference = ?", code2 + "-1");
        System.out.printf("subscription %s: cycle 2 (%s) held by payment-service replica %d, SIGKILLed while its "
                        + "charge waited for the answer; CAPTURED %.1f s after the kill, settled by %s "
                        + "(sandbox charge %s)%n", recurringId, code2, holder,
                Duration.between(killedAt, capturedAt).toMillis() / 1e3,
                inquired ? "status inquiry (reconciliation)" : "the provider's callback", callback);

        // cycle 3: declined, left PENDING with the decline, then its retry captured under attempt 2
        String cycle3 = recurringId + "-3";
        sub.due("{\"decline\":true}", 0);
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> "1".equals(Db.value(
                "SELECT attempt::text FROM payment WHERE order_id = ? AND status = 'PENDING' AND status_desc IS NOT NULL",
                cycle3)));
        Merchant.api(replicas.baseUrl("payment-service", 2)).get("/pg/payment/card/status/" + cycle3).then()
                .statusCode(200).body("result.payment.status", org.hamcrest.Matchers.equalTo("PENDING"))
                .body("result.payment.statusDesc", org.hamcrest.Matchers.equalTo("Card declined"));
        sub.due("", 1);
        sub.awaitCycle(cycle3, "CAPTURED", 2);

        // cycle 4, the last: captured, the subscription COMPLETED
        String cycle4 = recurringId + "-4";
        sub.due("{}", 2);
        sub.awaitCycle(cycle4, "CAPTURED", 0);
        sub.awaitStatus("COMPLETED", 1);

        String code1 = Db.value("SELECT payment_code FROM payment WHERE order_id = ?", firstOrder);
        String code3 = Db.value("SELECT payment_code FROM payment WHERE order_id = ?", cycle3);
        String code4 = Db.value("SELECT payment_code FROM payment WHERE order_id = ?", cycle4);
        Map<String, String> orders = new java.util.LinkedHashMap<>();
        orders.put(firstOrder, code1);
        orders.put(cycle2, code2);
        orders.put(cycle3, code3);
        orders.put(cycle4, code4);
        await().atMost(SETTLE).pollInterval(Duration.ofMillis(500)).until(() -> orders.keySet().stream()
                .allMatch(o -> notified(o, "CAPTURED").size() > 0) && subscriptionStates(recurringId).contains("COMPLETED"));
        Thread.sleep(3_000); // anything sent twice arrives meanwhile
        Map<String, String> charges = new java.util.TreeMap<>();
        orders.forEach((order, code) -> charges.put(order, Db.values("SELECT reference || ' ' || coalesce(outcome, state) "
                + "FROM sandbox_charge WHERE payment_code = ? ORDER BY reference", code).toString()));
        System.out.printf("subscription %s: provider charges %s; subscription notifications %s%n", recurringId,
                charges, subscriptionStates(recurringId));
        assertAll("subscription " + recurringId,
                () -> orders.forEach((order, code) -> assertEquals(1, Db.count("SELECT count(*) FROM sandbox_charge "
                        + "WHERE payment_code = ? AND outcome = 'CAPTURED'", code), order + ": provider captures")),
                () -> assertEquals(List.of(code2 + "-1 CAPTURED"), Db.values("SELECT reference || ' ' || outcome "
                        + "FROM sandbox_charge WHERE payment_code = ? ORDER BY reference", code2), cycle2),
                () -> assertEquals(List.of(code3 + "-1 FAILED", code3 + "-2 CAPTURED"), Db.values("SELECT reference "
                        + "|| ' ' || outcome FROM sandbox_charge WHERE payment_code = ? ORDER BY reference", code3), cycle3),
                () -> assertEquals(List.of(code4 + "-1 CAPTURED"), Db.values("SELECT reference || ' ' || outcome "
                        + "FROM sandbox_charge WHERE payment_code = ? ORDER BY reference", code4), cycle4),
                () -> orders.keySet().forEach(order -> {
                    List<RacingMerchant.Delivery> finals = notified(order, "CAPTURED");
                    assertEquals(1, finals.stream().map(RacingMerchant.Delivery::webhookId).distinct().count(),
                            order + ": its CAPTURED notified under one id " + finals);
                    assertEquals(1, finals.stream().map(RacingMerchant.Delivery::body).distinct().count(),
                            order + ": with one body");
                }),
                () -> assertEquals(List.of(), orders.keySet().stream().flatMap(order -> merchant.deliveries().stream()
                        .filter(d -> order.equals(orderIdOf(d))).map(d -> order + " " + d.state())
                        .filter(d -> !d.endsWith("CAPTURED"))).toList(), "cycle payments notified in other states"),
                () -> assertEquals(List.of("ACTIVE", "COMPLETED"), subscriptionStates(recurringId),
                        "subscription notifications, in arrival order"),
                () -> assertEquals(Map.of(), merchant.idsWithTwoBodies(), "notification ids with two bodies"),
                () -> assertEquals(List.of(), merchant.badSignatures(), "bad signatures"),
                () -> Merchant.api(replicas.baseUrl("payment-service", 1)).get("/pg/payment/card/recurring/"
                        + recurringId).then().statusCode(200)
                        .body("recurring.status", org.hamcrest.Matchers.equalTo("COMPLETED"))
                        .body("recurring.cyclesCharged", org.hamcrest.Matchers.equalTo(4)));
    }

    /** The payment-service replica whose log has {@code line}, or -1. */
    private static int replicaLogging(String line) {
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            if (logOf(k).contains(line)) {
                return k;
            }
        }
        return -1;
    }

    private static String logOf(int k) {
        try {
            return java.nio.file.Files.readString(replicas.stack().log("payment-service", k),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** The merchant's notifications of order {@code orderId} in {@code state}. */
    private List<RacingMerchant.Delivery> notified(String orderId, String state) {
        return merchant.deliveries().stream().filter(d -> orderId.equals(orderIdOf(d)) && state.equals(d.state()))
                .toList();
    }

    private static String orderIdOf(RacingMerchant.Delivery d) {
        return Signatures.read(d.body()).path("order").path("id").asText(null);
    }

    /** The states of the {@code subscription} notifications of {@code recurringId}, in arrival order. */
    private List<String> subscriptionStates(String recurringId) {
        return merchant.deliveries().stream().map(d -> Signatures.read(d.body()))
                .filter(n -> !n.has("order") && recurringId.equals(n.path("recurring").path("id").asText()))
                .map(n -> n.path("recurring").path("status").asText()).toList();
    }

    /** One subscription as the merchant drives it over the API of a chosen replica. */
    private static final class Subscription {

        private final String recurringId;
        int alive = -1;

        Subscription(String recurringId) {
            this.recurringId = recurringId;
        }

        private String base(int k) {
            return replicas.baseUrl("payment-service", alive < 0 || replicas.stack().isRunning("payment-service", k)
                    ? k : alive);
        }

        void due(String body, int k) {
            Merchant.api(base(k)).body(body).post("/pg/sandbox/subscriptions/" + recurringId + "/due").then()
                    .statusCode(200);
        }

        void awaitStatus(String status, int k) {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(300)).until(() -> status.equals(
                    Merchant.api(base(k)).get("/pg/payment/card/recurring/" + recurringId).then().statusCode(200)
                            .extract().path("recurring.status")));
        }

        void awaitCycle(String orderId, String status, int k) {
            await().atMost(Duration.ofSeconds(150)).pollInterval(Duration.ofMillis(200)).until(() -> {
                io.restassured.response.Response r = Merchant.api(base(k)).get("/pg/payment/card/status/" + orderId);
                return r.statusCode() == 200 && status.equals(r.path("result.payment.status"));
            });
        }
    }

    /** The payment database of the replicated stack. */
    private static final class Db {

        private Db() {
        }

        private static java.sql.Connection connect() throws java.sql.SQLException {
            return java.sql.DriverManager.getConnection(replicas.stack().jdbcUrl("payment"),
                    io.paygate.testsupport.infra.EmbeddedPostgresServer.USER,
                    io.paygate.testsupport.infra.EmbeddedPostgresServer.PASSWORD);
        }

        static List<String> values(String sql, String arg) {
            try (java.sql.Connection c = connect(); java.sql.PreparedStatement st = c.prepareStatement(sql)) {
                st.setString(1, arg);
                List<String> out = new java.util.ArrayList<>();
                try (java.sql.ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        static void execute(String sql) {
            try (java.sql.Connection c = connect(); java.sql.Statement st = c.createStatement()) {
                st.execute(sql);
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        static String value(String sql, String arg) {
            List<String> values = values(sql, arg);
            return values.isEmpty() ? null : values.get(0);
        }

        static long count(String sql, String arg) {
            return Long.parseLong(value(sql, arg));
        }
    }

    /**
     * Issue 35 at three replicas: SNAP keeps nothing in one process. A token issued by one payment-service replica is
     * good at every replica of payment-service and binding-service; an {@code X-EXTERNAL-ID} used at one replica is
     * refused at the others; one {@code partnerReferenceNo} sent to the three replicas at once makes one payment, and
     * every answer is its first reply or "in flight"; the SNAP notification of its payment reaches the merchant once,
     * signed by the key another notification-service replica publishes.
     */
    @Test
    @Order(8)
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    @DisplayName("SNAP at three replicas: one token everywhere, an X-EXTERNAL-ID once anywhere, a partnerReferenceNo "
            + "once, one notification")
    void snapHoldsNothingInOneReplica() throws Exception {
        SnapClient snap = SnapClients.at(replicas.baseUrl("payment-service", 0), SandboxMerchants.DEMO);
        snap.accessToken(); // issued by payment-service replica 0
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            snap.at(replicas.baseUrl("payment-service", k)).post("/v1.0/qr/qr-mpm-query",
                            Map.of("originalPartnerReferenceNo", Merchant.newId("NONE"), "serviceCode", "47"))
                    .then().statusCode(404).body("responseCode", equalTo("4045101"));
            snap.at(replicas.baseUrl("binding-service", k)).inquireAccount(
                            new AccountInquiryRequest(Merchant.newId("NONE"), null, null, null))
                    .then().statusCode(404).body("responseCode", equalTo("4040801"));
        }

        String externalId = java.util.UUID.randomUUID().toString();
        String query = Json.write(Map.of("originalPartnerReferenceNo", Merchant.newId("NONE"), "serviceCode", "47"));
        snap.request().header("X-EXTERNAL-ID", externalId).body(query).post("/v1.0/qr/qr-mpm-query")
                .then().statusCode(404).body("responseCode", equalTo("4045101"));
        for (int k = 1; k < ReplicatedStack.REPLICAS; k++) {
            snap.at(replicas.baseUrl("payment-service", k)).request().header("X-EXTERNAL-ID", externalId).body(query)
                    .post("/v1.0/qr/qr-mpm-query").then().statusCode(409).body("responseCode", equalTo("4095100"));
        }

        MerchantSink sink = MerchantSink.start();
        try {
            sink.respondWith(MerchantSink.Reply.status(200,
                    "{\"responseCode\":\"2005200\",\"responseMessage\":\"Successful\"}"));
            String qrPath = "/snap/v1.0/qr/qr-mpm-notify";
            String callbacks = Json.write(Map.of("snapQrNotifyUrl", sink.url(qrPath)));
            replicas.notifications.send("callbacks", 20, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                    .body(callbacks).put("/pg/merchant/callbacks"), r -> r.statusCode() == 200);

            String reference = Merchant.newId("SNAPQR");
            String generate = Json.write(Map.of("partnerReferenceNo", reference, "merchantId", "demo",
                    "amount", Map.of("value", "150000.00", "currency", "IDR"),
                    "validityPeriod", "2099-07-03T12:08:56+07:00"));
            java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                    ReplicatedStack.REPLICAS);
            List<java.util.concurrent.Future<io.restassured.response.Response>> sent = new java.util.ArrayList<>();
            try {
                for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
                    SnapClient at = snap.at(replicas.baseUrl("payment-service", k));
                    sent.add(pool.submit(() -> {
                        gate.await();
                        return at.request().body(generate).post("/v1.0/qr/qr-mpm-generate");
                    }));
                }
                gate.countDown();
                java.util.Set<String> firstReplies = new java.util.HashSet<>();
                Map<String, Integer> replies = new java.util.TreeMap<>();
                for (var f : sent) {
                    io.restassured.response.Response r = f.get();
                    replies.merge(r.statusCode() + " " + r.path("responseCode"), 1, Integer::sum);
                    if (r.statusCode() == 200) {
                        firstReplies.add(r.asString());
                    } else {
                        assertEquals("409 4094700", r.statusCode() + " " + r.path("responseCode"),
                                "the only other answer is 'in flight'; replies " + replies);
                    }
                }
                assertEquals(1, firstReplies.size(), "every success is the same reply; replies " + replies);
                String first = firstReplies.iterator().next();
                for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
                    assertEquals(first, snap.at(replicas.baseUrl("payment-service", k)).request().body(generate)
                            .post("/v1.0/qr/qr-mpm-generate").then().statusCode(200).extract().asString(),
                            "a replay at replica " + k + " gets the first reply byte for byte");
                }
                snap.at(replicas.baseUrl("payment-service", 2)).request()
                        .body(generate.replace("150000.00", "150001.00")).post("/v1.0/qr/qr-mpm-generate")
                        .then().statusCode(409).body("responseCode", equalTo("4094701"));
                assertEquals(1, Db.count("SELECT count(*) FROM payment WHERE order_id = ?", reference),
                        "one payment for one partnerReferenceNo");

                String qrContent = io.restassured.path.json.JsonPath.from(first).getString("qrContent");
                Merchant.ops(replicas.baseUrl("payment-service", 1)).body(Json.write(Map.of("payload", qrContent)))
                        .post("/pg/sandbox/qris/pay").then().statusCode(200);
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                        .until(() -> !Merchant.notifications(sink, qrPath, reference).isEmpty());
                Thread.sleep(5_000); // a second delivery by another replica would arrive within this
                List<MerchantSink.Received> notified = Merchant.notifications(sink, qrPath, reference);
                assertEquals(1, notified.size(), "one SNAP notification of the payment: " + notified);
                MerchantSink.Received notice = notified.get(0);
                String gatewayKey = io.restassured.RestAssured.given()
                        .get(replicas.baseUrl("notification-service", 2) + "/pg/snap/public-keys/demo.pem")
                        .then().statusCode(200).extract().asString();
                io.paygate.model.snap.SnapNotificationVerifier.of(gatewayKey).verify(qrPath, notice.body(),
                        notice.header("X-TIMESTAMP"), notice.header("X-SIGNATURE"));
                assertEquals("00", io.restassured.path.json.JsonPath.from(notice.body()).getString("latestTransactionStatus"), notice.body());
            } finally {
                pool.shutdownNow();
            }
        } finally {
            replicas.notifications.send("callbacks", 20, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                    .body("{\"snapQrNotifyUrl\":null}").put("/pg/merchant/callbacks"), r -> r.statusCode() == 200);
            sink.close();
        }
    }

    /**
     * Issue 43 at three replicas (contract §9): create-va for one number sent at once to every payment-service replica,
     * three to each (each its own {@code trxId}), opens one account; every other answer is {@code 4092700} and made
     * nothing the merchant can find. Inserts of the number are made slow meanwhile (a trigger), so every request
     * passes any check made before its insert: only the constraint the replicas share can decide.
     */
    @Test
    @Order(9)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    @DisplayName("SNAP create-va for one number at three replicas at once: one account, every other 4092700")
    void createVaForOneNumberAtThreeReplicasOpensOneAccount() throws Exception {
        SnapClient snap = SnapClients.at(replicas.baseUrl("payment-service", 0), SandboxMerchants.DEMO);
        snap.accessToken();
        String customerNo = String.valueOf(java.util.concurrent.ThreadLocalRandom.current()
                .nextLong(100_000_000_000L, 999_999_999_999L));
        String number = "   12345" + customerNo; // demo's company code (contract §8)
        String digits = number.replace(" ", "");
        List<String> trxIds = new java.util.ArrayList<>();
        List<java.util.concurrent.Callable<io.restassured.response.Response>> calls = new java.util.ArrayList<>();
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            SnapClient at = snap.at(replicas.baseUrl("payment-service", k));
            for (int i = 0; i < 3; i++) {
                String trxId = Merchant.newId("SNAPVA");
                String body = Json.write(Map.of("partnerServiceId", "   12345", "customerNo", customerNo,
                        "virtualAccountNo", number, "virtualAccountName", "Budi Santoso", "trxId", trxId,
                        "totalAmount", Map.of("value", "150000.00", "currency", "IDR"),
                        "additionalInfo", Map.of("channel", "VA_BCA")));
                trxIds.add(trxId);
                calls.add(() -> at.request().body(body).post("/v1.0/transfer-va/create-va"));
            }
        }
        Db.execute("""
                CREATE OR REPLACE FUNCTION slow_insert() RETURNS trigger AS $$
                BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$ LANGUAGE plpgsql""");
        Db.execute("CREATE TRIGGER slow_insert_" + digits + " BEFORE INSERT ON payment FOR EACH ROW WHEN "
                + "(replace(NEW.snap_virtual_account_no, ' ', '') = '" + digits + "') EXECUTE FUNCTION slow_insert()");
        List<io.restassured.response.Response> replies = new java.util.ArrayList<>();
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(calls.size());
        try {
            List<java.util.concurrent.Future<io.restassured.response.Response>> sent = new java.util.ArrayList<>();
            for (var call : calls) {
                sent.add(pool.submit(() -> {
                    gate.await();
                    return call.call();
                }));
            }
            gate.countDown();
            for (var f : sent) {
                replies.add(f.get());
            }
        } finally {
            pool.shutdownNow();
            Db.execute("DROP TRIGGER slow_insert_" + digits + " ON payment");
        }
        Map<String, Integer> answers = new java.util.TreeMap<>();
        String winner = null;
        for (int i = 0; i < replies.size(); i++) {
            io.restassured.response.Response r = replies.get(i);
            answers.merge(r.statusCode() + " " + r.path("responseCode"), 1, Integer::sum);
            if (r.statusCode() == 200) {
                winner = trxIds.get(i);
            }
        }
        System.out.println("create-va for one number, " + calls.size() + " at once over three replicas: " + answers);
        assertEquals(Map.of("200 2002700", 1, "409 4092700", calls.size() - 1), answers, "replies by answer");
        // what the merchant sees: the winner's account PENDING under the number, no other payment
        for (int i = 0; i < trxIds.size(); i++) {
            String trxId = trxIds.get(i);
            var status = Merchant.api(replicas.baseUrl("payment-service", i % ReplicatedStack.REPLICAS))
                    .get("/pg/payment/card/status/" + trxId).then();
            if (trxId.equals(winner)) {
                status.statusCode(200).body("result.payment.status", equalTo("PENDING"))
                        .body("sourceOfFunds.paymentCode", equalTo(digits));
            } else {
                status.statusCode(404);
            }
        }
        assertEquals(1, Db.count("SELECT count(*) FROM payment WHERE replace(snap_virtual_account_no, ' ', '') = ?",
                digits), "one payment with the number");
        assertEquals(1, Db.count("SELECT count(*) FROM sandbox_charge WHERE pay_code = ?", digits),
                "one charge opened at the provider");
    }

    @Test
    @Order(10)
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    @DisplayName("merchants as data: a new merchant, suspensions and reactivations in force at every replica within 5 s")
    void operatorChangesAreInForceAtEveryReplicaWithinFiveSeconds() throws Exception {
        org.HdrHistogram.Histogram millis = new RegistryFlows(replicas).propagation(5);
        System.out.printf("merchant-config propagation, operator's reply to the first request accepted or refused at "
                        + "each of %d replicas (%d changes x replicas): p50 %d ms, p99 %d ms, max %d ms%n",
                Registry.probes(replicas).size(), millis.getTotalCount(), millis.getValueAtPercentile(50),
                millis.getValueAtPercentile(99), millis.getMaxValue());
        assertTrue(millis.getMaxValue() <= RegistryFlows.IN_FORCE.toMillis(),
                "every change in force at every replica within 5 s (docs/contract.md §10), max " + millis.getMaxValue());
    }

    @Test
    @Order(11)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @DisplayName("a client secret rotated under traffic at every replica refuses no request signed with a live secret")
    void aClientSecretRotatedUnderTrafficRefusesNothingCorrectlySigned() throws Exception {
        Map<String, Integer> counts = new RegistryFlows(replicas).clientSecretRotationUnderTraffic();
        assertEquals(0, counts.get("refused"));
        assertTrue(counts.getOrDefault("both signed new", 0) > 0 && counts.getOrDefault("both signed old", 0) > 0,
                "both live secrets signed requests: " + counts);
    }

    @Test
    @Order(12)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @DisplayName("a notification secret rotated and activated under deliveries: every notification verifies")
    void aNotificationSecretRotatedUnderDeliveriesVerifiesEveryNotification() throws Exception {
        Map<String, Integer> verified = new RegistryFlows(replicas).notificationSecretRotationUnderDeliveries();
        assertEquals(0, verified.get("failed"));
        assertEquals(0, verified.get("undelivered"), "the receiver acknowledged every one");
    }

    @Test
    @Order(13)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @DisplayName("two operators suspending and reactivating at once: the last committed state everywhere")
    void twoOperatorsRacingEndInTheLastCommittedStateEverywhere() throws Exception {
        System.out.println("racing operators: " + new RegistryFlows(replicas).racingOperators());
    }

    static LedgerFlows.MoneyView money;
    static LedgerFlows.Payouts payouts;

    @Test
    @Order(14)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    @DisplayName("the merchant's money: a capture pending with its fee and VAT, settled once however often the run runs")
    void aCaptureIsPendingWithItsFeeAndVatThenSettledOnce() throws Exception {
        long t0 = System.nanoTime();
        money = new LedgerFlows(replicas).moneyView(merchant.url(RacingMerchant.PAYMENTS));
        System.out.printf("money view: %s captured %s, net %s pending then available in %s, %.1f s%n",
                money.merchant().id(), LedgerFlows.GROSS, LedgerFlows.NET, money.settlementId(),
                (System.nanoTime() - t0) / 1e9);
    }

    @Test
    @Order(15)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    @DisplayName("two payouts at two replicas exceeding the balance together: one accepted and held, one refused")
    void twoPayoutsAtOnceThatTogetherExceedTheBalanceHoldOneAndRefuseTheOther() throws Exception {
        long t0 = System.nanoTime();
        payouts = new LedgerFlows(replicas).payoutsRacing();
        System.out.printf("racing payouts: %s accepted, held and debited at 00; %s refused 4030401; %.1f s%n",
                payouts.accepted(), payouts.refused(), (System.nanoTime() - t0) / 1e9);
    }

    @Test
    @Order(16)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    @DisplayName("every event of the run posted once at three ledger replicas")
    void everyEventOfTheRunIsPostedOnceAtThreeLedgerReplicas() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(money != null && payouts != null, "orders 14 and 15 ran");
        long t0 = System.nanoTime();
        Map<String, Integer> read = new LedgerFlows(replicas).eachEventPostedOnce(money, payouts);
        System.out.printf("posted once: transactions read per merchant %s, %.1f s%n", read,
                (System.nanoTime() - t0) / 1e9);
    }

    @Test
    @Order(17)
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    @DisplayName("a single-use link opened by five customers at once at three replicas: one payment, four come back")
    void aSingleUseLinkOpenedByFiveCustomersAtOnceStartsOnePayment() throws Exception {
        long t0 = System.nanoTime();
        LinkFlows.Race race = new LinkFlows(replicas).singleUseLinkOpenedByFiveAtOnce(merchant);
        System.out.printf("link race: %s, %d customers at once, one payment %s captured, %d told %d, PAID at every"
                        + " replica, %.1f s%n", race.linkId(), LinkFlows.CUSTOMERS, race.orderId(),
                LinkFlows.CUSTOMERS - 1, race.busyStatus(), (System.nanoTime() - t0) / 1e9);
    }

    private void assertSettled(String what, Load load, Report report) {
        System.out.printf("%s: %d resources in %.1f s, %d notifications handled, all heard %.1f s after the last "
                        + "change; stale %d, overlapping %d, lost %d; requests %s%n", what, load.tracked().size(),
                load.took().toMillis() / 1e3, merchant.deliveries().size(),
                report.allHeardAt() == null ? Double.NaN : (report.allHeardAt().toEpochMilli() - load.endedAt().toEpochMilli()) / 1e3,
                report.stale().size(), report.overlapped().size(), report.lost().size(), outcomes());
        assertAll(what,
                () -> assertEquals(List.of(), load.failures(), "flows that failed"),
                () -> assertTrue(report.unsettled().isEmpty() && report.lost().isEmpty() && report.stale().isEmpty()
                        && report.overlapped().isEmpty() && report.twoBodies().isEmpty()
                        && report.badSignatures().isEmpty(), report.describe(load.tracked().size())),
                () -> assertEquals(Map.of(), unclean(), "replies 5xx other than 503"));
    }

    /** After a fault: nothing lost, no id with two bodies, nothing unclean; the merchant on every final state. */
    private void assertUnscathed(String what, Load load, Report report) {
        assertAll(what,
                () -> assertEquals(List.of(), load.failures(), "flows that failed"),
                () -> assertTrue(load.tracked().size() >= 30, "resources made during the run: " + load.tracked().size()),
                () -> assertTrue(report.unsettled().isEmpty() && report.lost().isEmpty()
                        && report.twoBodies().isEmpty() && report.badSignatures().isEmpty() && report.stale().isEmpty(),
                        report.describe(load.tracked().size())),
                () -> assertEquals(Map.of(), unclean(), "replies 5xx other than 503 (initiations must fail cleanly)"));
    }

    private static Map<String, Long> unclean() {
        Map<String, Long> unclean = new java.util.TreeMap<>();
        for (Ingress ingress : List.of(replicas.payments, replicas.bindings, replicas.notifications)) {
            unclean.putAll(ingress.unclean());
        }
        return unclean;
    }

    private static String outcomes() {
        return "payment-service " + replicas.payments.outcomes() + ", binding-service " + replicas.bindings.outcomes();
    }
}
