package io.paygate.testsupport.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;

/**
 * The simulator's charges paid later, as docs.midtrans.com documents their Core API: {@code bank_transfer} (bca, bni,
 * bri, cimb, permata; under the custom {@code va_number} when one is sent), {@code echannel}, {@code qris},
 * {@code gopay}, {@code shopeepay} and {@code cstore} (alfamart, indomaret), each answered 201 {@code pending} with
 * its number, code, QR or app link and an {@code expiry_time} from {@code custom_expiry} (else Midtrans's defaults:
 * 24 h, 15 min for QR and wallets); then {@code POST /v2/{order_id}/cancel}, the refunds ({@code /refund},
 * {@code /refund/online/direct}), the QR image and the wallet's app page.
 */
final class MethodRoutes {

    static final String QR_PATH = "^/v2/(qris|gopay)/([^/]+)/qr-code$";
    static final String WALLET_PATH = "/sim/wallet/";
    private static final Set<String> TYPES = Set.of("bank_transfer", "echannel", "qris", "gopay", "shopeepay",
            "cstore");
    private static final Map<String, String> VA_PREFIX = Map.of("bca", "12345", "bni", "9888", "bri", "8578",
            "cimb", "2810", "permata", "8778");
    private static final DateTimeFormatter ORDER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final MidtransSimulator sim;

    MethodRoutes(MidtransSimulator sim) {
        this.sim = sim;
    }

    static boolean opens(String paymentType) {
        return TYPES.contains(paymentType);
    }

    /** {@code POST /v2/charge} of a method paid later; the key and failures were checked by the caller. */
    void charge(HttpExchange ex, JsonNode req, String serverKey) throws IOException {
        String type = req.path("payment_type").asText();
        String orderId = req.path("transaction_details").path("order_id").asText("");
        JsonNode amount = req.path("transaction_details").path("gross_amount");
        String bank = req.path("bank_transfer").path("bank").asText("");
        String vaNumber = req.path("bank_transfer").path("va_number").asText(null); // a custom number: the one opened
        String store = req.path("cstore").path("store").asText("");
        Instant expiry = expiry(req, type);
        if (!orderId.matches("[A-Za-z0-9._~-]{1,50}") || !amount.isIntegralNumber() || amount.asLong() <= 0
                || expiry == null || type.equals("bank_transfer") && !VA_PREFIX.containsKey(bank)
                || vaNumber != null && !vaNumber.matches("[0-9]{1,28}")
                || type.equals("cstore") && !Set.of("alfamart", "indomaret").contains(store)
                || type.equals("echannel") && req.path("echannel").path("bill_info1").asText("").isEmpty()) {
            CoreApiRoutes.json(ex, 400, CoreApiRoutes.error(400, null));
            return;
        }
        SimTransaction t = new SimTransaction(orderId, BigDecimal.valueOf(amount.asLong()), serverKey, type);
        if (sim.byOrder.putIfAbsent(orderId, t) != null) {
            CoreApiRoutes.json(ex, 406, CoreApiRoutes.error(406, null));
            return;
        }
        String base = CoreApiRoutes.baseUrl(ex);
        t.expiresAt = expiry;
        switch (type) {
            case "bank_transfer" -> {
                t.bank = bank;
                t.vaNumber = sim.takeVaNumber().orElse(vaNumber != null ? vaNumber
                        : VA_PREFIX.get(bank) + digits(16 - VA_PREFIX.get(bank).length()));
            }
            case "echannel" -> {
                t.billKey = digits(12);
                t.billerCode = "70012";
            }
            case "cstore" -> {
                t.store = store;
                t.paymentCode = digits(14);
            }
            case "qris" -> {
                t.qrString = SimQris.payload("gopay", t.amount, orderId);
                t.qrUrl = base + "/v2/qris/" + t.transactionId + "/qr-code";
            }
            case "gopay" -> {
                t.qrString = SimQris.payload("gopay", t.amount, orderId); // behind the QR image only, as Midtrans
                t.qrUrl = base + "/v2/gopay/" + t.transactionId + "/qr-code";
                t.deeplink = base + WALLET_PATH + t.transactionId;
                t.callbackUrl = req.path("gopay").path("callback_url").asText(null);
            }
            default -> { // shopeepay
                t.deeplink = base + WALLET_PATH + t.transactionId;
                t.callbackUrl = req.path("shopeepay").path("callback_url").asText(null);
            }
        }
        t.move("pending", "accept", "201", switch (type) {
            case "bank_transfer", "cstore" -> "Success, " + type.replace('_', ' ') + " transaction is created";
            case "echannel" -> "OK, Mandiri Bill transaction is successful";
            default -> type.toUpperCase() + " transaction is created";
        });
        sim.byTransactionId.put(t.transactionId, t);
        sim.scheduleExpiry(t);
        CoreApiRoutes.pause(sim.takeChargeDelay());
        CoreApiRoutes.json(ex, 200, t.chargeAnswer());
        sim.changed(t);
    }

    /** {@code POST /v2/{order_id}/cancel}: a pending (or captured card) charge is cancelled; anything else 412. */
    void cancel(HttpExchange ex, SimTransaction t) throws IOException {
        boolean cancelled;
        synchronized (t) {
            sim.expireIfDue(t);
            cancelled = "pending".equals(t.transactionStatus) || t.isCard() && "capture".equals(t.transactionStatus);
            if (cancelled) {
                t.move("cancel", t.fraudStatus, "200", "Success, transaction is canceled");
            }
        }
        if (!cancelled) {
            CoreApiRoutes.json(ex, 412, CoreApiRoutes.error(412, null));
            return;
        }
        Map<String, Object> answer = t.body();
        answer.remove("signature_key");
        CoreApiRoutes.json(ex, 200, answer);
        sim.changed(t);
    }

    /**
     * A refund ({@code direct}: {@code /refund/online/direct}) of a paid card, QRIS or wallet transaction: a known
     * {@code refund_key} is 406 (nothing refunded twice), more than what is left 414, a transaction that was not paid
     * (or a bank transfer or store code) 412; else recorded, answered 200 and notified.
     */
    void refund(HttpExchange ex, SimTransaction t, JsonNode req, boolean direct) throws IOException {
        String key = req.path("refund_key").asText(null);
        Map<String, Object> answer;
        synchronized (t) {
            if (!t.paid() || !Set.of("credit_card", "qris", "gopay", "shopeepay").contains(t.paymentType)) {
                CoreApiRoutes.json(ex, 412, CoreApiRoutes.error(412, null));
                return;
            }
            if (key != null && t.refunds.stream().anyMatch(r -> key.equals(r.key()))) {
                CoreApiRoutes.json(ex, 406, CoreApiRoutes.error(406, "Duplicate refund ID"));
                return;
            }
            BigDecimal left = t.amount.subtract(t.refunded());
            JsonNode amountNode = req.path("amount");
            BigDecimal amount = amountNode.isMissingNode() || amountNode.isNull() ? left
                    : amountNode.isIntegralNumber() ? BigDecimal.valueOf(amountNode.asLong()) : null;
            if (amount == null || amount.signum() <= 0 || amount.compareTo(left) > 0) {
                CoreApiRoutes.json(ex, 414, CoreApiRoutes.error(414, null));
                return;
            }
            SimTransaction.Refund r = new SimTransaction.Refund(sim.nextRefundId(),
                    key != null ? key : "sim-" + java.util.UUID.randomUUID(), amount,
                    req.path("reason").asText(null), LocalDateTime.now(SimTransaction.JAKARTA)
                    .format(SimTransaction.TIME));
            t.refunds.add(r);
            boolean whole = t.refunded().compareTo(t.amount) >= 0;
            t.move(whole ? "refund" : "partial_refund", t.fraudStatus, "200", direct
                    ? "Success, refund request is approved by the bank" : "Success, refund request is approved");
            answer = t.body();
            answer.remove("signature_key");
            answer.remove("refunds");
            answer.put("refund_chargeback_id", r.id());
            answer.put("refund_amount", r.amount().setScale(2).toPlainString());
            answer.put("refund_key", r.key());
        }
        sim.changed(t); // the notification may well arrive before a slow answer
        CoreApiRoutes.pause(sim.takeRefundDelay());
        CoreApiRoutes.json(ex, 200, answer);
    }

    /** The QR image of a QRIS or GoPay charge (Midtrans's {@code generate-qr-code} action). */
    void qrCode(HttpExchange ex, String transactionId) throws IOException {
        SimTransaction t = sim.byTransactionId.get(transactionId);
        if (t == null || t.qrString == null) {
            CoreApiRoutes.json(ex, 404, CoreApiRoutes.error(404, null));
            return;
        }
        CoreApiRoutes.send(ex, 200, "image/png", SimQris.png(t.qrString));
    }

    /**
     * The wallet app the {@code deeplink-redirect} opens: a page with Pay and Decline; paying settles the charge,
     * declining denies it; then back to the charge's {@code callback_url}.
     */
    void wallet(HttpExchange ex, String transactionId, String method, Map<String, String> form) throws IOException {
        SimTransaction t = sim.byTransactionId.get(transactionId);
        if (t == null || t.deeplink == null) {
            CoreApiRoutes.html(ex, 404, "<p>Unknown transaction</p>");
            return;
        }
        if (method.equals("GET")) {
            CoreApiRoutes.html(ex, 200, """
                    <!doctype html>
                    <html lang="en"><head><meta charset="utf-8"><title>%s (Midtrans simulator)</title></head>
                    <body><h1>%s</h1><p>Order <span id="order">%s</span>, IDR <span id="amount">%s</span></p>
                    <form method="post"><button type="submit" name="action" value="pay" id="pay">Pay</button>
                    <button type="submit" name="action" value="decline" id="decline">Decline</button></form>
                    </body></html>""".formatted(t.paymentType, t.paymentType, t.orderId, t.grossAmount));
            return;
        }
        boolean paid = "pay".equals(form.get("action")) ? sim.payNow(t) : sim.denyNow(t);
        String back = t.callbackUrl;
        if (back != null && back.matches("https?://.+")) {
            ex.getResponseHeaders().add("Location", back);
            ex.sendResponseHeaders(303, -1);
            return;
        }
        CoreApiRoutes.html(ex, 200, "<p id=\"done\">" + (paid ? "settlement" : t.transactionStatus) + "</p>");
    }

    /** {@code custom_expiry} (order_time + expiry_duration in unit), else Midtrans's default; null when malformed. */
    private static Instant expiry(JsonNode req, String type) {
        JsonNode custom = req.path("custom_expiry");
        if (custom.isMissingNode()) {
            boolean quick = Set.of("qris", "gopay", "shopeepay").contains(type);
            return Instant.now().plus(quick ? Duration.ofMinutes(15) : Duration.ofHours(24));
        }
        try {
            String orderTime = custom.path("order_time").asText(null);
            Instant start = orderTime == null ? Instant.now() : ZonedDateTime.parse(orderTime, ORDER_TIME).toInstant();
            long duration = Long.parseLong(custom.path("expiry_duration").asText());
            Duration unit = switch (custom.path("unit").asText("minute")) {
                case "second" -> Duration.ofSeconds(1);
                case "minute" -> Duration.ofMinutes(1);
                case "hour" -> Duration.ofHours(1);
                case "day" -> Duration.ofDays(1);
                default -> null;
            };
            if (unit == null || duration < 1 || unit.multipliedBy(duration).compareTo(Duration.ofSeconds(20)) < 0) {
                return null; // Midtrans: at least 20 seconds
            }
            return start.plus(unit.multipliedBy(duration));
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }

    private static String digits(int n) {
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append((char) ('0' + RANDOM.nextInt(10)));
        }
        return out.toString();
    }
}
