package io.paygate.model.api.recurring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.api.credential.OtpConfirmRequest;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.credential.StoredCard;
import io.paygate.model.api.credential.StoredCardList;
import io.paygate.model.api.payment.PaymentOutcome;
import io.paygate.model.json.Json;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.model.testing.Validating;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact JSON of the docs/contract.md §1b replies: every member written, null ones as null, integers as numbers. */
class RecurringWireTest {

    static final SubscriptionView ACTIVE = new SubscriptionView("SUB.2026.0001", RecurringType.PURCHASE, "GOLD1",
            SubscriptionStatus.ACTIVE, null, new BigDecimal("99000.00"), 1, IntervalUnit.MONTHLY, 12, "20261201", null,
            new RetryPlan(1, IntervalUnit.DAILY, 3), 2, "2027-01-01 10:15:30", Credential.card("411111******1111"));
    static final String ACTIVE_JSON = "{\"id\":\"SUB.2026.0001\",\"type\":\"PURCHASE\",\"productCode\":\"GOLD1\","
            + "\"status\":\"ACTIVE\",\"statusDesc\":null,\"amount\":99000.00,\"interval\":1,\"intervalUnit\":\"monthly\","
            + "\"maxInterval\":12,\"startDate\":\"20261201\",\"endDate\":null,"
            + "\"retry\":{\"interval\":1,\"intervalUnit\":\"daily\",\"maxInterval\":3},\"cyclesCharged\":2,"
            + "\"nextChargeAt\":\"2027-01-01 10:15:30\",\"credential\":{\"kind\":\"CARD\",\"mask\":\"411111******1111\"}}";

    @Test
    void aSubscriptionWritesEveryMemberAndItsNullsAsNull() {
        assertEquals(ACTIVE_JSON, Json.write(ACTIVE));
        assertEquals(ACTIVE, Json.read(ACTIVE_JSON, SubscriptionView.class));
    }

    @Test
    void aPendingSubscriptionHasNoCredentialNorNextChargeNorRetry() {
        SubscriptionView pending = new SubscriptionView("S1", RecurringType.TOPUP, null, SubscriptionStatus.PENDING,
                null, new BigDecimal("5000"), 2, IntervalUnit.WEEKLY, null, null, null, null, 0, null, null);
        assertEquals("{\"id\":\"S1\",\"type\":\"TOPUP\",\"productCode\":null,\"status\":\"PENDING\",\"statusDesc\":null,"
                + "\"amount\":5000,\"interval\":2,\"intervalUnit\":\"weekly\",\"maxInterval\":null,\"startDate\":null,"
                + "\"endDate\":null,\"retry\":null,\"cyclesCharged\":0,\"nextChargeAt\":null,\"credential\":null}",
                Json.write(pending));
        assertEquals("{\"kind\":\"DIRECT_DEBIT\",\"bindingId\":\"bnd_1\"}", Json.write(Credential.directDebit("bnd_1")));
    }

    @Test
    void theSubscriptionReplyCarriesCustomerAndFirstOrderId() {
        SubscriptionResponse reply = SubscriptionResponse.success(ACTIVE, "CUST-0001", "ORD-1");
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"recurring\":" + ACTIVE_JSON
                + ",\"customer\":{\"id\":\"CUST-0001\"},\"firstOrderId\":\"ORD-1\"}", Json.write(reply));
        assertEquals(reply, Json.read(Json.write(reply), SubscriptionResponse.class));
        SubscriptionView paused = ACTIVE.withStatus(SubscriptionStatus.PAUSED, "Card declined", null);
        assertEquals(SubscriptionStatus.PAUSED, paused.status());
        assertEquals("Card declined", paused.statusDesc());
        assertEquals(null, paused.nextChargeAt());
    }

    @Test
    void aListItemIsTheSubscriptionsMembersWithCustomerAndFirstOrderId() {
        SubscriptionListItem item = SubscriptionListItem.of(ACTIVE, "CUST-0001", "ORD-1");
        String itemJson = ACTIVE_JSON.substring(0, ACTIVE_JSON.length() - 1)
                + ",\"customer\":{\"id\":\"CUST-0001\"},\"firstOrderId\":\"ORD-1\"}";
        assertEquals(itemJson, Json.write(item));
        assertEquals(item, Json.read(itemJson, SubscriptionListItem.class));
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"subscriptions\":[" + itemJson
                + "]}", Json.write(SubscriptionList.of(List.of(item), null)));
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"subscriptions\":[],"
                + "\"nextCursor\":\"c1\"}", Json.write(SubscriptionList.of(List.of(), "c1")));
    }

    @Test
    void aPaymentsCycleWritesNextChargeAtAsNullWhenThereIsNone() {
        assertEquals("{\"id\":\"S1\",\"cycle\":3,\"status\":\"PAUSED\",\"nextChargeAt\":null}",
                Json.write(new CycleInfo("S1", 3, SubscriptionStatus.PAUSED, null)));
        assertEquals("{\"id\":\"S1\",\"cycle\":1,\"status\":\"ACTIVE\",\"nextChargeAt\":\"2027-01-01 10:15:30\"}",
                Json.write(new CycleInfo("S1", 1, SubscriptionStatus.ACTIVE, "2027-01-01 10:15:30")));
    }

    @Test
    void storedCardsListWithTheirExpiryAsStrings() {
        StoredCard card = new StoredCard("tok_1", "411111******1111", "VISA", "03", "2030", "2026-11-21T10:15:30+07:00");
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"cards\":[{\"tokenId\":\"tok_1\","
                + "\"mask\":\"411111******1111\",\"brand\":\"VISA\",\"expiryMonth\":\"03\",\"expiryYear\":\"2030\","
                + "\"createdAt\":\"2026-11-21T10:15:30+07:00\"}]}", Json.write(StoredCardList.of(List.of(card))));
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"cards\":[]}",
                Json.write(StoredCardList.of(List.of())));
    }

    @Test
    void aPurchaseReplyIsTheInitiationReplyWithResultPayment() {
        PurchaseResponse captured = PurchaseResponse.success("PC1", null, "2026-11-22 10:15:30",
                new PaymentOutcome(new BigDecimal("99000.00"), PaymentStatus.CAPTURED, null)).withProcessingTime(42);
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"paymentCode\":\"PC1\","
                + "\"expiryLink\":\"2026-11-22 10:15:30\",\"processingTime\":42,\"result\":{\"payment\":{"
                + "\"amount\":99000.00,\"status\":\"CAPTURED\",\"statusDesc\":null}}}", Json.write(captured));
        PurchaseResponse threeDs = PurchaseResponse.success("PC2", "https://pay.example/3ds/PC2", "2026-11-22 10:15:30",
                new PaymentOutcome(new BigDecimal("10"), PaymentStatus.PROCESSING, null));
        assertEquals("https://pay.example/3ds/PC2", Json.tree(Json.write(threeDs)).get("redirecturl").asText());
    }

    @Test
    void theOtpConfirmationNeedsBothMembers() {
        assertEquals("OK", Validating.outcome("{\"paymentCode\":\"PC1\",\"otp\":\"123456\"}", OtpConfirmRequest.class));
        assertEquals("MANDATORY otp", Validating.outcome("{\"paymentCode\":\"PC1\"}", OtpConfirmRequest.class));
        assertEquals("MANDATORY paymentCode", Validating.outcome("{\"otp\":\"123456\"}", OtpConfirmRequest.class));
        assertEquals("FORMAT paymentCode", Validating.outcome("{\"paymentCode\":\"" + "P".repeat(31)
                + "\",\"otp\":\"1\"}", OtpConfirmRequest.class));
    }

    @Test
    void theInternalBindingLookupNamesStatusAndOwner() {
        assertEquals("{\"bindingId\":\"bnd_1\",\"status\":\"ACTIVE\",\"customerId\":\"C1\",\"sourceOfFundsType\":"
                + "\"BCA_DD\",\"label\":\"BCA direct debit\"}", Json.write(new InternalBinding("bnd_1",
                BindingStatus.ACTIVE, "C1", "BCA_DD", "BCA direct debit")));
    }
}
