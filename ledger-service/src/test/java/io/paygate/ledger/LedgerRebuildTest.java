package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.ledger.events.EventPosting;
import io.paygate.ledger.opening.OpeningBalances;
import io.paygate.ledger.support.Events;
import io.paygate.ledger.support.Ledger;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rebuilding the ledger from the topics (docs/contract.md §12, docs/operations.md "Rebuilding the ledger from the
 * topics"): a realistic mix of events through the real topics, wiped, read again from the beginning of the topics into
 * the same posting as the service's consumer, with what no event carries done again as operations do it (the
 * opening balances posted at start-up, the settlement run for the same day), gives the same ledger.
 *
 * <p>What "the same" is, exactly: every balance of every account (the merchants' and the gateway's); every line posted
 * from an event (captures, fees, VAT, refunds — also one read before its capture — and reversals) with its account,
 * type, reference, amount and time; the opening balances' lines; the settlements (per merchant and day: count, gross,
 * fees, VAT, net, refunds) and their lines' amounts (their ids and times are new); and each payout's net on each account.
 * A payout's hold is not an event: the rebuild debits a paid payout ({@code 00}) from available directly where the
 * original held it first and then debited the hold, and a released one ({@code 06}) posts nothing where the original
 * held and released it; so the hold's lines themselves (and their times) are not rebuilt, only what they add up to.
 */
@QuarkusTest
@LedgerTestResources
class LedgerRebuildTest {

    private static final String DEMO = SandboxMerchants.DEMO.id();
    private static final String DEMO2 = SandboxMerchants.DEMO2.id();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    AgroalDataSource dataSource;
    @Inject
    EventPosting posting;
    @Inject
    OpeningBalances openingBalances;

    @Test
    void wipingTheLedgerAndReplayingTheTopicsFromTheirBeginningRebuildsTheSameBooks() throws Exception {
        // The ledger as the topics alone say it (other classes posted some events directly and topped up).
        wipe();
        replayFromTheBeginning();
        LocalDate asOf = LocalDate.now(ZoneId.of("Asia/Jakarta")).plusDays(2);

        openingBalances.post(DEMO, new BigDecimal("1000000000.00"));
        openingBalances.post(DEMO2, new BigDecimal("1000000000.00"));
        List<EventEnvelope> mix = new ArrayList<>();
        String card = Events.id("RB");
        String qris = Events.id("RB");
        String early = Events.id("RB");
        String reversed = Events.id("RB");
        String big = Events.id("RB");
        mix.add(Events.captured(DEMO, card, "150000.00", PaymentMethod.CARD));
        mix.add(Events.captured(DEMO, qris, "80000.00", PaymentMethod.QRIS));
        mix.add(Events.refunded(DEMO, card, Events.id("RF"), "20000.00", "SUCCEEDED"));
        mix.add(Events.refunded(DEMO, card, Events.id("RF"), "1000.00", "FAILED"));
        mix.add(Events.refunded(DEMO, early, Events.id("RF"), "10000.00", "SUCCEEDED"));
        mix.add(Events.captured(DEMO, early, "60000.00", PaymentMethod.CARD));
        mix.add(Events.captured(DEMO, reversed, "30000.00", PaymentMethod.CARD));
        mix.add(Events.reversed(DEMO, reversed, "30000.00"));
        mix.add(Events.captured(DEMO2, big, "9999999999999.99", PaymentMethod.CARD));
        String paid = Events.id("PRN");
        String failed = Events.id("PRN");
        String returned = Events.id("PRN");
        hold(DEMO, paid, "100000.00");
        hold(DEMO, failed, "50000.00");
        hold(DEMO2, returned, "30000.00");
        mix.add(Events.disbursement(DEMO, paid, "REF-" + paid, "100000.00", DisbursementStatus.SUCCESS));
        mix.add(Events.disbursement(DEMO, failed, "REF-" + failed, "50000.00", DisbursementStatus.FAILED));
        mix.add(Events.disbursement(DEMO2, returned, "REF-" + returned, "30000.00", DisbursementStatus.SUCCESS));
        mix.add(Events.disbursement(DEMO2, returned, "REF-" + returned, "30000.00", DisbursementStatus.REFUNDED));
        for (EventEnvelope event : mix) {
            Events.send(Events.signed(event));
        }
        await().atMost(WAIT).until(() -> mix.stream().allMatch(e -> new Ledger(dataSource).count(
                "SELECT count(*) FROM posted_event WHERE event_id = ?", e.eventId()) == 1));
        settle(asOf);
        Map<String, List<String>> before = snapshot();
        assertFalse(before.get("event lines").isEmpty());
        assertTrue(before.get("event lines").stream().anyMatch(l -> l.contains("9999999999999.99")), "the maximum");
        assertTrue(before.get("settlements").size() >= 2, before.get("settlements").toString());

        wipe();
        assertEquals(0, new Ledger(dataSource).count("SELECT count(*) FROM line"));
        replayFromTheBeginning();
        // what operations do again: the service's start-up posts the opening balances, the operator runs the same day
        openingBalances.post(DEMO, new BigDecimal("1000000000.00"));
        openingBalances.post(DEMO2, new BigDecimal("1000000000.00"));
        settle(asOf);
        Map<String, List<String>> after = snapshot();

        for (String part : before.keySet()) {
            assertEquals(before.get(part), after.get(part), part);
        }
    }

    private static void hold(String merchantId, String key, String amount) {
        given().auth().oauth2(SandboxConfigResource.INTERNAL_TOKEN).contentType(ContentType.JSON)
                .body("{\"referenceNo\": \"REF-" + key + "\", \"amount\": \"" + amount + "\", \"currency\": \"IDR\"}")
                .put("/internal/holds/" + merchantId + "/" + key).then().statusCode(201);
    }

    private static void settle(LocalDate asOf) {
        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + asOf + "\"}").post("/admin/settlements/run").then().statusCode(200);
    }

    /** Every ledger table emptied (TRUNCATE: the migrations and the schema stay, the line triggers do not fire). */
    private void wipe() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE line, entry, posted_event, capture, refund, hold, settlement, account");
        }
    }

    /** Both status topics from offset 0 to their present end, each record into the consumer's own posting. */
    private void replayFromTheBeginning() {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(Topics.PAYMENT_STATUS, Topics.DISBURSEMENT_STATUS)) {
                consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    posting.post(record);
                }
            }
        }
    }

    private Map<String, List<String>> snapshot() throws SQLException {
        Map<String, List<String>> parts = new TreeMap<>();
        parts.put("balances", rows("""
                SELECT merchant_id, name, balance FROM account WHERE balance <> 0 ORDER BY merchant_id, name"""));
        parts.put("event lines", rows("""
                SELECT l.merchant_id, l.account, l.type, l.reference, l.amount, l.at FROM line l
                JOIN entry e ON e.id = l.entry_id WHERE e.event_id IS NOT NULL
                ORDER BY 1, 2, 3, 4, 5, 6"""));
        parts.put("opening balances", rows("""
                SELECT l.merchant_id, l.account, l.type, l.reference, l.amount FROM line l
                JOIN entry e ON e.id = l.entry_id WHERE e.type = 'ADJUSTMENT' ORDER BY 1, 2, 3, 4, 5"""));
        parts.put("settlements", rows("""
                SELECT merchant_id, date, count, gross, fees, vat, net, refunds FROM settlement ORDER BY 1, 2"""));
        parts.put("settlement lines", rows("""
                SELECT l.merchant_id, l.account, l.type, l.amount FROM line l
                JOIN entry e ON e.id = l.entry_id WHERE e.type = 'SETTLEMENT' ORDER BY 1, 2, 3, 4"""));
        parts.put("payouts", rows("""
                SELECT l.merchant_id, l.account, l.reference, sum(l.amount) FROM line l
                JOIN entry e ON e.id = l.entry_id WHERE e.type IN ('HOLD', 'DISBURSEMENT', 'RELEASE', 'RETURN')
                GROUP BY 1, 2, 3 HAVING sum(l.amount) <> 0 ORDER BY 1, 2, 3"""));
        parts.put("captures and refunds", rows("""
                SELECT merchant_id, payment_code, order_id, method, captured_at, gross, fee, vat, net, settlement_date,
                       settlement_id IS NOT NULL FROM capture
                UNION ALL SELECT merchant_id, refund_id, payment_code, account, at, amount, NULL, NULL, NULL, NULL,
                       settlement_id IS NOT NULL FROM refund ORDER BY 1, 2"""));
        // nothing escapes the comparison: every entry is of a kind compared above
        assertEquals(List.of(), rows("""
                SELECT DISTINCT type FROM entry WHERE event_id IS NULL
                AND type NOT IN ('ADJUSTMENT', 'SETTLEMENT', 'HOLD', 'DISBURSEMENT', 'RELEASE', 'RETURN')"""));
        return parts;
    }

    private List<String> rows(String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i == 1 ? "" : " | ").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
