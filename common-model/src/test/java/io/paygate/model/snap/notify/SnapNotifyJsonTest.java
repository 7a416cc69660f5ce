package io.paygate.model.snap.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.status.PaymentStatus;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9: a SNAP notification body is what {@code JSON.stringify(JSON.parse(body))} gives back. The expected
 * strings below were written by Node 20's {@code JSON.stringify} (the quoted form of each case), not by this class.
 */
class SnapNotifyJsonTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();

    @Test
    void escapesStringsExactlyAsJsonStringifyDoes() {
        Map<String, String> vectors = new LinkedHashMap<>();
        vectors.put("a/b", "\"a/b\"");
        vectors.put("\u00e9 \u00fc \u6f22\u5b57", "\"\u00e9 \u00fc \u6f22\u5b57\"");
        vectors.put("\ud83d\ude00", "\"\ud83d\ude00\"");
        vectors.put("\u2028\u2029", "\"\u2028\u2029\"");
        vectors.put("\u0000\u0001\u001f\u007f", "\"\\u0000\\u0001\\u001f\u007f\"");
        vectors.put("\b\t\n\f\r", "\"\\b\\t\\n\\f\\r\"");
        vectors.put("\"quoted\" \\back\\", "\"\\\"quoted\\\" \\\\back\\\\\"");
        vectors.put("\ud800", "\"\\ud800\"");
        vectors.put("x\udc00y", "\"x\\udc00y\"");
        vectors.put("  4567", "\"  4567\"");
        vectors.put("<script>&", "\"<script>&\"");
        vectors.forEach((text, expected) -> {
            StringBuilder out = new StringBuilder();
            SnapNotifyJson.string(text, out);
            assertEquals(expected, out.toString(), text);
        });
    }

    @Test
    void refusesWhatAParseAndWriteWouldChange() {
        assertThrows(IllegalArgumentException.class, () -> SnapNotifyJson.write(Map.of("amount", new BigDecimal("10000.00"))));
        assertThrows(IllegalArgumentException.class, () -> SnapNotifyJson.write(Map.of("1", "a")));
        assertTrue(SnapNotifyJson.isArrayIndex("0"));
        assertTrue(SnapNotifyJson.isArrayIndex("4294967294"));
        assertFalse(SnapNotifyJson.isArrayIndex("4294967295"));
        assertFalse(SnapNotifyJson.isArrayIndex("01"));
        assertFalse(SnapNotifyJson.isArrayIndex("-1"));
        assertFalse(SnapNotifyJson.isArrayIndex("1.5"));
    }

    @Test
    void everyServicesBodySurvivesParsingAndWritingCompactly() throws Exception {
        Instant at = Instant.parse("2026-11-26T04:15:30.123Z");
        ZoneId jakarta = ZoneId.of("Asia/Jakarta");
        SnapOrigin va = new SnapOrigin(SnapOrigin.VA, "INV/2026/\u00e9-1", "PC123", "   12345", "0812 3456",
                "   123450812 3456", "Sit\u00ec \"Nur\" / Toko");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "qr-1", "PC124", null, null, null, null);
        SnapOrigin debit = new SnapOrigin(SnapOrigin.DEBIT, "dd-1", "PC125", null, null, null, null);
        for (SnapOrigin origin : new SnapOrigin[]{va, qr, debit}) {
            String body = SnapNotifyJson.write(SnapPaymentNotifications.body(captured(origin), "demo", at, jakarta)
                    .orElseThrow());
            String again = PLAIN.writeValueAsString(PLAIN.readTree(body));
            assertEquals(body, again, origin.service());
            assertFalse(body.contains(" :") || body.contains(": ") || body.contains("\\/") || body.contains("\\u"), body);
        }
    }

    @Test
    void writesTheStandardsVaPaymentBody() {
        SnapOrigin va = new SnapOrigin(SnapOrigin.VA, "trx-1", "PC123", "   12345", "0812", "   123450812", "Siti");
        String body = SnapNotifyJson.write(SnapPaymentNotifications.body(captured(va), "demo",
                Instant.parse("2026-11-26T04:15:30.123Z"), ZoneId.of("Asia/Jakarta")).orElseThrow());
        assertEquals("{\"partnerServiceId\":\"   12345\",\"customerNo\":\"0812\",\"virtualAccountNo\":\"   123450812\","
                + "\"virtualAccountName\":\"Siti\",\"trxId\":\"trx-1\",\"paymentRequestId\":\"PC123\","
                + "\"paidAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
                + "\"totalAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
                + "\"trxDateTime\":\"2026-11-26T11:15:30+07:00\",\"referenceNo\":\"PC123\",\"paymentFlagStatus\":\"00\","
                + "\"paymentFlagReason\":{\"english\":\"Success\",\"indonesia\":\"Sukses\"},"
                + "\"additionalInfo\":{\"merchantId\":\"demo\"}}", body);
    }

    /**
     * docs/contract.md §9: every SNAP notify body names the merchant it is for in {@code additionalInfo.merchantId}, so
     * a merchant can tell another merchant's notification from its own (the string to sign names no merchant).
     */
    @Test
    void everyPaymentBodyNamesItsMerchantInAdditionalInfo() throws Exception {
        Instant at = Instant.parse("2026-11-26T04:15:30Z");
        ZoneId jakarta = ZoneId.of("Asia/Jakarta");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "qr-1", "PC124", null, null, null, null);
        SnapOrigin debit = new SnapOrigin(SnapOrigin.DEBIT, "dd-1", "PC125", null, null, null, null);
        assertEquals("{\"originalReferenceNo\":\"PC124\",\"originalPartnerReferenceNo\":\"qr-1\","
                + "\"latestTransactionStatus\":\"00\",\"transactionStatusDesc\":\"Success\","
                + "\"amount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
                + "\"additionalInfo\":{\"finishedTime\":\"2026-11-26T11:15:30+07:00\",\"merchantId\":\"demo2\"}}",
                SnapNotifyJson.write(SnapPaymentNotifications.body(captured(qr), "demo2", at, jakarta).orElseThrow()));
        assertEquals("{\"originalPartnerReferenceNo\":\"dd-1\",\"originalReferenceNo\":\"PC125\","
                + "\"merchantId\":\"demo2\",\"amount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
                + "\"latestTransactionStatus\":\"00\",\"transactionStatusDesc\":\"Success\","
                + "\"finishedTime\":\"2026-11-26T11:15:30+07:00\",\"additionalInfo\":{\"merchantId\":\"demo2\"}}",
                SnapNotifyJson.write(SnapPaymentNotifications.body(captured(debit), "demo2", at, jakarta)
                        .orElseThrow()));
        SnapOrigin va = new SnapOrigin(SnapOrigin.VA, "trx-1", "PC123", "   12345", "0812", "   123450812", "Siti");
        for (SnapOrigin origin : new SnapOrigin[]{va, qr, debit}) {
            String body = SnapNotifyJson.write(SnapPaymentNotifications.body(captured(origin), "demo2", at, jakarta)
                    .orElseThrow());
            assertEquals("demo2", PLAIN.readTree(body).at("/additionalInfo/merchantId").asText(), body);
            IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                    () -> SnapPaymentNotifications.body(captured(origin), " ", at, jakarta), origin.service());
            assertEquals("merchantId is missing", none.getMessage());
        }
    }

    @Test
    void notifiesAPaymentsOutcomeOnly() {
        for (PaymentStatus status : PaymentStatus.values()) {
            boolean outcome = status == PaymentStatus.CAPTURED || status == PaymentStatus.FAILED
                    || status == PaymentStatus.EXPIRED || status == PaymentStatus.CANCELLED
                    || status == PaymentStatus.REVERSED;
            assertEquals(outcome, SnapPaymentNotifications.notified(SnapOrigin.QR, status), status.name());
            assertEquals(outcome, SnapPaymentNotifications.notified(SnapOrigin.DEBIT, status), status.name());
            assertEquals(status == PaymentStatus.CAPTURED, SnapPaymentNotifications.notified(SnapOrigin.VA, status));
        }
        assertEquals("05", SnapPaymentNotifications.latestTransactionStatus(PaymentStatus.CANCELLED));
        assertEquals("06", SnapPaymentNotifications.latestTransactionStatus(PaymentStatus.EXPIRED));
        assertEquals("04", SnapPaymentNotifications.latestTransactionStatus(PaymentStatus.REFUNDED));
    }

    @Test
    void refusesASnapMemberItsBodyCannotBeWrittenFrom() {
        SnapOrigin noVaNo = new SnapOrigin(SnapOrigin.VA, "trx-1", "PC123", "   12345", "0812", null, "Siti");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnapPaymentNotifications.body(
                captured(noVaNo), "demo", Instant.now(), ZoneId.of("UTC")));
        assertEquals("snap.virtualAccountNo is missing", e.getMessage());
        SnapOrigin unknown = new SnapOrigin("CARD", "x", "PC1", null, null, null, null);
        assertThrows(IllegalArgumentException.class, () -> SnapPaymentNotifications.body(captured(unknown), "demo",
                Instant.now(), ZoneId.of("UTC")));
    }

    private static PaymentStatusChanged captured(SnapOrigin origin) {
        return new PaymentStatusChanged(origin.referenceNo(), origin.partnerReferenceNo(), new BigDecimal("150000"),
                "IDR", null, null, null, PaymentStatus.CAPTURED, "Payment success", "https://m.example.com/cb", null)
                .withSnap(origin);
    }
}
