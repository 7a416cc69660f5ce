package io.paygate.qa;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.restassured.RestAssured.given;

/**
 * The merchant's notification log (docs/contract.md §6): what the gateway sent to the merchant, readable without a public
 * endpoint. Only the target merchant's notifications are visible.
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
     * with its id, {@code disbursement} with its referenceNo), searched in the newest {@value #PAGES} pages.
     */
    public Optional<String> newestFor(String type, String resourceId) {
        String cursor = null;
        for (int page = 0; page < PAGES; page++) {
            var request = given().filter(MerchantSigning.as(target)).queryParam("type", type)
                    .queryParam("limit", "100");
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response response = request.get(target.notificationUrl() + "/pg/notifications");
            Waits.expect(response, 200, "notification list");
            JsonPath list = response.jsonPath();
            List<Map<String, Object>> rows = list.getList("notifications");
            for (Map<String, Object> row : rows) {
                if (resourceId.equals(row.get("resourceId"))) {
                    return Optional.of(row.get("id").toString());
                }
            }
            cursor = list.getString("nextCursor");
            if (cursor == null) {
                break;
            }
        }
        return Optional.empty();
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
