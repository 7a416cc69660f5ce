package io.paygate.payment.provider.midtrans;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.RefundOutcome;
import org.jboss.logging.Logger;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refunds through Midtrans (docs/contract.md §3a; docs.midtrans.com "Refund Transaction", "Direct Refund Transaction"): cards
 * by {@code POST /v2/{order_id}/refund}, GoPay, ShopeePay and QRIS by the direct refund
 * ({@code POST /v2/{order_id}/refund/online/direct}), both with the refund's reference as {@code refund_key}, so a
 * resend is the same refund. Answers: 200 {@code refund} / {@code partial_refund} → SUCCEEDED; 202 (denied by the bank
 * or wallet) and the documented refusals 412 (not refundable now), 414 (amount), 401/402 (account) → FAILED, nothing
 * refunded; 406 (this refund_key exists) → Midtrans's {@code refunds} list decides; a 5xx, a timeout or an answer this
 * code does not read → unknown (thrown: refund reconciliation asks again).
 */
final class MidtransRefunds {

    private static final Logger LOG = Logger.getLogger(MidtransRefunds.class);
    private static final Set<PaymentMethod> DIRECT = EnumSet.of(PaymentMethod.GOPAY, PaymentMethod.SHOPEEPAY,
            PaymentMethod.QRIS);

    private final MidtransClients clients;
    private final MidtransPaymentChannel channel;

    MidtransRefunds(MidtransClients clients, MidtransPaymentChannel channel) {
        this.clients = clients;
        this.channel = channel;
    }

    RefundOutcome refund(MidtransAccount account, RefundOrder order) {
        if (!"IDR".equals(order.currency()) || order.amount().stripTrailingZeros().scale() > 0) {
            return RefundOutcome.failed("Amount or currency not supported by the payment provider");
        }
        if (order.method() == PaymentMethod.SHOPEEPAY && !order.full()) {
            // "Shopeepay and OVO does not support partial refund" (Refund Transaction): refused before any call
            return RefundOutcome.failed("ShopeePay refunds only the whole payment");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("refund_key", order.refundReference());
        body.put("amount", order.amount().longValueExact());
        if (order.reason() != null && !order.reason().isBlank()) {
            body.put("reason", order.reason().length() > 255 ? order.reason().substring(0, 255) : order.reason());
        }
        boolean direct = DIRECT.contains(order.method());
        MidtransAnswer answer = clients.refund(account, order.chargeReference(), body, direct);
        int code = answer.code();
        String status = lower(answer.text("transaction_status"));
        LOG.infof("refund %s of charge %s: midtrans %s answered %s", order.refundReference(), order.chargeReference(),
                direct ? "direct refund" : "refund", answer.describe());
        if (code == 200 && (status.equals("refund") || status.equals("partial_refund"))) {
            String key = answer.text("refund_key");
            if (key != null && !key.equals(order.refundReference())) {
                throw new MidtransUnavailable("midtrans refund: an answer for another refund_key");
            }
            return RefundOutcome.succeeded();
        }
        return switch (code) {
            case 201 -> RefundOutcome.pending();
            case 202 -> RefundOutcome.failed(describe(answer, "Refund refused by the payment provider"));
            case 412 -> RefundOutcome.failed(describe(answer, "Midtrans cannot refund this transaction now"));
            case 414 -> RefundOutcome.failed(describe(answer, "Refund amount refused by the payment provider"));
            case 400, 401, 402, 404, 410 -> RefundOutcome.failed(describe(answer, "Refund refused by the payment "
                    + "provider"));
            case 406 -> listed(account, order.chargeReference(), order.refundReference())
                    .orElseThrow(() -> new MidtransUnavailable("midtrans refund: refund_key " + order.refundReference()
                            + " exists but is not listed yet"));
            default -> throw new MidtransUnavailable("midtrans refund: " + answer.describe());
        };
    }

    /** From the status answer's {@code refunds}: SUCCEEDED when listed, UNKNOWN when not (never received there). */
    RefundOutcome inquire(MidtransAccount account, String chargeReference, String refundReference) {
        return listed(account, chargeReference, refundReference).orElseGet(RefundOutcome::unknown);
    }

    private Optional<RefundOutcome> listed(MidtransAccount account, String chargeReference, String refundReference) {
        return channel.inquireTransaction(account, chargeReference)
                .flatMap(t -> t.refund(refundReference))
                .map(r -> RefundOutcome.succeeded());
    }

    private static String describe(MidtransAnswer answer, String what) {
        String message = answer.text("status_message");
        return message == null || message.isBlank() ? what
                : what + " (" + message.substring(0, Math.min(message.length(), 200)) + ")";
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }
}
