package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.QrDecoder;
import io.paygate.testsupport.midtrans.MidtransSimulator;

import java.util.List;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Methods paid later (docs/contract.md §2a) through the Midtrans setup: preselected by the merchant, paid at the simulator. */
final class MidtransMethods {

    private MidtransMethods() {
    }

    /** A new payment of the Midtrans merchant preselecting {@code type}: the initiation's reply. */
    static JsonNode initiate(String orderId, String type) {
        return Json.tree(PaymentApi.initiate(MID, Methods.preselecting(orderId, type).toString()).then()
                .statusCode(200).body("responseCode", equalTo("2000000")).extract().asString());
    }

    /** The payment's code: the last segment of its {@code redirecturl}. */
    static String pageCode(JsonNode reply) {
        String url = reply.path("redirecturl").asText();
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** The payload of the QR the gateway serves for the payment's open charge, as a scanning app reads it. */
    static String scanQr(String paymentCode) {
        byte[] png = given().get("/pg/pay/" + paymentCode + "/qr.png").then().statusCode(200).contentType("image/png")
                .extract().asByteArray();
        return QrDecoder.decode(png);
    }

    /** The charge requests the simulator received for order {@code reference}. */
    static List<JsonNode> charges(String reference) {
        return MidtransTestBase.SIM.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/v2/charge") && r.body().contains(reference))
                .map(r -> Json.tree(r.body())).toList();
    }

    /** The one charge request of {@code reference}. */
    static JsonNode charge(String reference) {
        List<JsonNode> all = charges(reference);
        assertEquals(1, all.size(), "one charge of " + reference);
        return all.getFirst();
    }

    /** How many requests of {@code method} to {@code path} the simulator received. */
    static long requests(String method, String path) {
        return MidtransTestBase.SIM.requests().stream().filter(r -> r.method().equals(method) && r.path().equals(path))
                .count();
    }

    /** The simulator's current body of {@code reference} (what a status inquiry answers). */
    static JsonNode atMidtrans(String reference) {
        return Json.tree(MidtransTestBase.SIM.notificationJson(reference));
    }

    static MidtransSimulator sim() {
        return MidtransTestBase.SIM;
    }
}
