package io.paygate.testsupport.midtrans;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One transaction in the simulator's book: a card charge, or a charge paid later (bank transfer, echannel, qris,
 * gopay, shopeepay, cstore) with what the customer pays with, its expiry, and its refunds.
 */
final class SimTransaction {

    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");

    /** One refund Midtrans recorded, by the merchant's {@code refund_key}. */
    record Refund(long id, String key, BigDecimal amount, String reason, String createdAt) {
    }

    final String transactionId = UUID.randomUUID().toString();
    final String orderId;
    final String grossAmount;
    final BigDecimal amount;
    final String serverKey;
    final String paymentType;
    final String maskedCard;
    final SimulatedCards.Behaviour behaviour;
    final String transactionTime = LocalDateTime.now(JAKARTA).format(TIME);
    String transactionStatus;
    String fraudStatus;
    String statusCode;
    String statusMessage;
    String settlementTime;
    // what a charge paid later is paid with
    String bank;
    String vaNumber;
    String billKey;
    String billerCode;
    String paymentCode;
    String store;
    String qrString;
    String qrUrl;
    String deeplink;
    String callbackUrl;
    Instant expiresAt;
    final List<Refund> refunds = new ArrayList<>();

    /** A card transaction. */
    SimTransaction(String orderId, BigDecimal grossAmount, String serverKey, String maskedCard,
                   SimulatedCards.Behaviour behaviour) {
        this(orderId, grossAmount, serverKey, "credit_card", maskedCard, behaviour);
    }

    /** A transaction of {@code paymentType} paid later. */
    SimTransaction(String orderId, BigDecimal grossAmount, String serverKey, String paymentType) {
        this(orderId, grossAmount, serverKey, paymentType, null, null);
    }

    private SimTransaction(String orderId, BigDecimal grossAmount, String serverKey, String paymentType,
                           String maskedCard, SimulatedCards.Behaviour behaviour) {
        this.orderId = orderId;
        this.amount = grossAmount;
        this.grossAmount = grossAmount.setScale(2).toPlainString();
        this.serverKey = serverKey;
        this.paymentType = paymentType;
        this.maskedCard = maskedCard;
        this.behaviour = behaviour;
    }

    boolean isCard() {
        return "credit_card".equals(paymentType);
    }

    synchronized void move(String status, String fraud, String code, String message) {
        this.transactionStatus = status;
        this.fraudStatus = fraud;
        this.statusCode = code;
        this.statusMessage = message;
    }

    /** Whether money was taken: settled (or captured), or refunded since. */
    synchronized boolean paid() {
        return switch (transactionStatus) {
            case "settlement", "capture", "refund", "partial_refund" -> true;
            default -> false;
        };
    }

    synchronized BigDecimal refunded() {
        return refunds.stream().map(Refund::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** The body Midtrans sends as notification and answers to a status inquiry, signed. */
    /** The {@code saved_token_id} the charge answered ({@code save_token_id}), or null. */
    volatile String savedTokenId;
    volatile String savedTokenExpiredAt;

    synchronized Map<String, Object> body() {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("transaction_time", transactionTime);
        b.put("transaction_status", transactionStatus);
        b.put("transaction_id", transactionId);
        b.put("status_message", statusMessage);
        b.put("status_code", statusCode);
        b.put("signature_key", MidtransSignature.of(orderId, statusCode, grossAmount, serverKey));
        b.put("payment_type", paymentType);
        b.put("order_id", orderId);
        b.put("merchant_id", "G000000000");
        if (isCard()) {
            b.put("masked_card", maskedCard);
        }
        b.put("gross_amount", grossAmount);
        if (fraudStatus != null) {
            b.put("fraud_status", fraudStatus);
        }
        b.put("currency", "IDR");
        if (isCard()) {
            b.put("card_type", "credit");
            b.put("bank", "bni");
        }
        if (savedTokenId != null) {
            b.put("saved_token_id", savedTokenId);
            b.put("saved_token_id_expired_at", savedTokenExpiredAt);
        }
        if (vaNumber != null) {
            if ("permata".equals(bank)) {
                b.put("permata_va_number", vaNumber);
            } else {
                b.put("va_numbers", List.of(Map.of("bank", bank, "va_number", vaNumber)));
            }
        }
        if (billKey != null) {
            b.put("bill_key", billKey);
            b.put("biller_code", billerCode);
        }
        if (paymentCode != null) {
            b.put("payment_code", paymentCode);
            b.put("store", store);
        }
        if (expiresAt != null) {
            b.put("expiry_time", LocalDateTime.ofInstant(expiresAt, JAKARTA).format(TIME));
        }
        if (settlementTime != null) {
            b.put("settlement_time", settlementTime);
        }
        if (!refunds.isEmpty()) {
            b.put("refund_amount", refunded().setScale(2).toPlainString());
            List<Map<String, Object>> list = new ArrayList<>();
            for (Refund r : refunds) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("refund_chargeback_id", r.id());
                m.put("refund_amount", r.amount().setScale(2).toPlainString());
                m.put("created_at", r.createdAt());
                m.put("reason", r.reason() == null ? "" : r.reason());
                m.put("refund_key", r.key());
                m.put("refund_method", "online"); // through the card network or the wallet, as every API refund
                list.add(m);
            }
            b.put("refunds", list);
        }
        return b;
    }

    /** The charge's answer: the status body without the signature, with the QR payload and the actions. */
    synchronized Map<String, Object> chargeAnswer() {
        Map<String, Object> b = body();
        b.remove("signature_key");
        if ("qris".equals(paymentType) && qrString != null) {
            b.put("qr_string", qrString);
            b.put("acquirer", "gopay");
        }
        List<Map<String, Object>> actions = new ArrayList<>();
        if (qrUrl != null) {
            actions.add(Map.of("name", "generate-qr-code", "method", "GET", "url", qrUrl));
        }
        if (deeplink != null) {
            actions.add(Map.of("name", "deeplink-redirect", "method", "GET", "url", deeplink));
        }
        if (!actions.isEmpty()) {
            b.put("actions", actions);
        }
        return b;
    }
}
