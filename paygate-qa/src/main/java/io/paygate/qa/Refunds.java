package io.paygate.qa;

import io.paygate.model.api.refund.RefundRequest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;

/**
 * Refunds and cancellation (docs/contract.md §3a), signed as the target's merchant. In the sandbox every refundable
 * method refunds at once, and an amount ending in {@code .13} fails ({@code Refund refused by the provider}).
 */
public final class Refunds {

    /** A sandbox refund amount ending so fails at the provider (docs/contract.md §3a). */
    public static final String FAILING_CENTS = ".13";

    private final PaygateTarget target;

    Refunds(PaygateTarget target) {
        this.target = target;
    }

    /** Refunds {@code amount} (a decimal string) of a captured payment under a fresh {@code refundId}. */
    public Refund refund(String orderId, String amount) {
        return refund(new RefundRequest(orderId, "QA-RF-" + UUID.randomUUID(), amount, "paygate-qa refund"));
    }

    /** Sends the refund; fails with the reply unless the gateway answers 200. */
    public Refund refund(RefundRequest request) {
        Response response = send(request);
        Waits.expect(response, 200, "refund " + request.refundId() + " of " + request.orderId());
        return Refund.from(response.jsonPath());
    }

    /** The raw reply of {@code POST /pg/payment/card/refund}, for asserting refusals ({@code 4090900} …). */
    public Response send(RefundRequest request) {
        return Calls.postJson(target, target.paymentUrl() + "/pg/payment/card/refund", request);
    }

    public Refund get(String refundId) {
        Response response = Calls.signed(target).get(target.paymentUrl() + "/pg/payment/card/refund/" + refundId);
        Waits.expect(response, 200, "refund " + refundId);
        return Refund.from(response.jsonPath());
    }

    /** Polls the refund until its status is one of {@code statuses}. */
    public Refund awaitStatus(String refundId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return Waits.until(timeout, "refund " + refundId + " to be " + wanted, () -> get(refundId),
                r -> wanted.contains(r.status()), Refund::status);
    }

    /**
     * Cancels a {@code PENDING} payment ({@code CANCELLED}; again: the same reply); fails with the reply otherwise
     * (a paid one: {@code 4090900}, and it is {@code CAPTURED}).
     */
    public JsonPath cancel(String orderId) {
        Response response = cancelReply(orderId);
        Waits.expect(response, 200, "cancel " + orderId);
        return response.jsonPath();
    }

    /** The raw reply of {@code POST /pg/payment/card/cancel/{orderId}}. */
    public Response cancelReply(String orderId) {
        return Calls.signed(target).post(target.paymentUrl() + "/pg/payment/card/cancel/" + orderId);
    }
}
