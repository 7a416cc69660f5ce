package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Disbursements across the whole stack (docs/contract.md §5, §6): the sandbox bank moves each transfer by itself
 * ({@code 01→02→00}; accounts ending {@code 0006} end in {@code 06}, ending {@code 0003} wait at {@code 03}), the
 * merchant cancels one, and every transition reaches the registered {@code disbursementCallbackUrl} once, with the
 * signature in the header, in the order it happened.
 */
class DisbursementFlowIT {

    static final String DISBURSEMENTS = "/disbursements";
    MerchantSink sink;

    @BeforeEach
    void registerSink() throws Exception {
        sink = MerchantSink.start();
        Merchant.api(Stack.notification()).body("{\"disbursementCallbackUrl\":\"" + sink.url(DISBURSEMENTS) + "\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
    }

    @AfterEach
    void stopSink() {
        sink.close();
    }

    @Test
    void theBankPaysATransferAndEachStepIsNotified() throws Exception {
        String partnerRef = transfer("1234567890");
        List<JsonNode> steps = awaitSteps(partnerRef, "00");
        assertPath(steps, "02", "00");
        steps.forEach(step -> assertEquals("automatic", step.path("triggerType").asText()));
        JsonNode paid = steps.get(steps.size() - 1);
        assertEquals("Siti Rahayu", paid.path("beneficiaryAccountName").asText());
        assertEquals("1234567890", paid.path("beneficiaryAccountNo").asText());
        assertEquals("250000.00", paid.path("amount").path("value").asText());
        Merchant.api(Stack.payment()).get("/pg/disbursement/status/" + partnerRef).then().statusCode(200)
                .body("latestTransactionStatus", equalTo("00"));
    }

    @Test
    void anAccountEnding0006FailsWith06AndIsNotified() throws Exception {
        String partnerRef = transfer("9876540006");
        List<JsonNode> steps = awaitSteps(partnerRef, "06");
        assertPath(steps, "02", "06");
        assertEquals("automatic", steps.get(steps.size() - 1).path("triggerType").asText());
        Merchant.api(Stack.payment()).get("/pg/disbursement/status/" + partnerRef).then().statusCode(200)
                .body("latestTransactionStatus", equalTo("06"));
    }

    @Test
    void theMerchantCancelsATransferWaitingAt03AndTheCancelIsNotifiedAsManual() throws Exception {
        String partnerRef = transfer("5555550003");
        List<JsonNode> waiting = awaitSteps(partnerRef, "03");
        String referenceNo = waiting.get(0).path("originalReferenceNo").asText();

        Merchant.api(Stack.payment()).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(200)
                .body("latestTransactionStatus", equalTo("05"));
        List<JsonNode> steps = awaitSteps(partnerRef, "05");
        assertPath(steps, "02", "03", "05");
        assertEquals("03", steps.get(steps.size() - 2).path("latestTransactionStatus").asText());
        assertEquals("automatic", steps.get(steps.size() - 2).path("triggerType").asText());
        assertEquals("manual", steps.get(steps.size() - 1).path("triggerType").asText());
        int notified = steps.size();

        // 05 is final: a second cancel is an illegal transition, and nothing more is notified.
        Merchant.api(Stack.payment()).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(409)
                .body("responseCode", equalTo("4090400"));
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4))
                .until(() -> Merchant.notifications(sink, DISBURSEMENTS, partnerRef).size() == notified);
    }

    private static String transfer(String accountNo) throws Exception {
        String partnerRef = Merchant.newId("TRF");
        Merchant.api(Stack.payment()).body("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"%s","amount":{"value":"250000.00","currency":"IDR"}}"""
                .formatted(partnerRef, accountNo)).post("/pg/disbursement/transfer").then().statusCode(200)
                .body("latestTransactionStatus", equalTo("01"));
        return partnerRef;
    }

    /**
     * Waits for the notification of {@code last} for the transfer; checks every notification of it so far: both
     * signatures (in the headers; no body {@code signature}), the seed sample's spelling, one webhook-id each.
     */
    private List<JsonNode> awaitSteps(String partnerRef, String last) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                Merchant.notifications(sink, DISBURSEMENTS, partnerRef).stream()
                        .anyMatch(r -> r.body().contains("\"latestTransactionStatus\":\"" + last + "\"")));
        List<MerchantSink.Received> received = Merchant.notifications(sink, DISBURSEMENTS, partnerRef);
        assertEquals(received.size(), received.stream().map(r -> r.header("webhook-id")).distinct().count(),
                "one notification per transition");
        return received.stream().map(r -> {
            Signatures.verify(r);
            JsonNode body = Signatures.read(r.body());
            assertFalse(body.has("signature"), "the disbursement notification's signature sits in the header");
            assertEquals(partnerRef, body.path("originalPartnerReferenceNo").asText());
            assertEquals("014", body.path("beneficiaryBankCode").asText());
            assertTrue(body.path("originalReferenceNo").asText().length() > 0);
            return body;
        }).toList();
    }

    /**
     * The notified statuses follow {@code path} in order, each at most once, and end with its last status. An
     * intermediate one may be missing: a newer event that arrives before an older one was sent supersedes it
     * (docs/contract.md §6), and the bank steps every second.
     */
    private static void assertPath(List<JsonNode> steps, String... path) {
        List<String> statuses = steps.stream().map(s -> s.path("latestTransactionStatus").asText()).toList();
        int next = 0;
        for (String status : statuses) {
            while (next < path.length && !path[next].equals(status)) {
                next++;
            }
            assertTrue(next < path.length, "notified " + statuses + ", expected in the order of " + List.of(path));
            next++;
        }
        assertEquals(path.length, next, "notified " + statuses + " ends with " + path[path.length - 1]);
    }
}
