package io.paygate.qa.sample;

import io.paygate.qa.Initiated;
import io.paygate.qa.ListPage;
import io.paygate.qa.ListQuery;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.TestCard;
import io.paygate.qa.TransactionsReport;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static io.paygate.qa.sample.SampleSuite.ZONE;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The merchant's payment list and the day's transactions report agree with a payment just captured (§3b). */
@PaygateTest
class ListsAndReportTest {

    @Test
    void aCapturedPaymentIsListedAndInTheDaysReport(Paygate paygate) {
        Initiated payment = paygate.payments().initiate(PaymentRequest.of("43000.00"));
        paygate.sandbox().payByCard(payment, TestCard.VISA_CAPTURED);
        paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED");

        ListPage captured = paygate.lists().payments(ListQuery.all().status("CAPTURED").limit(200));
        Map<String, Object> item = captured.find("order.id", payment.orderId()).orElseThrow(
                () -> new AssertionError(payment.orderId() + " not among the newest 200 CAPTURED payments"));
        assertEquals(payment.reference(), ListPage.member(item, "order.reference"));
        assertTrue(captured.items().stream()
                .allMatch(i -> "CAPTURED".equals(ListPage.member(i, "result.payment.status"))), "the filter holds");

        // Captured just now: today in the gateway's time zone, or yesterday for a run across midnight.
        LocalDate today = LocalDate.now(ZONE);
        List<Map<String, String>> rows = paygate.lists().transactionsReport(today)
                .rowsWhere("orderId", payment.orderId());
        if (rows.isEmpty()) {
            rows = paygate.lists().transactionsReport(today.minusDays(1)).rowsWhere("orderId", payment.orderId());
        }
        assertEquals(1, rows.size(), "one money movement: " + rows);
        assertEquals("43000.00", rows.getFirst().get("amount"));
        assertEquals(payment.reference(), rows.getFirst().get("reference"));
    }

    @Test
    void aLimitOutsideTheContractIsRefusedNamingIt(Paygate paygate) {
        paygate.lists().fetch("/pg/payments", ListQuery.all().with("limit", "201")).then().statusCode(400)
                .body("responseCode", equalTo("4001001"))
                .body("responseMessage", equalTo("Invalid Field Format limit"));
        TransactionsReport longAgo = paygate.lists().transactionsReport(LocalDate.of(2000, 1, 1));
        assertFalse(longAgo.header().isEmpty());
        assertEquals(List.of(), longAgo.rows());
    }
}
