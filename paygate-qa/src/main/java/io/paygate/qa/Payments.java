package io.paygate.qa;

import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;

/** The merchant's payment API: initiate (docs/contract.md §1) and status (§3), signed as the target's merchant. */
public final class Payments {

    private final PaygateTarget target;

    Payments(PaygateTarget target) {
        this.target = target;
    }

    /** Initiates; fails with the reply when the gateway does not answer 200. */
    public Initiated initiate(PaymentRequest request) {
        Response response = given().filter(MerchantSigning.as(target)).contentType("application/json")
                .body(request.toJson(target.callbackUrl()))
                .post(target.paymentUrl() + "/pg/payment/card/initiate");
        Waits.expect(response, 200, "initiate " + request.orderId());
        return Initiated.from(request, response.jsonPath());
    }

    public PaymentStatus status(String orderId) {
        Response response = statusReply(orderId);
        Waits.expect(response, 200, "status of " + orderId);
        return PaymentStatus.from(response.jsonPath());
    }

    /** The raw status reply ({@code 4040301} for an order the merchant has not, or not yet). */
    public Response statusReply(String orderId) {
        return given().filter(MerchantSigning.as(target))
                .get(target.paymentUrl() + "/pg/payment/card/status/" + orderId);
    }

    /**
     * Polls the status until it is one of {@code statuses}; fails with the last one seen after {@code timeout}. A
     * payment the gateway makes by itself (a subscription's cycle {@code <recurring.id>-<n>}) is waited for too: until
     * it exists its status is {@code 404}, and the wait goes on.
     */
    public PaymentStatus awaitStatus(String orderId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return await(orderId, timeout, "to be " + wanted, s -> wanted.contains(s.status()));
    }

    /**
     * Polls the status until {@code done} holds (e.g. a cycle declined and waiting for its retry: {@code PENDING} with
     * a {@code statusDesc}), waiting for a payment not made yet as {@link #awaitStatus} does; fails after
     * {@code timeout} with {@code what} and the last status seen.
     */
    public PaymentStatus await(String orderId, Duration timeout, String what, Predicate<PaymentStatus> done) {
        return Waits.until(timeout, "payment " + orderId + " " + what, () -> {
            Response response = statusReply(orderId);
            if (response.statusCode() == 404) {
                return null; // not made yet
            }
            Waits.expect(response, 200, "status of " + orderId);
            return PaymentStatus.from(response.jsonPath());
        }, done, s -> s.status() + (s.statusDesc() == null ? "" : " (" + s.statusDesc() + ")"));
    }
}
