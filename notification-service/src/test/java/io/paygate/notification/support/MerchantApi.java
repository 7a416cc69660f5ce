package io.paygate.notification.support;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import static io.restassured.RestAssured.given;

/** The merchant endpoints of docs/contract.md §6, called and signed as a merchant would. */
public final class MerchantApi {

    private MerchantApi() {
    }

    public static RequestSpecification as(SandboxMerchants.Merchant merchant) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json");
    }

    /** Sets both URLs; a null one is sent as {@code null}, which unregisters it (a PUT changes the members it sends). */
    public static void registerCallbacks(SandboxMerchants.Merchant merchant, String disbursementUrl, String bindingUrl) {
        String body = "{\"disbursementCallbackUrl\":" + quoted(disbursementUrl) + ",\"bindingCallbackUrl\":"
                + quoted(bindingUrl) + "}";
        as(merchant).body(body).put("/pg/merchant/callbacks").then().statusCode(200);
    }

    private static String quoted(String url) {
        return url == null ? "null" : "\"" + url + "\"";
    }

    public static JsonPath notification(SandboxMerchants.Merchant merchant, Object id) {
        return as(merchant).get("/pg/notifications/" + id).then().statusCode(200).extract().jsonPath();
    }

    public static String status(SandboxMerchants.Merchant merchant, Object id) {
        return notification(merchant, id).getString("status");
    }
}
