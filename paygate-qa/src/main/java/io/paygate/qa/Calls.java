package io.paygate.qa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.json.Json;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.util.ArrayList;
import java.util.List;

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

    /**
     * {@code body} as JSON: a String as is (to send what the gateway must refuse), anything else through common-model's
     * mapper without its null members (an optional member not given is not sent, so the gateway's default applies).
     */
    static String json(Object body) {
        if (body instanceof String text) {
            return text;
        }
        JsonNode tree = Json.toTree(body);
        if (tree instanceof ObjectNode object) {
            List<String> nulls = new ArrayList<>();
            object.properties().forEach(member -> {
                if (member.getValue().isNull()) {
                    nulls.add(member.getKey());
                }
            });
            object.remove(nulls);
        }
        return Json.write(tree);
    }

    /** Requests with an operator's bearer token (docs/contract.md §10), JSON bodies as {@link #json} writes them. */
    static RequestSpecification asOperator(String token) {
        return given().header("Authorization", "Bearer " + token);
    }
}
