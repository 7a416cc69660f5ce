package io.paygate.payment.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import io.restassured.response.Response;

import java.util.Map;

import static io.restassured.RestAssured.given;

/** Payment methods (docs/contract.md §2a) as a merchant preselects them and a customer pays them in the sandbox apps. */
public final class Methods {

    private Methods() {
    }

    /** The smallest request with {@code sourceOfFunds.type} = {@code type}. */
    public static ObjectNode preselecting(String orderId, String type) {
        return Requests.with(Requests.minimal(orderId), "sourceOfFunds.type", type);
    }

    public static Response vaPay(String accountNumber, String amount) {
        return ops(Map.of("accountNumber", accountNumber, "amount", amount), "/pg/sandbox/va/pay");
    }

    public static Response qrisPay(String payload) {
        return ops(Map.of("payload", payload), "/pg/sandbox/qris/pay");
    }

    public static Response wallet(String reference, String action, String pin) {
        return ops(pin == null ? Map.of("action", action) : Map.of("action", action, "pin", pin),
                "/pg/sandbox/wallet/" + reference);
    }

    public static Response cashierPay(String store, String paymentCode, String amount) {
        return ops(Map.of("store", store, "paymentCode", paymentCode, "amount", amount), "/pg/sandbox/cashier/pay");
    }

    /** The customer chooses a method on the hosted page; does not follow the 303. */
    public static Response choose(String paymentCode, String type) {
        return given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("type", type).post("/pg/pay/" + paymentCode + "/method");
    }

    /** The reference of a wallet charge: the last segment of its {@code appurl}. */
    public static String walletReference(String appUrl) {
        return appUrl.substring(appUrl.lastIndexOf('/') + 1);
    }

    private static Response ops(Map<String, String> body, String path) {
        return given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN)
                .contentType("application/json").body(Json.write(body)).post(path);
    }
}
