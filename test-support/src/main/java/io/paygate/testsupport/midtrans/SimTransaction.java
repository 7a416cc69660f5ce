package io.paygate.testsupport.midtrans;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** One transaction in the simulator's book. */
final class SimTransaction {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");

    final String transactionId = UUID.randomUUID().toString();
    final String orderId;
    final String grossAmount;
    final String serverKey;
    final String maskedCard;
    final SimulatedCards.Behaviour behaviour;
    final String transactionTime = LocalDateTime.now(JAKARTA).format(TIME);
    String transactionStatus;
    String fraudStatus;
    String statusCode;
    String statusMessage;

    SimTransaction(String orderId, BigDecimal grossAmount, String serverKey, String maskedCard,
                   SimulatedCards.Behaviour behaviour) {
        this.orderId = orderId;
        this.grossAmount = grossAmount.setScale(2).toPlainString();
        this.serverKey = serverKey;
        this.maskedCard = maskedCard;
        this.behaviour = behaviour;
    }

    synchronized void move(String status, String fraud, String code, String message) {
        this.transactionStatus = status;
        this.fraudStatus = fraud;
        this.statusCode = code;
        this.statusMessage = message;
    }

    /** The body Midtrans sends as notification and answers to a status inquiry, signed. */
    synchronized Map<String, Object> body() {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("transaction_time", transactionTime);
        b.put("transaction_status", transactionStatus);
        b.put("transaction_id", transactionId);
        b.put("status_message", statusMessage);
        b.put("status_code", statusCode);
        b.put("signature_key", MidtransSignature.of(orderId, statusCode, grossAmount, serverKey));
        b.put("payment_type", "credit_card");
        b.put("order_id", orderId);
        b.put("merchant_id", "G000000000");
        b.put("masked_card", maskedCard);
        b.put("gross_amount", grossAmount);
        if (fraudStatus != null) {
            b.put("fraud_status", fraudStatus);
        }
        b.put("currency", "IDR");
        b.put("card_type", "credit");
        b.put("bank", "bni");
        return b;
    }
}
