package io.paygate.payment.link;

import io.restassured.config.RedirectConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.restassured.RestAssured.given;

/** The link page as a customer's browser uses it: its GET, and its form posted without following the 303. */
final class LinkPageForms {

    private LinkPageForms() {
    }

    static Response page(String linkCode) {
        return given().get("/pg/link/" + linkCode);
    }

    static Response page(String linkCode, String acceptLanguage) {
        return given().header("Accept-Language", acceptLanguage).get("/pg/link/" + linkCode);
    }

    /** The form with these fields (name, value, name, value …; a null value is left out). */
    static Response post(String linkCode, String... fields) {
        return form(given(), fields).post("/pg/link/" + linkCode);
    }

    static RequestSpecification form(RequestSpecification request, String... fields) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            if (fields[i + 1] != null) {
                params.put(fields[i], fields[i + 1]);
            }
        }
        return request.config(RestAssuredConfig.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").formParams(params);
    }

    /** The payment code the 303 of a started payment names ({@code …/pg/pay/{code}}). */
    static String paymentOf(Response started) {
        String location = started.then().statusCode(303).extract().header("Location");
        return location.substring(location.lastIndexOf('/') + 1);
    }
}
