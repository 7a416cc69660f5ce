package io.paygate.qa;

import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;

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
        Response response = given().filter(MerchantSigning.as(target))
                .get(target.paymentUrl() + "/pg/payment/card/status/" + orderId);
        Waits.expect(response, 200, "status of " + orderId);
        return PaymentStatus.from(response.jsonPath());
    }

    /** Polls the status until it is one of {@code statuses}; fails with the last one seen after {@code timeout}. */
    public PaymentStatus awaitStatus(String orderId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return Waits.until(timeout, "payment " + orderId + " to be " + wanted, () -> status(orderId),
                s -> wanted.contains(s.status()), PaymentStatus::status);
    }
}
