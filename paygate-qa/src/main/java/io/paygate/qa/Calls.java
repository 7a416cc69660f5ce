package io.paygate.qa;

import io.paygate.model.json.Json;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import static io.restassured.RestAssured.given;

/** Requests signed as the target's merchant (docs/contract.md §0), JSON bodies written as the exact bytes signed. */
final class Calls {

    private Calls() {
    }

    static RequestSpecification signed(PaygateTarget target) {
        return given().filter(MerchantSigning.as(target));
    }

    /** POSTs {@code body} (a String as is, anything else through common-model's JSON mapper). */
    static Response postJson(PaygateTarget target, String url, Object body) {
        return withJson(target, body).post(url);
    }

    static RequestSpecification withJson(PaygateTarget target, Object body) {
        String json = body instanceof String text ? text : Json.write(body);
        return signed(target).contentType("application/json").body(json);
    }
}
