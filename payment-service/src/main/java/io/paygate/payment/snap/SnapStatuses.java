package io.paygate.payment.snap;

import io.paygate.model.snap.notify.SnapPaymentNotifications;
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

    /**
     * The notifications' table ({@link SnapPaymentNotifications#latestTransactionStatus}), with one thing only a
     * status query can see: a PENDING payment whose customer has started paying (a charge open at the provider) is
     * {@code 03}, not {@code 01}.
     */
    static String latestTransactionStatus(PaymentEntity p) {
        return p.status == PaymentStatus.PENDING && p.hasOpenCharge() ? "03"
                : SnapPaymentNotifications.latestTransactionStatus(p.status);
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
