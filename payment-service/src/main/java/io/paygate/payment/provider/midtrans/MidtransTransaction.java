package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.CardBins;
import io.paygate.payment.provider.ChargeStatus;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;

/**
 * A card transaction as Midtrans describes it in a charge answer, an HTTP notification and a status answer (the same
 * members), and what it means for a paygate payment (docs.midtrans.com "Transaction Status", "Handling HTTP
 * Notification"): {@code capture} with fraud_status {@code accept} and {@code settlement} → CAPTURED;
 * {@code deny}, {@code cancel}, {@code expire}, {@code failure} (and a capture whose fraud_status is {@code deny}) →
 * FAILED; {@code pending}, {@code authorize} and a capture in fraud {@code challenge} → still deciding. Anything else
 * (refunds, chargebacks, a status this code does not know) is not understood: empty.
 */
record MidtransTransaction(String orderId, String statusCode, String grossAmount, String transactionStatus,
                           String fraudStatus, String statusMessage, String maskedCard, String cardType,
                           String signatureKey) {

    static MidtransTransaction of(JsonNode body) {
        return new MidtransTransaction(text(body, "order_id"), text(body, "status_code"), text(body, "gross_amount"),
                text(body, "transaction_status"), text(body, "fraud_status"), text(body, "status_message"),
                text(body, "masked_card"), text(body, "card_type"), text(body, "signature_key"));
    }

    /** What the transaction means for the payment; empty when not understood (ask again, do not guess). */
    Optional<ChargeStatus> meaning() {
        if (transactionStatus == null) {
            return Optional.empty();
        }
        String fraud = fraudStatus == null ? "accept" : fraudStatus.toLowerCase(Locale.ROOT);
        return switch (transactionStatus.toLowerCase(Locale.ROOT)) {
            case "capture" -> switch (fraud) {
                case "accept" -> Optional.of(ChargeStatus.decided(PaymentStatus.CAPTURED, null, cardInfo()));
                case "challenge" -> Optional.of(ChargeStatus.pending());
                case "deny" -> Optional.of(failed("Denied by fraud detection"));
                default -> Optional.empty();
            };
            case "settlement" -> Optional.of(ChargeStatus.decided(PaymentStatus.CAPTURED, null, cardInfo()));
            case "pending", "authorize" -> Optional.of(ChargeStatus.pending());
            case "deny" -> Optional.of(failed("Card declined"));
            case "cancel" -> Optional.of(failed("Payment cancelled"));
            case "expire" -> Optional.of(failed("Payment expired"));
            case "failure" -> Optional.of(failed("Payment failed at the provider"));
            default -> Optional.empty();
        };
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
        if (grossAmount == null || !grossAmount.matches("[0-9]{1,15}(\\.[0-9]{1,2})?")) {
            return false;
        }
        return new BigDecimal(grossAmount).compareTo(amount) == 0;
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

    private static String text(JsonNode body, String field) {
        JsonNode n = body == null ? null : body.get(field);
        return n == null || n.isNull() || n.isContainerNode() ? null : n.asText();
    }
}
