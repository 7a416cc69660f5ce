package io.paygate.qa;

import io.restassured.response.Response;

import java.time.LocalDate;

/** The merchant's lists and the daily report (docs/contract.md §3b), signed as the target's merchant. */
public final class Lists {

    private final PaygateTarget target;

    Lists(PaygateTarget target) {
        this.target = target;
    }

    /** {@code GET /pg/payments}: the merchant's payments, newest first. */
    public ListPage payments(ListQuery query) {
        return page("/pg/payments", query);
    }

    /** {@code GET /pg/payment/card/refunds}: the merchant's refunds ({@link ListQuery#orderId} for one payment's). */
    public ListPage refunds(ListQuery query) {
        return page("/pg/payment/card/refunds", query);
    }

    /** {@code GET /pg/disbursements}: the merchant's transfers. */
    public ListPage disbursements(ListQuery query) {
        return page("/pg/disbursements", query);
    }

    /** The raw reply of a list path with {@code query}, for asserting refusals ({@code 400SS01} …). */
    public Response fetch(String path, ListQuery query) {
        return Calls.signed(target).queryParams(query.parameters()).get(target.paymentUrl() + path);
    }

    /** {@code GET /pg/reports/transactions?date=}: the day's money movements in the gateway's time zone. */
    public TransactionsReport transactionsReport(LocalDate date) {
        Response response = Calls.signed(target).queryParam("date", date.toString())
                .get(target.paymentUrl() + "/pg/reports/transactions");
        Waits.expect(response, 200, "the transactions report of " + date);
        String type = response.contentType();
        if (type == null || !type.startsWith("text/csv")) {
            throw new AssertionError("the report of " + date + " came as " + type + ", not text/csv");
        }
        return TransactionsReport.parse(date, response.asString());
    }

    private ListPage page(String path, ListQuery query) {
        Response response = fetch(path, query);
        Waits.expect(response, 200, path + " " + query.parameters());
        return ListPage.from(response.jsonPath());
    }
}
