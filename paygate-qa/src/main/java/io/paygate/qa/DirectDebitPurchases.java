package io.paygate.qa;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.util.Map;

/**
 * Direct-debit purchases (docs/contract.md §1b), signed as the target's merchant: a binding of the customer charged
 * without the customer, at once or after the OTP the bank sends (sandbox: {@value #SANDBOX_OTP}). In the sandbox an
 * amount ending in {@value #INSUFFICIENT_FUNDS_CENTS} fails with {@code Insufficient funds}.
 */
public final class DirectDebitPurchases {

    /** The sandbox bank's OTP. */
    public static final String SANDBOX_OTP = "123456";
    /** A sandbox purchase amount ending so has insufficient funds. */
    public static final String INSUFFICIENT_FUNDS_CENTS = ".51";
    private static final String PATH = "/pg/payment/card/directdebit/purchase";

    private final PaygateTarget target;

    DirectDebitPurchases(PaygateTarget target) {
        this.target = target;
    }

    /** Charges ACTIVE binding {@code bindingId} of the request's customer; fails with the reply unless 200. */
    public JsonPath purchase(PaymentRequest request, String bindingId) {
        Response response = send(request, bindingId);
        Waits.expect(response, 200, "direct-debit purchase " + request.orderId());
        return response.jsonPath();
    }

    /** The raw reply of {@code POST /pg/payment/card/directdebit/purchase}, for asserting refusals. */
    public Response send(PaymentRequest request, String bindingId) {
        return post(PATH, body(request, bindingId));
    }

    /** Opens the purchase PENDING and has the bank send the OTP (again: a new OTP); returns the paymentCode. */
    public String openWithOtp(PaymentRequest request, String bindingId) {
        Response response = post(PATH + "/otp", body(request, bindingId));
        Waits.expect(response, 200, "direct-debit purchase with OTP " + request.orderId());
        return response.jsonPath().getString("paymentCode");
    }

    /** The raw reply of the OTP confirmation ({@code 4001101} for a wrong OTP, {@code 4091100} when not waiting). */
    public Response confirm(String paymentCode, String otp) {
        return Calls.postJson(target, target.paymentUrl() + PATH + "/otp/confirm",
                Map.of("paymentCode", paymentCode, "otp", otp));
    }

    private Response post(String path, String body) {
        return Calls.signed(target).contentType("application/json").body(body).post(target.paymentUrl() + path);
    }

    private String body(PaymentRequest request, String bindingId) {
        PaymentRequest withBinding = request.method() == null ? request.withMethod("DIRECT_DEBIT") : request;
        return withBinding.withAccountId(bindingId).toJson(target.callbackUrl());
    }
}
