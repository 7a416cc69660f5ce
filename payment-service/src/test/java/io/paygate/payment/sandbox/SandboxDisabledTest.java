package io.paygate.payment.sandbox;

import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** With {@code gateway.payment.sandbox-enabled=false} (production) the simulation endpoint does not exist. */
@QuarkusTest
@TestProfile(SandboxDisabledTest.Production.class)
@PaymentTestResources
class SandboxDisabledTest {

    public static class Production implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.payment.sandbox-enabled", "false");
        }
    }

    @Test
    void simulationIsNotFoundWhenTheSandboxIsDisabled() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + code + "/simulate").then()
                .statusCode(404).body("responseCode", equalTo("4040800"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
    }

    @Test
    void theSandboxCustomerPagesAreNotFoundWhenTheSandboxIsDisabled() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        for (String page : new String[]{"/pg/sandbox/bank-app", "/pg/sandbox/qris-app", "/pg/sandbox/cashier",
                "/pg/sandbox/wallet/CHG0000000000000000000000"}) {
            given().get(page).then().statusCode(404).contentType(containsString("text/html"));
        }
        given().contentType("application/x-www-form-urlencoded").formParam("accountNumber", "3910812345678901")
                .formParam("amount", "150000").post("/pg/sandbox/bank-app").then().statusCode(404);
        given().contentType("application/x-www-form-urlencoded").formParam("action", "approve")
                .formParam("pin", "123456").post("/pg/sandbox/wallet/CHG0000000000000000000000").then().statusCode(404);
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        Methods.choose(code, "VA_BCA").then().statusCode(303);
        given().get("/pg/pay/" + code).then().statusCode(200).body(containsString("data-view=\"instructions\""))
                .body(not(containsString("/pg/sandbox/")));
    }
}
