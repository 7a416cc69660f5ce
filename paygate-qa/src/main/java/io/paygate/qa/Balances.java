package io.paygate.qa;

import io.restassured.response.Response;

import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The merchant's money at ledger-service (docs/contract.md §12), signed as the target's merchant: the balance, its
 * transactions, settlements and their reports, the sandbox top-up; and, with an operator's token
 * ({@code paygate.ops-token}), a settlement run and the day's reconciliation. Calls go to
 * {@code paygate.ledger-service-url} (the base URL behind an Ingress). A capture, refund or payout reaches the balance
 * through events, a moment after the call that made it: {@link #awaitBalance} waits for it.
 *
 * <pre>{@code
 * paygate.balances().topUp("500000.00");                              // sandbox merchants only
 * paygate.balances().awaitBalance(Duration.ofSeconds(10), b -> b.available().signum() > 0);
 * ListPage moves = paygate.balances().transactions(ListQuery.all().type("ADJUSTMENT").limit(10));
 * }</pre>
 */
public final class Balances {

    private final PaygateTarget target;

    Balances(PaygateTarget target) {
        this.target = target;
    }

    /** {@code GET /pg/balance}. */
    public Balance balance() {
        Response response = balanceReply();
        Waits.expect(response, 200, "the balance of " + target.merchantId());
        return Balance.from(response.jsonPath());
    }

    public Response balanceReply() {
        return Calls.signed(target).get(url("/pg/balance"));
    }

    /** Polls the balance until {@code done} holds (a capture, refund or payout posts a moment after its call). */
    public Balance awaitBalance(Duration timeout, Predicate<Balance> done) {
        return Waits.until(timeout, "the balance of " + target.merchantId() + " to change", this::balance, done,
                Balance::toString);
    }

    /**
     * {@code GET /pg/balance/transactions}: the ledger lines, newest first ({@link ListQuery#type} CAPTURE, FEE, VAT,
     * REFUND, DISBURSEMENT, SETTLEMENT, ADJUSTMENT; {@code from}, {@code to}, {@code limit}, {@code cursor}); each item
     * has {@code id}, {@code type}, {@code reference}, {@code account}, {@code amount} (signed), {@code balanceAfter},
     * {@code at}.
     */
    public ListPage transactions(ListQuery query) {
        Response response = transactionsReply(query);
        Waits.expect(response, 200, "the balance transactions of " + target.merchantId());
        return ListPage.from(response.jsonPath(), "transactions");
    }

    public Response transactionsReply(ListQuery query) {
        return Calls.signed(target).queryParams(query.parameters()).get(url("/pg/balance/transactions"));
    }

    /**
     * {@code GET /pg/settlements?from=&to=}: each item has {@code settlementId}, {@code date}, {@code count},
     * {@code gross}, {@code fees}, {@code vat}, {@code net}.
     */
    public ListPage settlements(LocalDate from, LocalDate to) {
        Response response = settlementsReply(from, to);
        Waits.expect(response, 200, "the settlements of " + target.merchantId() + " from " + from + " to " + to);
        return ListPage.from(response.jsonPath(), "settlements");
    }

    public Response settlementsReply(LocalDate from, LocalDate to) {
        return Calls.signed(target).queryParams(dates(from, to)).get(url("/pg/settlements"));
    }

    /** {@code GET /pg/settlements/{id}/report}: one row per payment settled, read by the CSV's header. */
    public SettlementReport settlementReport(String settlementId) {
        Response response = settlementReportReply(settlementId);
        Waits.expect(response, 200, "the report of settlement " + settlementId);
        String type = response.contentType();
        if (type == null || !type.startsWith("text/csv")) {
            throw new AssertionError("the report of settlement " + settlementId + " came as " + type
                    + ", not text/csv");
        }
        return SettlementReport.parse(settlementId, response.asString());
    }

    public Response settlementReportReply(String settlementId) {
        return Calls.signed(target).get(url("/pg/settlements/" + settlementId + "/report"));
    }

    /**
     * {@code POST /pg/sandbox/balance/top-up}: credits {@code amount} (two decimals, {@code "500000.00"}) to
     * {@code available}, for a suite that disburses (sandbox merchants only); returns the balance after it.
     */
    public Balance topUp(String amount) {
        Response response = topUpReply(Map.of("amount", amount));
        Waits.expect(response, 200, "the top-up of " + amount + " for " + target.merchantId());
        return balance();
    }

    /** The raw reply of a top-up with {@code body} (a String as is), for asserting refusals. */
    public Response topUpReply(Object body) {
        return Calls.postJson(target, url("/pg/sandbox/balance/top-up"), body);
    }

    /**
     * {@code POST /admin/settlements/run} {@code {"asOf"}} with the target's operator token: settles every capture due
     * by {@code asOf}, once per merchant and day (a second run for the same day settles nothing again).
     */
    public Response runSettlements(LocalDate asOf) {
        Response response = runSettlementsReply(Map.of("asOf", asOf.toString()));
        Waits.expect(response, 200, "the settlement run as of " + asOf);
        return response;
    }

    public Response runSettlementsReply(Object body) {
        return Calls.asOperator(target.operatorToken("a settlement run")).contentType("application/json")
                .body(Calls.json(body)).post(url("/admin/settlements/run"));
    }

    /**
     * {@code GET /admin/reconciliation?date=} with the target's operator token: payment-service's captures, refunds
     * and payouts of the day against the ledger; each item of {@code differences} has {@code reference},
     * {@code kind}, {@code gateway}, {@code ledger} (none when healthy).
     */
    public ListPage reconciliation(LocalDate date) {
        Response response = reconciliationReply(date);
        Waits.expect(response, 200, "the reconciliation of " + date);
        return ListPage.from(response.jsonPath(), "differences");
    }

    public Response reconciliationReply(LocalDate date) {
        return Calls.asOperator(target.operatorToken("the reconciliation")).queryParam("date", date.toString())
                .get(url("/admin/reconciliation"));
    }

    private String url(String path) {
        return target.ledgerService() + path;
    }

    private static Map<String, String> dates(LocalDate from, LocalDate to) {
        Map<String, String> query = new LinkedHashMap<>();
        if (from != null) {
            query.put("from", from.toString());
        }
        if (to != null) {
            query.put("to", to.toString());
        }
        return query;
    }
}
