package io.paygate.e2e;

import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** The stack as deploy/local/run starts it: three processes, each ready with its database and Kafka. */
class StackIT {

    @Test
    void everyServiceIsReadyOnItsPort() throws Exception {
        for (String base : new String[]{Stack.payment(), Stack.binding(), Stack.notification()}) {
            given().baseUri(base).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        }
    }
}
