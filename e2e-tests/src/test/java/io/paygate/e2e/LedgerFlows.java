package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.e2e.TimedHttp.Reply;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 46's flows at three replicas of every service, ledger-service's too ({@link ReplicatedStackIT}): the
 * merchant's money (docs/contract.md §12). A card capture seen in the balance with its fee and VAT, then settled by
 * the operator's run, once however often it runs; two payouts at two payment-service replicas that together exceed
 * the balance, one refused; and every event of the run posted once at three ledger replicas. Each request goes to one
 * replica, the next request to the next one, as behind the Ingress; every wait polls, none sleeps.
 */
final class LedgerFlows {

    private static final Duration POLL = Duration.ofMillis(50);
    /** How long a posting may take to show at ledger-service (an event read, posted and committed). */
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    /** The throw-away merchants' fee table: demo's card and payout fees (docs/contract.md §8). */
    static final String FEES = "{\"CARD\": {\"percent\": \"2.9\", \"fixed\": \"2000\"}, "
            + "\"DISBURSEMENT\": {\"fixed\": \"5000\"}}";
    /**
     * The merchant guide's worked example: a card capture of 150,000.00 with fees 2.9 % + 2,000 pays a fee of
     * 4,350 + 2,000 = 6,350.00 and VAT of 11 % of it, 698.50, rounded half-up to 699.00; 142,951.00 net.
     */
    static final String GROSS = "150000.00";
    static final String FEE = "6350.00";
    static final String VAT = "699.00";
    static final String NET = "142951.00";

    private final ReplicatedStack replicas;
    private final AtomicInteger next = new AtomicInteger();

    LedgerFlows(ReplicatedStack replicas) {
        this.replicas = replicas;
    }

    /** What the money view left behind, for {@link #eachEventPostedOnce}. */
    record MoneyView(SandboxMerchants.Merchant merchant, String orderId, String settlementId) {
    }

    /** What the racing payouts left behind. */
    record Payouts(SandboxMerchants.Merchant merchant, String accepted, String refused) {
    }

    /**
     * A throw-away merchant with demo's fees and a settlement delay of one day, captured once by card: the balance
     * shows the net as pending with the capture, fee and VAT lines of the worked example; the operator's run as of the
     * capture date + 1 makes it available, listed in the merchant's settlements with the payment in its report; a
     * second run (at another replica) settles nothing twice.
     */
    MoneyView moneyView(String callbackUrl) throws Exception {
        SandboxMerchants.Merchant merchant = merchantWithFees();
        String orderId = "ORD-" + UUID.randomUUID();
        String paymentCode = initiate(merchant, orderId, callbackUrl);
        Reply card = TimedHttp.form(replicas.baseUrl("payment-service", 1), "/pg/pay/" + paymentCode + "/card",
                Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031", "cvv", "123",
                        "cardholderName", "Budi Santoso"));
        assertEquals(303, card.status(), card.body());

        JsonNode balance = awaitBalance(merchant, b -> b.path("pending").asText().equals(NET));
        assertEquals("0.00", balance.path("available").asText(), balance.toString());
        assertEquals("0.00", balance.path("held").asText(), balance.toString());
        List<JsonNode> lines = transactions(merchant);
        assertEquals(Map.of("CAPTURE pending", GROSS, "FEE pending", "-" + FEE, "VAT pending", "-" + VAT),
                byTypeAndAccount(lines, orderId), "the capture's lines (reference " + orderId + ")");
        LocalDate captured = OffsetDateTime.parse(lines.stream().filter(l -> l.path("type").asText().equals("CAPTURE"))
                .findFirst().orElseThrow().path("at").asText()).toLocalDate();

        String asOf = "{\"asOf\":\"" + captured.plusDays(1) + "\"}";
        Reply run = Registry.operator(ledger(), "POST", "/admin/settlements/run", asOf);
        assertEquals(200, run.status(), run.body());
        balance = balance(merchant);
        assertEquals(NET, balance.path("available").asText(), "settled: " + balance);
        assertEquals("0.00", balance.path("pending").asText(), "settled: " + balance);
        JsonNode settlement = onlySettlement(merchant, captured);
        assertEquals(List.of(1, GROSS, FEE, VAT, NET), List.of(settlement.path("count").asInt(),
                settlement.path("gross").asText(), settlement.path("fees").asText(), settlement.path("vat").asText(),
                settlement.path("net").asText()), settlement.toString());
        String settlementId = settlement.path("settlementId").asText();
        Reply report = signed(merchant, "GET", "/pg/settlements/" + settlementId + "/report");
        assertEquals(200, report.status(), report.body());
        assertTrue(report.body().lines().anyMatch(row -> row.startsWith(orderId + ",") && row.contains(GROSS)
                && row.contains(NET)), "the report's row of " + orderId + ":\n" + report.body());

        Reply again = Registry.operator(ledger(), "POST", "/admin/settlements/run", asOf);
        assertEquals(200, again.status(), again.body());
        assertEquals(settlementId, onlySettlement(merchant, captured).path("settlementId").asText());
        assertEquals(balance, balance(merchant), "a second run settles nothing twice");
        return new MoneyView(merchant, orderId, settlementId);
    }

    /**
     * A throw-away merchant topped up with 300,000.00 (the sandbox top-up) sends two payouts of 200,000.00 at once,
     * each to another payment-service replica: each needs 205,000.00 with its fee, together more than there is.
     * Exactly one is accepted and the other refused {@code 4030401} with nothing written; the accepted one's amount and
     * fee are held until the bank pays it ({@code 00}), then debited: held back to 0.00.
     */
    Payouts payoutsRacing() throws Exception {
        SandboxMerchants.Merchant merchant = merchantWithFees();
        Reply topUp = signed(merchant, "POST", "/pg/sandbox/balance/top-up", "{\"amount\":\"300000.00\"}");
        assertEquals(200, topUp.status(), topUp.body());
        assertEquals("300000.00", Json.tree(topUp.body()).path("available").asText(), topUp.body());

        List<String> refs = List.of("TRF-" + UUID.randomUUID(), "TRF-" + UUID.randomUUID());
        CountDownLatch ready = new CountDownLatch(2);
        List<Future<Reply>> sent = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int k = 0; k < 2; k++) {
                String base = replicas.baseUrl("payment-service", k);
                String body = """
                        {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                        "beneficiaryAccountNo":"1234567890","amount":{"value":"200000.00","currency":"IDR"}}"""
                        .formatted(refs.get(k));
                sent.add(executor.submit(() -> {
                    ready.countDown();
                    ready.await();
                    return TimedHttp.signed(base, merchant, "POST", "/pg/disbursement/transfer", body);
                }));
            }
        }
        List<Reply> replies = List.of(sent.get(0).get(), sent.get(1).get());
        List<Integer> statuses = replies.stream().map(Reply::status).sorted().toList();
        assertEquals(List.of(200, 403), statuses, replies.get(0).body() + " / " + replies.get(1).body());
        int refusedAt = replies.get(0).status() == 403 ? 0 : 1;
        assertEquals("4030401", Registry.code(replies.get(refusedAt)), replies.get(refusedAt).body());
        String accepted = refs.get(1 - refusedAt);
        String refused = refs.get(refusedAt);

        JsonNode balance = balance(merchant);
        assertEquals(List.of("95000.00", "205000.00"), List.of(balance.path("available").asText(),
                balance.path("held").asText()), "one payout and its fee held: " + balance);
        Reply unknown = signed(merchant, "GET", "/pg/disbursement/status/" + refused, null, "payment-service");
        assertEquals(404, unknown.status(), "the refused payout was not written: " + unknown.body());

        awaitTransfer(merchant, accepted, "00");
        balance = awaitBalance(merchant, b -> b.path("held").asText().equals("0.00"));
        assertEquals("95000.00", balance.path("available").asText(), "paid: " + balance);
        List<JsonNode> lines = transactions(merchant);
        Map<String, String> payout = byTypeAndAccount(lines, accepted);
        assertEquals("-200000.00", payout.get("DISBURSEMENT available"), "the payout's lines: " + payout);
        assertEquals("-5000.00", payout.get("FEE available"), "the payout's lines: " + payout);
        assertEquals("0.00", sum(lines, accepted, "held"), "held, then debited: " + payout);
        assertEquals(Map.of(), byTypeAndAccount(lines, refused), "the refused payout posted nothing");
        return new Payouts(merchant, accepted, refused);
    }

    /**
     * Every event of the run posted once at three ledger replicas, through kills, a rolling restart and the flows
     * above: no merchant has two lines of one type, account, reference and amount (a posting's lines differ in one of
     * those; only ADJUSTMENTs, top-ups of the same amount, may repeat). demo's every CAPTURE included. Returns the
     * lines read per merchant.
     */
    Map<String, Integer> eachEventPostedOnce(MoneyView money, Payouts payouts) throws Exception {
        Map<String, Integer> read = new TreeMap<>();
        for (SandboxMerchants.Merchant merchant : List.of(money.merchant(), payouts.merchant(), SandboxMerchants.DEMO)) {
            List<JsonNode> lines = transactions(merchant);
            Map<String, Integer> counts = new TreeMap<>();
            for (JsonNode line : lines) {
                if (!line.path("type").asText().equals("ADJUSTMENT")) {
                    counts.merge(line.path("type").asText() + " " + line.path("account").asText() + " "
                            + line.path("reference").asText() + " " + line.path("amount").asText(), 1, Integer::sum);
                }
            }
            counts.values().removeIf(n -> n == 1);
            assertEquals(Map.of(), counts, merchant.id() + ": lines posted more than once");
            read.put(merchant.id(), lines.size());
        }
        assertEquals(3, transactions(money.merchant()).stream().filter(l -> l.path("reference").asText()
                .equals(money.orderId())).count(), "the capture's three lines");
        assertTrue(transactions(SandboxMerchants.DEMO).stream().filter(l -> l.path("type").asText().equals("CAPTURE"))
                .count() > 0, "demo's captures of the run are in its ledger");
        return read;
    }

    /** A new merchant with {@link #FEES}, settling a day after capture, in force at every replica of every service. */
    private SandboxMerchants.Merchant merchantWithFees() throws Exception {
        Registry.Created created = Registry.create(replicas.baseUrl("merchant-service", 0),
                ",\"fees\":" + FEES + ",\"settlementDelayDays\":1");
        new RegistryFlows(replicas).awaitEveryReplica(created.merchant(), Registry::accepted, System.nanoTime());
        return created.merchant();
    }

    private String initiate(SandboxMerchants.Merchant merchant, String orderId, String callbackUrl) {
        Reply reply = TimedHttp.signed(replicas.baseUrl("payment-service", 0), merchant, "POST",
                "/pg/payment/card/initiate", """
                        {"order":{"id":"%s","amount":"%s","description":"Coffee"},"customer":{"id":"CUST-L",\
                        "email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                        "mobilePhone":"+6281234567890"},"url":{"callbackUrl":"%s"}}"""
                        .formatted(orderId, GROSS, callbackUrl));
        assertEquals(200, reply.status(), reply.body());
        String redirect = Json.tree(reply.body()).path("redirecturl").asText();
        return redirect.substring(redirect.lastIndexOf('/') + 1);
    }

    private void awaitTransfer(SandboxMerchants.Merchant merchant, String partnerRef, String status) throws Exception {
        await("transfer " + partnerRef + " " + status, () -> signed(merchant, "GET",
                "/pg/disbursement/status/" + partnerRef, null, "payment-service"),
                r -> r.status() == 200 && Json.tree(r.body()).path("latestTransactionStatus").asText().equals(status));
    }

    /** The merchant's only settlement of the day {@code captured} + 1. */
    private JsonNode onlySettlement(SandboxMerchants.Merchant merchant, LocalDate captured) {
        String day = captured.plusDays(1).toString();
        Reply reply = signed(merchant, "GET", "/pg/settlements?from=" + captured + "&to=" + day);
        assertEquals(200, reply.status(), reply.body());
        JsonNode settlements = Json.tree(reply.body()).path("settlements");
        assertEquals(1, settlements.size(), reply.body());
        return settlements.get(0);
    }

    private JsonNode balance(SandboxMerchants.Merchant merchant) {
        Reply reply = signed(merchant, "GET", "/pg/balance");
        assertEquals(200, reply.status(), reply.body());
        return Json.tree(reply.body());
    }

    private JsonNode awaitBalance(SandboxMerchants.Merchant merchant, Predicate<JsonNode> done) throws Exception {
        Reply last = await("the balance of " + merchant.id(), () -> signed(merchant, "GET", "/pg/balance"),
                r -> r.status() == 200 && done.test(Json.tree(r.body())));
        return Json.tree(last.body());
    }

    /** Every transaction of the merchant, newest first, page by page (limit 200). */
    List<JsonNode> transactions(SandboxMerchants.Merchant merchant) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        do {
            String path = "/pg/balance/transactions?limit=200"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            Reply reply = signed(merchant, "GET", path);
            assertEquals(200, reply.status(), reply.body());
            JsonNode page = Json.tree(reply.body());
            page.path("transactions").forEach(all::add);
            cursor = page.path("nextCursor").isTextual() ? page.path("nextCursor").asText() : null;
        } while (cursor != null);
        return all;
    }

    /** "TYPE account" → amount of the lines with {@code reference} (each pair once, or the map says otherwise). */
    private static Map<String, String> byTypeAndAccount(List<JsonNode> lines, String reference) {
        Map<String, String> amounts = new TreeMap<>();
        for (JsonNode line : lines) {
            if (line.path("reference").asText().equals(reference)) {
                String key = line.path("type").asText() + " " + line.path("account").asText();
                String previous = amounts.put(key, line.path("amount").asText());
                if (previous != null) {
                    amounts.put(key, previous + " and " + line.path("amount").asText());
                }
            }
        }
        return amounts;
    }

    private static String sum(List<JsonNode> lines, String reference, String account) {
        return lines.stream().filter(l -> l.path("reference").asText().equals(reference)
                        && l.path("account").asText().equals(account))
                .map(l -> new java.math.BigDecimal(l.path("amount").asText()))
                .reduce(new java.math.BigDecimal("0.00"), java.math.BigDecimal::add).toPlainString();
    }

    /** Polls every {@link #POLL} until {@code done}; the reply that was, or a failure naming the last one. */
    private static Reply await(String what, java.util.function.Supplier<Reply> request, Predicate<Reply> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        Reply last;
        do {
            last = request.get();
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(POLL);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(what + " not reached within " + DEADLINE + ", last " + last.status() + " "
                + last.body());
    }

    /** A signed request at the next replica of ledger-service. */
    private Reply signed(SandboxMerchants.Merchant merchant, String method, String path) {
        return signed(merchant, method, path, null);
    }

    private Reply signed(SandboxMerchants.Merchant merchant, String method, String path, String json) {
        return signed(merchant, method, path, json, "ledger-service");
    }

    /** A signed request at the next replica of {@code service}. */
    private Reply signed(SandboxMerchants.Merchant merchant, String method, String path, String json, String service) {
        int k = Math.floorMod(next.getAndIncrement(), ReplicatedStack.REPLICAS);
        return TimedHttp.signed(replicas.baseUrl(service, k), merchant, method, path, json);
    }

    private String ledger() {
        return replicas.baseUrl("ledger-service", Math.floorMod(next.getAndIncrement(), ReplicatedStack.REPLICAS));
    }
}
