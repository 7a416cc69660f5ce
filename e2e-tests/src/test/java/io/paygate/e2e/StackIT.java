package io.paygate.e2e;

import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/**
 * The stack as deploy/local/run starts it: five processes, each ready with its database and Kafka, health and
 * metrics on the management interface only (the port the Ingress never routes).
 */
class StackIT {

    @Test
    void everyServiceIsReadyOnItsManagementPortAndShowsNoHealthOrMetricsOnItsApiPort() throws Exception {
        for (String service : new String[]{"payment-service", "binding-service", "notification-service",
                "merchant-service", "ledger-service"}) {
            String management = Stack.get().managementUrl(service);
            given().baseUri(management).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
            given().baseUri(management).get("/q/metrics").then().statusCode(200);
            String api = Stack.get().baseUrl(service);
            given().baseUri(api).get("/q/health/ready").then().statusCode(404);
            given().baseUri(api).get("/q/metrics").then().statusCode(404);
        }
    }
}
