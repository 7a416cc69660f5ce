package io.paygate.payment.snap;

import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentEntity;

/**
 * A payment's §2 state in SNAP's words (docs/contract.md §9): {@code latestTransactionStatus} ({@code 00} success,
 * {@code 01} initiated, {@code 03} pending, {@code 04} refunded, {@code 05} cancelled, {@code 06} failed) and a virtual
 * account's {@code paymentFlagStatus} ({@code 00} paid, {@code 01} ended unpaid, {@code 02} waiting).
 */
final class SnapStatuses {

    private SnapStatuses() {
    }

    static String latestTransactionStatus(PaymentEntity p) {
        return switch (p.status) {
            case CAPTURED -> "00";
            case PENDING -> p.hasOpenCharge() ? "03" : "01";
            case PROCESSING -> "03";
            case PARTIALLY_REFUNDED, REFUNDED -> "04";
            case CANCELLED -> "05";
            case FAILED, EXPIRED, REVERSED -> "06";
        };
    }

    static String paymentFlagStatus(PaymentEntity p) {
        if (SnapPayments.paid(p)) {
            return "00";
        }
        return p.status == PaymentStatus.PENDING || p.status == PaymentStatus.PROCESSING ? "02" : "01";
    }

    /** {@code paymentFlagReason}: what the flag says, in English and Indonesian. */
    static String[] paymentFlagReason(PaymentEntity p) {
        return switch (paymentFlagStatus(p)) {
            case "00" -> new String[]{"Paid", "Sudah dibayar"};
            case "02" -> new String[]{"Waiting for payment", "Menunggu pembayaran"};
            default -> new String[]{"Not paid: " + p.status, "Tidak dibayar: " + p.status};
        };
    }
}
