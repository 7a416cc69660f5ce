package io.paygate.qa;

import io.paygate.qa.StandIn.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static io.paygate.qa.MerchantAdminTest.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit's balance calls (docs/contract.md §12) against a ledger-service stand-in that answers only requests signed as
 * the merchant (§0), or with the operator's token for {@code /admin/}: what each call sends, where, and what it parses.
 * The other services' URLs lead nowhere: every call goes to ledger-service's.
 */
@ExtendWith(WithoutEnvironment.class)
class BalancesTest {

    static final String SECRET = "qa-client-secret";
    static final String OPS = "qa-ops-token";

    StandIn ledgerService;
    Paygate paygate;
    final AtomicReference<String> available = new AtomicReference<>("1000000000.00");

    @BeforeEach
    void start() throws IOException {
        ledgerService = new StandIn(this::route);
        String nowhere = "http://127.0.0.1:9";
        paygate = Paygate.of(new PaygateTarget(nowhere, nowhere, nowhere, "qa", SECRET,
                MerchantSelfServiceTest.NOTIFICATION_SECRET, PaygateTarget.DEFAULT_CALLBACK_URL, Optional.of(OPS),
                Optional.of(nowhere), Optional.of(ledgerService.url())));
    }

    @AfterEach
    void stop() {
        ledgerService.close();
    }

    private Reply route(StandIn.Request request) {
        String target = request.target();
        if (target.startsWith("/admin/")) {
            if (!request.bearer(OPS)) {
                return error(401, "4011400", "Unauthorized. Invalid operator token");
            }
        } else if (!request.signedBy("qa", SECRET)) {
            return error(401, "4011400", "Unauthorized. Invalid signature");
        }
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        return switch (request.method() + " " + path) {
            case "GET /pg/balance" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                    + "\"available\":\"" + available.get() + "\",\"pending\":\"142951.00\",\"held\":\"155000.00\","
                    + "\"currency\":\"IDR\"}");
            case "GET /pg/balance/transactions" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":"
                    + "\"Success\",\"transactions\":[{\"id\":\"T2\",\"type\":\"FEE\",\"reference\":\"ORD-1\","
                    + "\"account\":\"pending\",\"amount\":\"-6350.00\",\"balanceAfter\":\"143650.00\",\"at\":"
                    + "\"2026-11-21T10:15:30+07:00\"}],\"nextCursor\":\"c2\"}");
            case "GET /pg/settlements" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                    + "\"settlements\":[{\"settlementId\":\"STL-1\",\"date\":\"2026-11-22\",\"count\":1,\"gross\":"
                    + "\"150000.00\",\"fees\":\"6350.00\",\"vat\":\"699.00\",\"net\":\"142951.00\"}]}");
            case "GET /pg/settlements/STL-1/report" -> Reply.csv("orderId,method,capturedAt,gross,fee,vat,net\r\n"
                    + "ORD-1,CARD,2026-11-21T10:15:30+07:00,150000.00,6350.00,699.00,142951.00\r\n"
                    + "'-2-3,QRIS,2026-11-21T11:00:00+07:00,1000.00,7.00,1.00,992.00\r\n");
            case "GET /pg/settlements/STL-2/report" -> Reply.ok("{\"not\":\"csv\"}");
            case "POST /pg/sandbox/balance/top-up" -> {
                if (request.body().contains("\"amount\":\"0.00\"")) {
                    yield error(400, "4001401", "Invalid Field Format amount");
                }
                available.set(new BigDecimal(available.get()).add(new BigDecimal("500000.00")).toPlainString());
                yield Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\"}");
            }
            case "POST /admin/settlements/run" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":"
                    + "\"Success\",\"settlements\":[]}");
            case "GET /admin/reconciliation" -> Reply.ok("{\"responseCode\":\"2000000\",\"responseMessage\":"
                    + "\"Success\",\"differences\":[{\"reference\":\"PAY-9\",\"kind\":\"CAPTURE\",\"gateway\":"
                    + "\"150000.00\",\"ledger\":null}]}");
            default -> error(404, "4041400", "Not Found");
        };
    }

    @Test
    void theBalanceIsReadSignedAtLedgerService() {
        Balance balance = paygate.balances().balance();
        assertEquals(new Balance(new BigDecimal("1000000000.00"), new BigDecimal("142951.00"),
                new BigDecimal("155000.00"), "IDR"), balance);
        assertEquals("GET /pg/balance", ledgerService.last().line());

        Paygate forged = Paygate.of(paygate.target().withClientSecret("not-the-secret"));
        assertEquals(401, forged.balances().balanceReply().statusCode());
        AssertionError refused = assertThrows(AssertionError.class, () -> forged.balances().balance());
        assertTrue(refused.getMessage().contains("the balance of qa: expected HTTP 200, got 401"),
                refused.getMessage());
    }

    @Test
    void transactionsSendTheQueryAndParseTheLines() {
        ListPage page = paygate.balances().transactions(ListQuery.all().type("FEE").limit(10).cursor("c1"));
        String line = ledgerService.last().line(); // the parameters in any order: ListQuery keeps no order
        assertTrue(line.startsWith("GET /pg/balance/transactions?"), line);
        assertEquals(java.util.Set.of("type=FEE", "cursor=c1", "limit=10"),
                java.util.Set.of(line.substring(line.indexOf('?') + 1).split("&")), line);
        assertEquals("c2", page.nextCursor());
        assertEquals(1, page.items().size());
        assertEquals("-6350.00", page.items().getFirst().get("amount"));
        assertEquals("ORD-1", page.find("type", "FEE").orElseThrow().get("reference"));
    }

    @Test
    void settlementsAndTheirReportAreReadByTheirMembersAndHeader() {
        ListPage settlements = paygate.balances().settlements(LocalDate.of(2026, 11, 22), LocalDate.of(2026, 11, 23));
        assertEquals("GET /pg/settlements?from=2026-11-22&to=2026-11-23", ledgerService.last().line());
        assertEquals("142951.00", settlements.find("settlementId", "STL-1").orElseThrow().get("net"));
        paygate.balances().settlements(null, null);
        assertEquals("GET /pg/settlements", ledgerService.last().line());

        SettlementReport report = paygate.balances().settlementReport("STL-1");
        assertEquals("GET /pg/settlements/STL-1/report", ledgerService.last().line());
        assertEquals(List.of("orderId", "method", "capturedAt", "gross", "fee", "vat", "net"), report.header());
        assertEquals(2, report.rows().size());
        assertEquals("699.00", report.rowsWhere("orderId", "ORD-1").getFirst().get("vat"));
        assertEquals("QRIS", report.rowsWhere("orderId", "-2-3").getFirst().get("method"));
        AssertionError notCsv = assertThrows(AssertionError.class, () -> paygate.balances().settlementReport("STL-2"));
        assertTrue(notCsv.getMessage().contains("not text/csv"), notCsv.getMessage());
    }

    @Test
    void aTopUpSendsTheAmountAndAnswersTheBalanceAfterIt() {
        Balance after = paygate.balances().topUp("500000.00");
        assertEquals(List.of("POST /pg/sandbox/balance/top-up {\"amount\":\"500000.00\"}", "GET /pg/balance"),
                ledgerService.lines());
        assertEquals(new BigDecimal("1000500000.00"), after.available());
        assertEquals(400, paygate.balances().topUpReply("{\"amount\":\"0.00\"}").statusCode());
        assertThrows(AssertionError.class, () -> paygate.balances().topUp("0.00"));
    }

    @Test
    void awaitBalanceWaitsForTheBalanceToChange() {
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            available.set("1.00");
        });
        later.start();
        Balance changed = paygate.balances().awaitBalance(Duration.ofSeconds(10),
                b -> b.available().compareTo(BigDecimal.ONE) == 0);
        assertEquals(new BigDecimal("1.00"), changed.available());
    }

    @Test
    void operatorCallsCarryTheOperatorsTokenNotTheMerchantsSignature() {
        paygate.balances().runSettlements(LocalDate.of(2026, 11, 22));
        StandIn.Request run = ledgerService.last();
        assertEquals("POST /admin/settlements/run {\"asOf\":\"2026-11-22\"}", run.line());
        assertTrue(run.bearer(OPS));

        ListPage differences = paygate.balances().reconciliation(LocalDate.of(2026, 11, 21));
        assertEquals("GET /admin/reconciliation?date=2026-11-21", ledgerService.last().line());
        assertEquals(Map.of("reference", "PAY-9", "kind", "CAPTURE", "gateway", "150000.00"),
                Map.of("reference", differences.items().getFirst().get("reference"), "kind",
                        differences.items().getFirst().get("kind"), "gateway",
                        differences.items().getFirst().get("gateway")));

        Paygate noOperator = Paygate.of(paygate.target().withOpsToken(null));
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> noOperator.balances().runSettlements(LocalDate.of(2026, 11, 22)));
        assertTrue(missing.getMessage().contains("paygate.ops-token"), missing.getMessage());
        assertEquals(401, Paygate.of(paygate.target().withOpsToken("wrong")).balances()
                .runSettlementsReply(Map.of("asOf", "2026-11-22")).statusCode());
    }

    @Test
    void withoutALedgerServiceUrlTheCallNamesTheSettings() {
        Paygate noLedger = Paygate.of(paygate.target().withLedgerServiceUrl(null));
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> noLedger.balances().balance());
        assertTrue(missing.getMessage().contains("paygate.ledger-service-url (PAYGATE_LEDGER_SERVICE_URL) or "
                + "paygate.base-url (PAYGATE_BASE_URL)"), missing.getMessage());
        assertTrue(PaygateTarget.of("https://pay.example.com", "qa", SECRET, MerchantSelfServiceTest.NOTIFICATION_SECRET)
                .ledgerServiceUrl().orElseThrow().equals("https://pay.example.com"));
    }
}
