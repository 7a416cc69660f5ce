package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.CardBins;
import io.paygate.payment.provider.ChargeStatus;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A transaction as Midtrans describes it in a charge answer, an HTTP notification and a status answer (the same
 * members), and what it means for a paygate payment (docs.midtrans.com "Transaction Status", "Handling HTTP
 * Notification").
 *
 * <p>A card ({@code payment_type} {@code credit_card}): {@code capture} with fraud_status {@code accept} and
 * {@code settlement} → CAPTURED; {@code deny}, {@code cancel}, {@code expire}, {@code failure} (and a capture whose
 * fraud_status is {@code deny}; a deny or capture with fraud_status {@code deny} says fraud detection denied it) → FAILED; {@code pending}, {@code authorize} and a capture in fraud {@code challenge}
 * → still deciding.
 *
 * <p>An open charge (bank transfer, echannel, qris, gopay, shopeepay, cstore): {@code settlement} → CAPTURED,
 * {@code pending} → still deciding, {@code expire} → EXPIRED, {@code cancel} → CANCELLED (the gateway cancels its own
 * charges before another method, so a cancel never fails a payment), {@code deny} and {@code failure} → FAILED, or
 * REVERSED when Midtrans had settled it ({@code settlement_time}: Midtrans's "reversal ... from SETTLEMENT to DENY"),
 * {@code refund} and {@code partial_refund} → CAPTURED: the charge was paid, which is all a payment still waiting for
 * it learns. It never says the money is still there ({@link #isFullRefund()}: none is), nor whose it is: money of the
 * payment's own current charge is the payment's, never a surplus (docs/contract.md §2).
 *
 * <p>Anything else (chargebacks, a status this code does not know) is not understood: empty.
 */
record MidtransTransaction(String orderId, String statusCode, String grossAmount, String transactionStatus,
                           String fraudStatus, String statusMessage, String maskedCard, String cardType,
                           String signatureKey, String paymentType, String settlementTime, List<Refund> refunds) {

    /** One entry of {@code refunds}: Midtrans's record of a refund, by the merchant's {@code refund_key}. */
    record Refund(String refundKey, String amount) {
    }

    static MidtransTransaction of(JsonNode body) {
        List<Refund> refunds = new ArrayList<>();
        JsonNode list = body == null ? null : body.get("refunds");
        if (list != null && list.isArray()) {
            for (JsonNode r : list) {
                refunds.add(new Refund(text(r, "refund_key"), text(r, "refund_amount")));
            }
        }
        return new MidtransTransaction(text(body, "order_id"), text(body, "status_code"), text(body, "gross_amount"),
                text(body, "transaction_status"), text(body, "fraud_status"), text(body, "status_message"),
                text(body, "masked_card"), text(body, "card_type"), text(body, "signature_key"),
                text(body, "payment_type"), text(body, "settlement_time"), List.copyOf(refunds));
    }

    /** Whether this is a card transaction (the card channel's mapping); a body without payment_type is read as one. */
    boolean isCard() {
        return paymentType == null || "credit_card".equalsIgnoreCase(paymentType);
    }

    /** What the transaction means for the payment; empty when not understood (ask again, do not guess). */
    Optional<ChargeStatus> meaning() {
        if (transactionStatus == null) {
            return Optional.empty();
        }
        String status = transactionStatus.toLowerCase(Locale.ROOT);
        return isCard() ? cardMeaning(status) : openChargeMeaning(status);
    }

    private Optional<ChargeStatus> cardMeaning(String status) {
        String fraud = fraudStatus == null ? "accept" : fraudStatus.toLowerCase(Locale.ROOT);
        return switch (status) {
            case "capture" -> switch (fraud) {
                case "accept" -> Optional.of(ChargeStatus.decided(PaymentStatus.CAPTURED, null, cardInfo()));
                case "challenge" -> Optional.of(ChargeStatus.pending());
                case "deny" -> Optional.of(failed("Denied by fraud detection"));
                default -> Optional.empty();
            };
            case "settlement" -> Optional.of(ChargeStatus.decided(PaymentStatus.CAPTURED, null, cardInfo()));
            case "pending", "authorize" -> Optional.of(ChargeStatus.pending());
            case "deny" -> Optional.of(failed("deny".equals(fraud) ? "Denied by fraud detection" : "Card declined"));
            case "cancel" -> Optional.of(failed("Payment cancelled"));
            case "expire" -> Optional.of(failed("Payment expired"));
            case "failure" -> Optional.of(failed("Payment failed at the provider"));
            default -> Optional.empty();
        };
    }

    private Optional<ChargeStatus> openChargeMeaning(String status) {
        return switch (status) {
            case "settlement", "refund", "partial_refund" ->
                    Optional.of(ChargeStatus.decided(PaymentStatus.CAPTURED, null, null));
            case "pending" -> Optional.of(ChargeStatus.pending());
            case "expire" -> Optional.of(ChargeStatus.decided(PaymentStatus.EXPIRED, null, null));
            case "cancel" -> Optional.of(ChargeStatus.decided(PaymentStatus.CANCELLED, null, null));
            case "deny", "failure" -> Optional.of(settlementTime != null && !settlementTime.isBlank()
                    ? ChargeStatus.decided(PaymentStatus.REVERSED, "Reversed by the provider", null)
                    : ChargeStatus.decided(PaymentStatus.FAILED, "Payment denied by the provider", null));
            default -> Optional.empty();
        };
    }

    /** Whether this body says the charge was paid (settled, or refunded since): worth asking about a surplus. */
    boolean claimsPaid() {
        return meaning().map(ChargeStatus::paid).orElse(false);
    }

    /** Whether this body tells of a refund ({@code refund}, {@code partial_refund}). */
    boolean isRefund() {
        String s = transactionStatus == null ? "" : transactionStatus.toLowerCase(Locale.ROOT);
        return s.equals("refund") || s.equals("partial_refund");
    }

    /** Whether this body says the whole amount went back ({@code refund}): the charge holds no money any more. */
    boolean isFullRefund() {
        return "refund".equalsIgnoreCase(transactionStatus);
    }

    /**
     * The state this (notification) body tells of, as one of a few values per charge: its status_code, its
     * transaction_status and the fraud_status Midtrans knows ({@code accept}, {@code challenge}, {@code deny}; any other
     * text reads as {@code ?}, so unsigned text cannot make states without end). The inquiry memory remembers states by
     * it.
     */
    String state() {
        String fraud = fraudStatus == null ? "" : fraudStatus.strip().toLowerCase(Locale.ROOT);
        if (!fraud.isEmpty() && !fraud.equals("accept") && !fraud.equals("challenge") && !fraud.equals("deny")) {
            fraud = "?";
        }
        return (statusCode == null ? "" : statusCode.strip()) + " "
                + (transactionStatus == null ? "" : transactionStatus.strip().toLowerCase(Locale.ROOT)) + " " + fraud;
    }

    /** Whether this body tells of a denial ({@code deny}, {@code failure}): after a settlement, a reversal. */
    boolean isDenial() {
        String s = transactionStatus == null ? "" : transactionStatus.toLowerCase(Locale.ROOT);
        return s.equals("deny") || s.equals("failure");
    }

    /** Midtrans's record of refund {@code refundKey} of this transaction, if it lists one. */
    Optional<Refund> refund(String refundKey) {
        return refunds.stream().filter(r -> refundKey != null && refundKey.equals(r.refundKey())).findFirst();
    }

    /**
     * Whether this (notification) body is one Midtrans does not send: a {@code transaction_status} or
     * {@code fraud_status} that its {@code status_code} contradicts ({@link MidtransStatusCodes}). The signature_key
     * covers only order_id, status_code and gross_amount, so an edited status shows as such a contradiction.
     */
    boolean contradictsStatusCode() {
        return !MidtransStatusCodes.consistent(statusCode, transactionStatus, fraudStatus);
    }

    /**
     * Whether this body, taken at its word, would decide the payment or says something this code does not know
     * (anything but "still deciding": pending, authorize, a capture in fraud challenge). Only those are worth a status
     * inquiry; a notification is never believed by itself.
     */
    boolean claimsOutcome() {
        return meaning().map(m -> m.state() == ChargeStatus.State.DECIDED).orElse(true);
    }

    /** Whether {@code gross_amount} is the payment's amount (as a number: Midtrans writes {@code 10000.00}). */
    boolean amountIs(BigDecimal amount) {
        return amountOf(grossAmount).map(a -> a.compareTo(amount) == 0).orElse(false);
    }

    /** A Midtrans amount ({@code 10000.00}) as a number; empty when it is not one. */
    static Optional<BigDecimal> amountOf(String text) {
        if (text == null || !text.matches("[0-9]{1,15}(\\.[0-9]{1,2})?")) {
            return Optional.empty();
        }
        return Optional.of(new BigDecimal(text));
    }

    /** card.info from {@code masked_card} (first six digits) and {@code card_type}, or null. */
    CardInfo cardInfo() {
        if (maskedCard == null || !maskedCard.matches("[0-9]{6}.*")) {
            return null;
        }
        return CardBins.info(maskedCard.substring(0, 6),
                cardType == null ? null : cardType.toUpperCase(Locale.ROOT).replaceAll("[^A-Z]", ""));
    }

    private ChargeStatus failed(String what) {
        String reason = statusMessage == null || statusMessage.isBlank() ? what : what + " (" + statusMessage + ")";
        return ChargeStatus.decided(PaymentStatus.FAILED, reason, cardInfo());
    }

    static String text(JsonNode body, String field) {
        JsonNode n = body == null ? null : body.get(field);
        return n == null || n.isNull() || n.isContainerNode() ? null : n.asText();
    }
}
