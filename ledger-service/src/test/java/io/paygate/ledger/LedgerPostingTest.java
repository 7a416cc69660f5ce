package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.ledger.events.EventPosting;
import io.paygate.ledger.opening.OpeningBalances;
import io.paygate.ledger.support.Events;
import io.paygate.ledger.support.Ledger;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.ledger.support.PayoutRace;
import io.paygate.ledger.support.RegistryMerchant;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The books (docs/contract.md §12) against the real database and broker: double entry enforced by the database,
 * captures with fees and VAT, refunds, payouts' final states, once per event whatever the redelivery, replica or order,
 * forged events refused, settlement once per merchant and day, opening balances once, and payouts' holds racing
 * settlement runs.
 */
@QuarkusTest
@LedgerTestResources
class LedgerPostingTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String DEMO = SandboxMerchants.DEMO.id();
    private static final String DEMO2 = SandboxMerchants.DEMO2.id();
    private static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");
    /** What a capture of 100000 by CARD leaves at demo's fees: 2.9 % + 2000 = 4900, VAT 11 % = 539. */
    private static final BigDecimal CARD_NET = new BigDecimal("94561.00");

    @Inject
    AgroalDataSource dataSource;
    @Inject
    EventPosting posting;
    @Inject
    OpeningBalances openings;
    @Inject
    Merchants merchants;

    private Ledger ledger;

    @BeforeEach
    void ledger() {
        ledger = new Ledger(dataSource);
    }

    @Test
    void theDatabaseRefusesAnEntryWhoseLinesDoNotSumToZeroAndABalanceMovedWithoutALine() throws Exception {
        openings.post("constraint-probe", new BigDecimal("10.00"));
        long account = ledger.count("SELECT id FROM account WHERE merchant_id = 'constraint-probe' AND name = 'available'");
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO entry (id, merchant_id, type, reference, at) VALUES (-1, 'constraint-probe', "
                        + "'ADJUSTMENT', 'x', now())");
                s.execute("INSERT INTO line (entry_id, account_id, merchant_id, account, type, reference, amount, at) "
                        + "VALUES (-1, " + account + ", 'constraint-probe', 'available', 'ADJUSTMENT', 'x', 5.00, now())");
            }
            SQLException refused = assertThrows(SQLException.class, c::commit);
            assertTrue(refused.getMessage().contains("not balanced"), refused.getMessage());
        }
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            SQLException refused = assertThrows(SQLException.class,
                    () -> s.execute("UPDATE account SET balance = balance + 1 WHERE id = " + account));
            assertTrue(refused.getMessage().contains("without a line"), refused.getMessage());
            assertThrows(SQLException.class, () -> s.execute("DELETE FROM line WHERE account_id = " + account));
        }
        assertEquals(new BigDecimal("10.00"), ledger.balance("constraint-probe", "available"));
        assertEquals(0, ledger.count("SELECT count(*) FROM entry WHERE id = -1"));
    }

    @Test
    void aCaptureFromTheTopicPostsGrossFeeAndVatOnPendingAndEveryEntrySumsToZero() {
        BigDecimal pending = ledger.balance(DEMO, "pending");
        String code = Events.id("PC");
        Events.send(Events.signed(Events.captured(DEMO, code, "100000.00", PaymentMethod.CARD)));

        await().atMost(WAIT).until(() -> ledger.count("SELECT count(*) FROM capture WHERE payment_code = ?", code) == 1);
        // CARD 2.9 % + 2000 of 100000 = 4900, VAT 11 % = 539: net 94561
        assertEquals(pending.add(new BigDecimal("94561.00")), ledger.balance(DEMO, "pending"));
        assertEquals(new BigDecimal("94561.00"),
                ledger.scalar("SELECT net FROM capture WHERE payment_code = ?", code));
        assertEquals(3, ledger.count("SELECT count(*) FROM line WHERE reference = ? AND account = 'pending'",
                "ORD-" + code));
        assertEveryEntrySumsToZeroAndEveryBalanceToItsLines();
    }

    @Test
    void aRedeliveredEventAndTheSameEventAtTwoReplicasAtOncePostOneEntry() throws Exception {
        String code = Events.id("PD");
        ProducerRecord<String, String> record = Events.signed(Events.captured(DEMO2, code, "250000.00",
                PaymentMethod.QRIS));
        BigDecimal pending = ledger.balance(DEMO2, "pending");
        List<String> outcomes = race(() -> posting.post(Events.received(record)),
                () -> posting.post(Events.received(record)));
        assertEquals(List.of("duplicate", "posted"), outcomes.stream().sorted().toList());
        Events.send(record);
        Events.send(record);
        await().atMost(WAIT).until(() -> ledger.count("SELECT count(*) FROM posted_event WHERE event_id = ?",
                EventEnvelope.fromJson(record.value()).eventId()) == 1);
        // demo2 has no fee table: the whole gross is pending, once
        await().during(Duration.ofSeconds(1)).atMost(WAIT).until(() ->
                ledger.balance(DEMO2, "pending").equals(pending.add(new BigDecimal("250000.00"))));
        assertEquals(1, ledger.count("SELECT count(*) FROM entry WHERE reference = ?", "ORD-" + code));
    }

    @Test
    void aConsumedBatchPostsEachEventOnceInOneTransactionEvenWhenItCarriesTheSameEventTwice() {
        String code = Events.id("PB");
        ProducerRecord<String, String> capture = Events.signed(Events.captured(DEMO, code, "100000.00",
                PaymentMethod.CARD));
        ProducerRecord<String, String> refund = Events.signed(Events.refunded(DEMO, code, Events.id("RF"),
                "30000.00", "SUCCEEDED"));
        BigDecimal before = ledger.balance(DEMO, "pending");

        List<String> outcomes = posting.postAll(List.of(Events.received(capture), Events.received(capture),
                Events.received(refund)));

        assertEquals(List.of("posted", "duplicate", "posted"), outcomes);
        // 94561 net - 30000 refunded, as when the three arrive one by one
        assertEquals(before.add(new BigDecimal("64561.00")), ledger.balance(DEMO, "pending"));
        assertEquals(1, ledger.count("SELECT count(*) FROM capture WHERE payment_code = ?", code));
        assertEveryEntrySumsToZeroAndEveryBalanceToItsLines();
    }

    @Test
    void aRefundBeforeItsCaptureEndsInTheSameBalancesAsInOrderAndNeverReturnsTheFee() {
        BigDecimal before = ledger.balance(DEMO, "pending");
        String inOrder = Events.id("PO");
        post(Events.captured(DEMO, inOrder, "100000.00", PaymentMethod.CARD));
        post(Events.refunded(DEMO, inOrder, Events.id("RF"), "30000.00", "SUCCEEDED"));
        BigDecimal afterInOrder = ledger.balance(DEMO, "pending");

        String reversed = Events.id("PR");
        post(Events.refunded(DEMO, reversed, Events.id("RF"), "30000.00", "SUCCEEDED"));
        post(Events.captured(DEMO, reversed, "100000.00", PaymentMethod.CARD));
        post(Events.refunded(DEMO, reversed, Events.id("RF"), "5000.00", "FAILED"));
        BigDecimal afterReversed = ledger.balance(DEMO, "pending");

        // 94561 net - 30000 refunded: the fee (4900 + 539) stays charged
        assertEquals(new BigDecimal("64561.00"), afterInOrder.subtract(before));
        assertEquals(afterInOrder.subtract(before), afterReversed.subtract(afterInOrder));
    }

    @Test
    void forgedAndUnsignedEventsPostNothingAndAreCounted() {
        String code = Events.id("PF");
        EventEnvelope event = Events.captured(DEMO, code, "100000.00", PaymentMethod.CARD);
        ProducerRecord<String, String> unsigned = new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(),
                event.toJson());
        ProducerRecord<String, String> forged = io.paygate.testsupport.kafka.SignedEvents.sign(
                new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(), event.toJson()),
                EventSigner.of("an-attacker-key-that-is-long-enough-0001"));
        double missing = rejected("missing");
        double mismatch = rejected("mismatch");

        assertEquals("rejected", posting.post(Events.received(unsigned)));
        assertEquals("rejected", posting.post(Events.received(forged)));
        Events.send(unsigned);
        Events.send(forged);

        await().atMost(WAIT).until(() -> rejected("missing") >= missing + 2 && rejected("mismatch") >= mismatch + 2);
        assertEquals(0, ledger.count("SELECT count(*) FROM capture WHERE payment_code = ?", code));
        assertEquals(0, ledger.count("SELECT count(*) FROM posted_event WHERE event_id = ?", event.eventId()));
    }

    @Test
    void aPaymentLinkEventIsIgnoredAndNeverParkedAndTheConsumerCarriesOn() {
        // docs/contract.md §7, §11: payment-status also carries payment-link events; they post nothing, and one of a
        // merchant this service does not know (yet) is not parked to wait for it either
        for (String merchant : List.of(DEMO, Events.id("unknown-"))) {
            EventEnvelope link = Events.linkPaid(merchant, Events.id("LNK-"));
            assertEquals("ignored", posting.post(Events.received(Events.signed(link))), merchant);
            assertEquals(0, ledger.count("SELECT count(*) FROM parked_event WHERE event_id = ?", link.eventId()));
            assertEquals(0, ledger.count("SELECT count(*) FROM posted_event WHERE event_id = ?", link.eventId()));
        }

        // from the topic, before a capture on the same partition's consumer: ignored, counted, and the capture posts
        double ignored = events("ignored");
        EventEnvelope link = Events.linkPaid(Events.id("unknown-"), Events.id("LNK-"));
        Events.send(Events.signed(link));
        String code = Events.id("PL");
        Events.send(Events.signed(Events.captured(DEMO, code, "100000.00", PaymentMethod.CARD)));
        await().atMost(WAIT).until(() -> ledger.count("SELECT count(*) FROM capture WHERE payment_code = ?", code) == 1);
        await().atMost(WAIT).until(() -> events("ignored") >= ignored + 1);
        assertEquals(0, ledger.count("SELECT count(*) FROM parked_event WHERE event_id = ?", link.eventId()));
    }

    @Test
    void aSettlementRunMovesDueCapturesToAvailableOncePerMerchantAndDay() {
        String code = Events.id("PS");
        post(Events.captured(DEMO, code, "200000.00", PaymentMethod.VA_BCA));
        // VA_* fixed 4000, VAT 440: net 195560; demo settles one day after capture. The run is as of the day after
        // (LedgerApiTest settles as of the due day itself: one settlement per merchant and day).
        LocalDate due = LocalDate.now(ZoneId.of("Asia/Jakarta")).plusDays(2);
        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + due.minusDays(2) + "\"}").post("/admin/settlements/run").then()
                .statusCode(200);
        assertEquals(0, ledger.count("SELECT count(*) FROM capture WHERE payment_code = ? AND settlement_id IS NOT NULL",
                code));

        BigDecimal available = ledger.balance(DEMO, "available");
        BigDecimal pending = ledger.balance(DEMO, "pending");
        given().auth().oauth2("alice-operator-token").contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + due + "\"}").post("/admin/settlements/run").then().statusCode(200)
                .body("asOf", equalTo(due.toString()));
        String settlementId = settlementOf(code);
        BigDecimal moved = ledger.scalar("SELECT net - refunds FROM settlement WHERE id = ?", settlementId);
        assertEquals(available.add(moved), ledger.balance(DEMO, "available"));
        assertEquals(pending.subtract(moved), ledger.balance(DEMO, "pending"));

        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + due + "\"}").post("/admin/settlements/run").then().statusCode(200)
                .body("settlements.findAll { it.settlementId == '" + settlementId + "' }.size()", equalTo(0));
        assertEquals(available.add(moved), ledger.balance(DEMO, "available"));
        assertEquals(1, ledger.count("SELECT count(*) FROM settlement WHERE merchant_id = ? AND date = ?", DEMO,
                java.sql.Date.valueOf(due)));

        // a refund of a settled payment is taken from available
        post(Events.refunded(DEMO, code, Events.id("RF"), "1000.00", "SUCCEEDED"));
        assertEquals(available.add(moved).subtract(new BigDecimal("1000.00")), ledger.balance(DEMO, "available"));
    }

    @Test
    void theSettlementRunRefusesBadInputAndAnyoneButAnOperator() {
        for (String body : List.of("{}", "{\"asOf\": \"\"}")) {
            given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON).body(body)
                    .post("/admin/settlements/run").then().statusCode(400).body("responseCode", equalTo("4001402"));
        }
        for (String asOf : List.of("2026-13-01", "20261101", "2026-02-30", "x")) {
            given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                    .body("{\"asOf\": \"" + asOf + "\"}").post("/admin/settlements/run").then().statusCode(400)
                    .body("responseCode", equalTo("4001401"));
        }
        given().contentType(ContentType.JSON).body("{\"asOf\": \"2026-11-01\"}").post("/admin/settlements/run")
                .then().statusCode(401).body("responseCode", equalTo("4011400"));
        given().auth().oauth2("not-an-operator").contentType(ContentType.JSON).body("{\"asOf\": \"2026-11-01\"}")
                .post("/admin/settlements/run").then().statusCode(401);
    }

    @Test
    void anOpeningBalanceIsPostedOnceWhateverTheReplicasStartingAtOnce() throws Exception {
        String merchant = Events.id("open-");
        List<Boolean> posted = race(() -> openings.post(merchant, new BigDecimal("1000000000.00")),
                () -> openings.post(merchant, new BigDecimal("1000000000.00")));
        assertEquals(List.of(false, true), posted.stream().sorted().toList());
        assertEquals(new BigDecimal("1000000000.00"), ledger.balance(merchant, "available"));
        assertEquals(1, ledger.count("SELECT count(*) FROM line WHERE merchant_id = ? AND type = 'ADJUSTMENT' "
                + "AND account = 'available'", merchant));
    }

    @Test
    void holdsRacingSettlementRunsSettleEachDayOnceNeverOverdrawAndLeaveEveryAmountInTheLines() throws Exception {
        RegistryMerchant shop = RegistryMerchant.publish(merchants, "race");
        BigDecimal opening = new BigDecimal("20000.00");
        shop.topUp(opening.toPlainString());
        PayoutRace payouts = new PayoutRace(shop.id());
        LocalDate base = LocalDate.now(JAKARTA).minusDays(30);
        int rounds = 3;
        BigDecimal settled = new BigDecimal("0.00");
        for (int round = 0; round < rounds; round++) {
            LocalDate asOf = base.plusDays(round + 1);
            // two captures due on asOf, and one captured on asOf itself: due the day after, the next round's
            captureThroughTheTopic(shop.id(), base.plusDays(round), base.plusDays(round), asOf);
            // 30000 and 12000 (+ demo's fixed 5000 fee each) against 20000 available at first, the rest pending
            race(payouts.holds("30000.00"), payouts.holds("12000.00"), payouts.run(asOf), payouts.run(asOf));

            List<Map<String, Object>> made = shop.signed().queryParam("from", asOf.toString())
                    .queryParam("to", asOf.toString()).get("/pg/settlements").then().statusCode(200).extract()
                    .jsonPath().getList("settlements");
            assertEquals(1, made.size(), made.toString());
            int count = round == 0 ? 2 : 3;
            assertEquals(count, made.get(0).get("count"));
            BigDecimal net = new BigDecimal((String) made.get(0).get("net"));
            assertEquals(CARD_NET.multiply(BigDecimal.valueOf(count)), net);
            // made by exactly one of the two runs: the other settled nothing of that merchant and day
            assertEquals(1, Collections.frequency(payouts.settlementIds(), made.get(0).get("settlementId")));
            assertEquals(1, ledger.count("SELECT count(*) FROM settlement WHERE merchant_id = ? AND date = ?",
                    shop.id(), java.sql.Date.valueOf(asOf)));
            settled = settled.add(net);
        }
        assertEquals(List.of(), payouts.failures());
        assertEquals(payouts.settlementIds().size(), Set.copyOf(payouts.settlementIds()).size());
        Map<String, BigDecimal> held = payouts.held();
        assertFalse(held.isEmpty());
        assertFalse(payouts.refused().isEmpty());
        assertTrue(Collections.disjoint(held.keySet(), payouts.refused()));

        // what the answers add up to: the last round's late capture alone is unsettled
        BigDecimal holds = held.values().stream().reduce(new BigDecimal("0.00"), BigDecimal::add);
        BigDecimal pending = CARD_NET.multiply(BigDecimal.valueOf(3L * rounds)).subtract(settled);
        assertEquals(CARD_NET, pending);
        Map<String, BigDecimal> expected = Map.of("available", opening.add(settled).subtract(holds),
                "pending", pending, "held", holds);
        JsonPath balance = shop.balance();
        for (String account : expected.keySet()) {
            assertEquals(expected.get(account).toPlainString(), balance.getString(account), account);
            assertEquals(expected.get(account), ledger.balance(shop.id(), account), account);
        }
        assertEquals(expected, ledger.sums("SELECT account, sum(amount) FROM line WHERE merchant_id = ? "
                + "AND account IN ('available', 'pending', 'held') GROUP BY account", shop.id()));
        // the postings took turns: each line's balance_after is the running sum of its account's lines, never < 0
        assertEquals(0, ledger.count("""
                SELECT count(*) FROM (SELECT account, balance_after,
                       sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
                       FROM line WHERE merchant_id = ?) l
                WHERE balance_after <> running OR (account = 'available' AND balance_after < 0)""", shop.id()));

        // every hold answered 201 is in the ledger (its row, its lines), every 422 left nothing
        assertEquals(held, ledger.sums("SELECT partner_reference_no, amount + fee FROM hold WHERE merchant_id = ?",
                shop.id()));
        assertEquals(held, ledger.sums("SELECT reference, sum(amount) FROM line WHERE merchant_id = ? "
                + "AND account = 'held' GROUP BY reference", shop.id()));
        assertEquals(held.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().negate())),
                ledger.sums("SELECT reference, sum(amount) FROM line WHERE merchant_id = ? AND account = 'available' "
                        + "AND type IN ('DISBURSEMENT', 'FEE') GROUP BY reference", shop.id()));
        for (String key : held.keySet()) {
            internal().get("/internal/holds/" + shop.id() + "/" + key).then().statusCode(200)
                    .body("status", equalTo("HELD"));
        }
        for (String key : payouts.refused()) {
            internal().get("/internal/holds/" + shop.id() + "/" + key).then().statusCode(404);
        }
        assertEquals(new BigDecimal("0.00"), ledger.scalar("SELECT sum(amount) FROM line WHERE merchant_id = ?",
                shop.id()));
        assertEveryEntrySumsToZeroAndEveryBalanceToItsLines();
    }

    @Test
    void aPayoutRefusedWhileItsFundsArePendingIsHeldOnceTheRunHasMovedThemToAvailable() {
        RegistryMerchant shop = RegistryMerchant.publish(merchants, "early");
        shop.topUp("1000.00");
        LocalDate day = LocalDate.now(JAKARTA).minusDays(10);
        captureThroughTheTopic(shop.id(), day);
        String key = Events.id("PRN");
        // 50000 + demo's fixed 5000 fee: more than the 1000 available, less than it once the 94561 pending is settled
        LedgerApiTest.hold(shop.id(), key, "50000.00").then().statusCode(422)
                .body("reason", equalTo("INSUFFICIENT_FUNDS")).body("available", equalTo("1000.00"))
                .body("required", equalTo("55000.00"));
        // a run as of the capture's own day moves nothing: it settles the day after
        settle(day);
        LedgerApiTest.hold(shop.id(), key, "50000.00").then().statusCode(422).body("available", equalTo("1000.00"));
        internal().get("/internal/holds/" + shop.id() + "/" + key).then().statusCode(404);
        assertEquals(0, ledger.count("SELECT count(*) FROM line WHERE merchant_id = ? AND reference = ?", shop.id(),
                key));

        settle(day.plusDays(1));
        LedgerApiTest.hold(shop.id(), key, "50000.00").then().statusCode(201).body("status", equalTo("HELD"))
                .body("fee", equalTo("5000.00")).body("available", equalTo("40561.00"));
        JsonPath balance = shop.balance();
        assertEquals(List.of("40561.00", "0.00", "55000.00"), List.of(balance.getString("available"),
                balance.getString("pending"), balance.getString("held")));
    }

    /** Captures of 100000 by CARD through the real topic, one captured at 10:00 on each day; awaited. */
    private void captureThroughTheTopic(String merchantId, LocalDate... days) {
        List<String> codes = new ArrayList<>();
        for (LocalDate day : days) {
            String code = Events.id("PX");
            codes.add(code);
            Events.send(Events.signed(Events.at(Events.captured(merchantId, code, "100000.00", PaymentMethod.CARD),
                    day.atTime(10, 0).atZone(JAKARTA).toInstant())));
        }
        await().atMost(WAIT).until(() -> codes.stream().allMatch(code -> ledger.count(
                "SELECT count(*) FROM capture WHERE merchant_id = ? AND payment_code = ?", merchantId, code) == 1));
    }

    private static void settle(LocalDate asOf) {
        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + asOf + "\"}").post("/admin/settlements/run").then().statusCode(200);
    }

    private static RequestSpecification internal() {
        return given().auth().oauth2(SandboxConfigResource.INTERNAL_TOKEN);
    }

    /** The whole ledger: every entry's lines sum to zero, every account's balance is the sum of its lines. */
    private void assertEveryEntrySumsToZeroAndEveryBalanceToItsLines() {
        assertEquals(0, ledger.count("SELECT count(*) FROM (SELECT entry_id FROM line GROUP BY entry_id "
                + "HAVING sum(amount) <> 0) unbalanced"));
        assertEquals(0, ledger.count("SELECT count(*) FROM account a WHERE balance <> "
                + "(SELECT coalesce(sum(amount), 0) FROM line WHERE account_id = a.id)"));
    }

    private String settlementOf(String code) {
        try (Connection c = dataSource.getConnection(); var ps = c.prepareStatement(
                "SELECT settlement_id FROM capture WHERE payment_code = ?")) {
            ps.setString(1, code);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void post(EventEnvelope event) {
        assertTrue(List.of("posted", "ignored").contains(posting.post(Events.received(Events.signed(event)))));
    }

    /** {@code paygate_ledger_events_total} of {@code payment-status} with {@code outcome}. */
    private double events(String outcome) {
        String metrics = given().get("/q/metrics").then().extract().asString();
        return metrics.lines().filter(l -> l.startsWith("paygate_ledger_events_total{")
                        && l.contains("topic=\"payment-status\"") && l.contains("outcome=\"" + outcome + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private double rejected(String reason) {
        String metrics = given().get("/q/metrics").then().extract().asString();
        return metrics.lines().filter(l -> l.startsWith("paygate_events_rejected_total{")
                        && l.contains("topic=\"payment-status\"") && l.contains("reason=\"" + reason + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    /** Runs both at once (released together) and returns their results. */
    @SafeVarargs
    static <T> List<T> race(Callable<T>... tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.length);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new java.util.ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new java.util.ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
