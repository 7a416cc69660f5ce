package io.paygate.qa;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * Subscriptions (docs/contract.md §1b), signed as the target's merchant: the first payment is initiated with
 * {@code recurring} and paid by the customer on the hosted page (a card, or direct debit through an ACTIVE binding);
 * the cycles follow as payments {@code <recurring.id>-<n>}. In the sandbox, {@link #due} makes the next cycle (or the
 * pending retry) due now.
 */
public final class Subscriptions {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final PaygateTarget target;

    Subscriptions(PaygateTarget target) {
        this.target = target;
    }

    /**
     * Initiates a subscription's first payment: {@code request} with {@code recurring} (a JSON object, e.g.
     * {@code {"subscribe":"Y","type":"PURCHASE","id":"SUB1","amount":"99000.00","intervalUnit":"monthly"}}).
     */
    public Initiated initiate(PaymentRequest request, String recurringJson) {
        Response response = send(request, recurringJson);
        Waits.expect(response, 200, "initiate subscription " + request.orderId());
        return Initiated.from(request, response.jsonPath());
    }

    /** The raw reply of the initiation with {@code recurring}, for asserting refusals. */
    public Response send(PaymentRequest request, String recurringJson) {
        try {
            ObjectNode body = (ObjectNode) JSON.readTree(request.toJson(target.callbackUrl()));
            body.set("recurring", JSON.readTree(recurringJson));
            return Calls.signed(target).contentType("application/json").body(JSON.writeValueAsString(body))
                    .post(target.paymentUrl() + "/pg/payment/card/initiate");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code GET /pg/payment/card/recurring/{recurringId}}: the reply ({@code recurring}, {@code customer} …). */
    public JsonPath get(String recurringId) {
        Response response = getReply(recurringId);
        Waits.expect(response, 200, "subscription " + recurringId);
        return response.jsonPath();
    }

    public Response getReply(String recurringId) {
        return Calls.signed(target).get(target.paymentUrl() + "/pg/payment/card/recurring/" + recurringId);
    }

    /** {@code pause}, {@code resume} or {@code cancel}: the raw reply ({@code 4091100} for an illegal change). */
    public Response change(String recurringId, String action) {
        return Calls.signed(target).post(target.paymentUrl() + "/pg/payment/card/recurring/" + recurringId + "/"
                + action);
    }

    /** {@code GET /pg/subscriptions} with {@code query} ({@code status}, {@code customerId}, {@code limit}, {@code cursor}). */
    public JsonPath list(Map<String, String> query) {
        Response response = Calls.signed(target).queryParams(query).get(target.paymentUrl() + "/pg/subscriptions");
        Waits.expect(response, 200, "subscriptions " + query);
        return response.jsonPath();
    }

    /** Sandbox time control: the next cycle (or the pending retry) due now; the raw reply. */
    public Response due(String recurringId) {
        return Calls.signed(target).post(target.paymentUrl() + "/pg/sandbox/subscriptions/" + recurringId + "/due");
    }

    /**
     * {@link #due(String)} whose charge the sandbox provider declines ({@code {"decline": true}}): a retry, or the
     * subscription's pause, follows as the subscription's {@code retry} says.
     */
    public Response dueDeclined(String recurringId) {
        return dueWith(recurringId, "{\"decline\":true}");
    }

    /**
     * {@link #due(String)} whose charge the sandbox provider answers {@code seconds} (0–60) late
     * ({@code {"answerDelaySeconds": n}}): the cycle's attempt stays in flight meanwhile.
     */
    public Response dueAnsweredLate(String recurringId, int seconds) {
        return dueWith(recurringId, "{\"answerDelaySeconds\":" + seconds + "}");
    }

    /** {@link #due(String)} with a body of your own (the contract's {@code decline}, {@code answerDelaySeconds}). */
    public Response dueWith(String recurringId, String json) {
        return Calls.signed(target).contentType("application/json").body(json)
                .post(target.paymentUrl() + "/pg/sandbox/subscriptions/" + recurringId + "/due");
    }

    /** Polls the subscription until its status is one of {@code statuses}. */
    public JsonPath awaitStatus(String recurringId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return Waits.until(timeout, "subscription " + recurringId + " to be " + wanted, () -> get(recurringId),
                r -> wanted.contains(r.getString("recurring.status")), r -> r.getString("recurring.status"));
    }
}
