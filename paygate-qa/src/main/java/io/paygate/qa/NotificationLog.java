package io.paygate.qa;

import io.paygate.model.api.notification.BulkRedeliveryRequest;
import io.restassured.response.Response;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.restassured.RestAssured.given;

/**
 * The merchant's notification log (docs/contract.md §6): what the gateway sent to the merchant, readable without a public
 * endpoint; its search and bulk redelivery. Only the target merchant's notifications are visible.
 */
public final class NotificationLog {

    private static final int PAGES = 10;

    private final PaygateTarget target;

    NotificationLog(PaygateTarget target) {
        this.target = target;
    }

    /** One notification; fails when the log does not have it for this merchant (HTTP 404, {@code 4040701}). */
    public LoggedNotification get(String id) {
        Response response = given().filter(MerchantSigning.as(target))
                .get(target.notificationUrl() + "/pg/notifications/" + id);
        Waits.expect(response, 200, "notification " + id);
        return LoggedNotification.from(response.jsonPath());
    }

    /** The raw reply of {@code GET /pg/notifications/{id}}, for RestAssured assertions of one's own. */
    public Response fetch(String id) {
        return given().filter(MerchantSigning.as(target)).get(target.notificationUrl() + "/pg/notifications/" + id);
    }

    /**
     * The newest notification of a resource ({@code type} {@code payment} with the payment's reference, {@code binding}
     * with its id, {@code disbursement} with its referenceNo), found with the log's search.
     */
    public Optional<String> newestFor(String type, String resourceId) {
        return search(ListQuery.all().type(type).resourceId(resourceId).limit(1)).items().stream()
                .map(row -> row.get("id").toString()).findFirst();
    }

    /**
     * {@code GET /pg/notifications} with the search's filters ({@link ListQuery#status}, {@link ListQuery#type},
     * {@link ListQuery#resourceId}, {@link ListQuery#orderId}, {@link ListQuery#eventId}, {@link ListQuery#from},
     * {@link ListQuery#to}, {@link ListQuery#limit}, {@link ListQuery#cursor}): one page, newest first, its items the
     * log's rows ({@code id}, {@code type}, {@code resourceId}, {@code status} …). Fails with the reply unless 200.
     */
    public ListPage search(ListQuery query) {
        Response response = searchReply(query);
        Waits.expect(response, 200, "notification search " + query.parameters());
        return ListPage.from(response.jsonPath(), "notifications");
    }

    /** Every page of a search, following {@code nextCursor} (at most {@value #PAGES} pages). */
    public List<Map<String, Object>> searchAll(ListQuery query) {
        List<Map<String, Object>> rows = new ArrayList<>();
        ListQuery next = query;
        for (int page = 0; page < PAGES; page++) {
            ListPage found = search(next);
            rows.addAll(found.items());
            if (found.nextCursor() == null) {
                return rows;
            }
            next = query.cursor(found.nextCursor());
        }
        throw new AssertionError("notification search " + query.parameters() + " has more than " + PAGES + " pages");
    }

    /** The raw reply of a search, for asserting refusals ({@code 4000701 <parameter>}). */
    public Response searchReply(ListQuery query) {
        return Calls.signed(target).queryParams(query.parameters()).get(target.notificationUrl() + "/pg/notifications");
    }

    /**
     * Bulk redelivery ({@code POST /pg/notifications/redeliver}): one new attempt for each of the merchant's
     * notifications in {@code status} ({@code FAILED} or {@code PENDING}) of {@code type} (null: every type) created in
     * [{@code from}, {@code to}) (at most 31 days), paced by the gateway. Returns how many were scheduled; fails with
     * the reply unless 200.
     */
    public int redeliver(String status, String type, OffsetDateTime from, OffsetDateTime to) {
        Response response = redeliverReply(new BulkRedeliveryRequest(status, type, from.toString(), to.toString()));
        Waits.expect(response, 200, "bulk redelivery of " + status + " notifications");
        return response.jsonPath().getInt("count");
    }

    /** The raw reply of a bulk redelivery, sent as it is (for refusals: {@code 4000701}, {@code 4090700} …). */
    public Response redeliverReply(BulkRedeliveryRequest request) {
        return Calls.postJson(target, target.notificationUrl() + "/pg/notifications/redeliver", request);
    }

    /**
     * Waits until the payment's notification about {@code status} has been sent at least once (delivered or not: a
     * suite without a public endpoint reads what was sent from here) and returns it.
     */
    public LoggedNotification awaitPaymentNotification(Initiated payment, String status, Duration timeout) {
        return Waits.until(timeout, "a sent notification of " + payment.reference() + " with status " + status,
                () -> newestFor("payment", payment.reference()).map(this::get).orElse(null),
                n -> n.request() != null && status.equals(n.request().json().getString("result.payment.status")),
                n -> n.status() + " after " + n.attempts() + " attempt(s)");
    }
}
