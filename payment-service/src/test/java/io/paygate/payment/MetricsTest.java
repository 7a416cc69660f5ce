package io.paygate.payment;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The business metrics operators graph (issue 7): initiations and transitions by status, on /q/metrics. */
@QuarkusTest
@PaymentTestResources
class MetricsTest {

    @Test
    void initiationsAndCapturesAreCounted() {
        double initiatedBefore = metric("paygate_payments_initiated_total(\\{[^}]*\\})?");
        double capturedBefore = metric("paygate_payments_transitions_total\\{[^}]*status=\"CAPTURED\"[^}]*\\}");
        double demoInitiatedBefore = metric(DEMO_INITIATED);
        double demoCapturedBefore = metric(DEMO_CAPTURED);

        String orderId = Requests.orderId();
        String paymentCode = PaymentApi.newPayment(orderId);
        PaymentApi.newPayment(orderId); // an idempotent repeat is not a new payment
        PaymentApi.payByCard(paymentCode, "4111111111111111");
        PaymentApi.awaitStatus(orderId, "CAPTURED");

        assertEquals(initiatedBefore + 1, metric("paygate_payments_initiated_total(\\{[^}]*\\})?"));
        assertEquals(capturedBefore + 1,
                metric("paygate_payments_transitions_total\\{[^}]*status=\"CAPTURED\"[^}]*\\}"));
        assertEquals(demoInitiatedBefore + 1, metric(DEMO_INITIATED), "by the configured merchant");
        assertEquals(demoCapturedBefore + 1, metric(DEMO_CAPTURED));
    }

    static final String DEMO_INITIATED = "paygate_payments_initiated_total\\{merchant=\"demo\"\\}";
    static final String DEMO_CAPTURED =
            "paygate_payments_transitions_total\\{merchant=\"demo\",method=\"[A-Z_]+\",status=\"CAPTURED\"\\}";

    @Test
    void everyConfiguredMerchantHasItsSeriesBeforeItsFirstInitiation() {
        PaymentApi.newPayment(Requests.orderId());
        String body = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(body.contains("paygate_payments_initiated_total{merchant=\"demo2\"}"), body);
    }

    /** The sum of the samples whose name and labels match {@code series} (0 when there are none yet). */
    static double metric(String series) {
        String body = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^" + series + " (?<value>[0-9.eE+-]+)$").matcher(body);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group("value"));
        }
        return sum;
    }
}
