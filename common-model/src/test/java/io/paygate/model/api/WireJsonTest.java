package io.paygate.model.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.NullNode;
import io.paygate.model.api.binding.BindResponse;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TransferResponse;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.payment.Billing;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.OrderSummary;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.payment.PaymentResult;
import io.paygate.model.api.payment.PaymentSource;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.model.json.Json;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.testing.NotificationVectors;
import io.paygate.model.testing.RequestVectors;
import io.paygate.model.testing.Samples;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** Exact JSON names and shapes of the wire records (seed spelling). */
class WireJsonTest {

    @Test
    void paymentNotificationRecordsWriteThePublishedBody() {
        PaymentNotification notification = new PaymentNotification(
                new OrderSummary("ORD-20261121-0001", new BigDecimal("150000.00"), "PC7F3K9Q2M4X8B1N", "IDR"),
                Samples.CUSTOMER, Samples.meta(), Samples.CARD,
                PaymentResult.of(new BigDecimal("150000.00"), PaymentStatus.CAPTURED, null), null);
        assertEquals(NotificationVectors.PAYMENT_BODY, Json.write(notification));
    }

    @Test
    void paymentNotificationReadsBackWithItsSignature() {
        PaymentNotification read = Json.read(NotificationVectors.PAYMENT_RAW_BODY, PaymentNotification.class);
        assertEquals(NotificationVectors.PAYMENT_SIGNATURE, read.signature());
        assertEquals(new BigDecimal("150000.00"), read.order().amount());
        assertEquals(PaymentStatus.CAPTURED, read.result().payment().status());
        assertEquals(NotificationVectors.PAYMENT_RAW_BODY, Json.write(read));
    }

    @Test
    void statusDescIsWrittenAsNullAndMetaDataNullIsKept() {
        PaymentNotification failed = new PaymentNotification(
                new OrderSummary("O1", new BigDecimal("10"), "PC1", "IDR"), Samples.CUSTOMER, Meta.of(null), null,
                PaymentResult.of(new BigDecimal("10"), PaymentStatus.FAILED, "Card declined"), null);
        String json = Json.write(failed);
        assertTrue(json.contains("\"meta\":{\"data\":null}"), json);
        assertTrue(json.contains("\"statusDesc\":\"Card declined\""), json);
        assertFalse(json.contains("\"card\""), json);
        assertFalse(json.contains("\"signature\""), json);
        assertEquals(NullNode.getInstance(), Json.read(json, PaymentNotification.class).meta().data());
    }

    @Test
    void initiateResponseUsesTheSeedNamesAndOmitsAbsentOptionals() {
        InitiateResponse response = InitiateResponse.success("PC7F3K9Q2M4X8B1N", "http://localhost:8081/pg/pay/PC7F3K9Q2M4X8B1N",
                "2026-11-22 10:15:30", 42);
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"paymentCode\":\"PC7F3K9Q2M4X8B1N\","
                + "\"redirecturl\":\"http://localhost:8081/pg/pay/PC7F3K9Q2M4X8B1N\",\"expiryLink\":\"2026-11-22 10:15:30\","
                + "\"processingTime\":42}", Json.write(response));
        assertEquals(7L, response.withProcessingTime(7).processingTime());
    }

    @Test
    void initiateRequestReadsTheSmallestRequest() {
        InitiateRequest request = Json.read(RequestVectors.POST_BODY, InitiateRequest.class);
        assertEquals("ORD-20261121-0001", request.order().id());
        assertEquals(new BigDecimal("150000.00"), request.order().amountValue());
        assertEquals("+6281234567890", request.customer().mobilePhone());
        assertEquals("https://merchant.example.com/callbacks/payment", request.url().callbackUrl());
        assertEquals(RequestVectors.POST_BODY, Json.write(request));
    }

    @Test
    void objectWithOnlyUnknownMembersRoundTrips() {
        Billing billing = Json.read("{\"address\":{\"city\":\"Jakarta\"}}", Billing.class);
        assertEquals(1, billing.memberCount());
        assertEquals("{\"address\":{\"city\":\"Jakarta\"}}", Json.write(billing));
        assertEquals(0, Json.read("{}", Billing.class).memberCount());
    }

    @Test
    void extraMembersAreUnmodifiable() {
        Billing billing = Json.read("{\"a\":1}", Billing.class);
        assertThrows(UnsupportedOperationException.class, () -> billing.extra().clear());
    }

    @Test
    void paymentStatusResponseHasTheContractFields() {
        PaymentStatusResponse response = PaymentStatusResponse.success("PC1",
                new OrderSummary("O1", new BigDecimal("10.50"), "PC1", "IDR"),
                PaymentResult.of(new BigDecimal("10.50"), PaymentStatus.PENDING, null), null, "2026-11-22 10:15:30",
                new PaymentSource("VA_BCA", "3910812345678901"));
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"paymentCode\":\"PC1\","
                + "\"order\":{\"id\":\"O1\",\"amount\":10.50,\"reference\":\"PC1\",\"currency\":\"IDR\"},"
                + "\"result\":{\"payment\":{\"amount\":10.50,\"status\":\"PENDING\",\"statusDesc\":null}},"
                + "\"expiryLink\":\"2026-11-22 10:15:30\","
                + "\"sourceOfFunds\":{\"type\":\"VA_BCA\",\"paymentCode\":\"3910812345678901\"}}",
                Json.write(response));
    }

    @Test
    void bindResponseHasTheContractFields() {
        BindResponse response = BindResponse.success("BND-1", BindingStatus.PENDING, "http://localhost:8082/pg/bind/BND-1",
                "2026-11-21T10:30:30+07:00");
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"bindingId\":\"BND-1\","
                + "\"status\":\"PENDING\",\"authorizationUrl\":\"http://localhost:8082/pg/bind/BND-1\","
                + "\"expiresAt\":\"2026-11-21T10:30:30+07:00\"}", Json.write(response));
    }

    @Test
    void transferResponseCarriesStatusAsTwoDigitCode() {
        TransferResponse response = TransferResponse.success("DB7Q4M2X9K1P", "TRF-1", DisbursementStatus.INITIATED,
                "2026-11-21T10:15:30+07:00");
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"referenceNo\":\"DB7Q4M2X9K1P\","
                + "\"partnerReferenceNo\":\"TRF-1\",\"latestTransactionStatus\":\"01\","
                + "\"transactionDate\":\"2026-11-21T10:15:30+07:00\"}", Json.write(response));
    }

    @Test
    void unknownDisbursementStatusReplyIsNotFoundWithSeven() {
        assertEquals("{\"responseCode\":\"4040501\",\"responseMessage\":\"Transaction Not Found\","
                + "\"latestTransactionStatus\":\"07\"}", Json.write(DisbursementStatusResponse.notFound()));
    }

    @Test
    void triggerTypeIsLowerCaseOnTheWire() {
        assertEquals("\"automatic\"", Json.write(TriggerType.AUTOMATIC));
        assertEquals(TriggerType.MANUAL, Json.read("\"manual\"", TriggerType.class));
        assertThrows(IllegalArgumentException.class, () -> Json.read("\"MANUAL\"", TriggerType.class));
    }

    @Test
    void transferAmountFromNumberHasTwoDecimals() {
        assertEquals("250000.00", TransferAmount.of(new BigDecimal("250000"), "IDR").value());
        assertEquals(new BigDecimal("1.50"), new TransferAmount("1.50", "IDR").decimalValue());
        assertThrows(ArithmeticException.class, () -> TransferAmount.of(new BigDecimal("1.005"), "IDR"));
    }

    @Test
    void merchantReplyAcknowledgesOnlySuccessCode() {
        MerchantReply reply = Json.read("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                + "\"processingTime\":12.5,\"extra\":true}", MerchantReply.class);
        assertTrue(reply.acknowledges());
        assertEquals(new BigDecimal("12.5"), reply.processingTime());
        assertFalse(Json.read("{\"responseCode\":\"5000000\"}", MerchantReply.class).acknowledges());
        assertFalse(Json.read("{}", MerchantReply.class).acknowledges());
        assertEquals("{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"processingTime\":3}",
                Json.write(MerchantReply.success(3)));
    }

    @Test
    void callbackRegistrationUsesTheContractNames() {
        CallbackRegistration registration = new CallbackRegistration("https://m.example.com/d", "https://m.example.com/b");
        assertEquals("{\"disbursementCallbackUrl\":\"https://m.example.com/d\",\"bindingCallbackUrl\":\"https://m.example.com/b\"}",
                Json.write(registration));
        assertEquals(registration, Json.read(Json.write(registration), CallbackRegistration.class));
    }

    @Test
    void cardMaskKeepsFirstSixAndLastFour() {
        assertEquals("411111******1111", Card.mask("4111 1111 1111 1111"));
        assertEquals("555555******4444", Card.mask("5555555555554444"));
        assertThrows(IllegalArgumentException.class, () -> Card.mask("4111"));
    }

    @Test
    void wireTimesUseTheGatewayZone() {
        Instant instant = Instant.parse("2026-11-21T03:15:30.750Z");
        assertEquals("2026-11-21 10:15:30", WireTime.expiryLink(instant, WireTime.DEFAULT_ZONE));
        assertEquals("2026-11-21T10:15:30+07:00", WireTime.dateTime(instant, WireTime.DEFAULT_ZONE));
        assertEquals("2026-11-21T03:15:30Z", WireTime.dateTime(instant, ZoneId.of("UTC")));
    }
}
