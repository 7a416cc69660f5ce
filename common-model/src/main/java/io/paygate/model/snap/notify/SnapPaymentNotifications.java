package io.paygate.model.snap.notify;

import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.status.PaymentStatus;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Which SNAP notification a payment's status change makes, and its body (docs/contract.md §9, "SNAP notifications"). The
 * standard notifies a payment's outcome:
 * <ul>
 *   <li>a virtual account ({@code VA}): when it is paid (CAPTURED) and then only, {@link VaPaymentNotification};</li>
 *   <li>QRIS ({@code QR}) and direct debit ({@code DEBIT}): when the payment is decided, CAPTURED ({@code 00}),
 *       FAILED, EXPIRED, REVERSED ({@code 06}) or CANCELLED ({@code 05}), {@link QrPaymentNotification} and
 *       {@link DebitNotification}.</li>
 * </ul>
 * Refunds (PARTIALLY_REFUNDED, REFUNDED) make none: the refund's own reply reports them, and the status query shows
 * {@code 04}. PENDING and PROCESSING make none. A payment without {@code snap} makes none.
 */
public final class SnapPaymentNotifications {

    /** {@code X-TIMESTAMP}, {@code trxDateTime}, {@code finishedTime}: ISO-8601 with the offset, whole seconds. */
    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");

    private SnapPaymentNotifications() {
    }

    /**
     * The body of the SNAP notification of this change, or empty when it makes none.
     *
     * @param merchantId the merchant's id ({@code additionalInfo.merchantId} of every body, and {@code merchantId} of
     *                   the debit notification)
     * @param occurredAt when the change happened
     * @param zone       {@code gateway.timezone}
     * @throws IllegalArgumentException when {@code snap} lacks what its service's body needs (the message names it)
     */
    public static Optional<Object> body(PaymentStatusChanged data, String merchantId, Instant occurredAt, ZoneId zone) {
        SnapOrigin snap = data.snap();
        if (snap == null) {
            return Optional.empty();
        }
        if (!SnapOrigin.VA.equals(snap.service()) && !SnapOrigin.QR.equals(snap.service())
                && !SnapOrigin.DEBIT.equals(snap.service())) {
            throw new IllegalArgumentException("snap.service is not VA, QR or DEBIT");
        }
        if (data.status() == null || !notified(snap.service(), data.status())) {
            return Optional.empty();
        }
        require(snap.partnerReferenceNo(), "snap.partnerReferenceNo");
        require(snap.referenceNo(), "snap.referenceNo");
        require(data.currency(), "currency");
        require(merchantId, "merchantId");
        if (data.amount() == null) {
            throw new IllegalArgumentException("amount is missing");
        }
        NotifyAmount amount = NotifyAmount.of(data.amount(), data.currency());
        String at = TIME.format(occurredAt.atZone(zone));
        String status = latestTransactionStatus(data.status());
        String desc = transactionStatusDesc(data.status());
        return Optional.of(switch (snap.service()) {
            case SnapOrigin.VA -> new VaPaymentNotification(
                    require(snap.partnerServiceId(), "snap.partnerServiceId"),
                    require(snap.customerNo(), "snap.customerNo"),
                    require(snap.virtualAccountNo(), "snap.virtualAccountNo"),
                    snap.virtualAccountName(), snap.partnerReferenceNo(), snap.referenceNo(), amount, amount, at,
                    snap.referenceNo(), "00", new VaPaymentNotification.PaymentFlagReason("Success", "Sukses"),
                    new NotifyInfo(merchantId));
            case SnapOrigin.QR -> new QrPaymentNotification(snap.referenceNo(), snap.partnerReferenceNo(), status, desc,
                    amount, new QrPaymentNotification.QrNotifyInfo(at, merchantId));
            case SnapOrigin.DEBIT -> new DebitNotification(snap.partnerReferenceNo(), snap.referenceNo(), merchantId,
                    amount, status, desc, at, new NotifyInfo(merchantId));
            default -> throw new IllegalArgumentException("snap.service " + snap.service() + " is unknown");
        });
    }

    /** Whether a change to {@code status} of a payment of SNAP {@code service} makes a SNAP notification. */
    public static boolean notified(String service, PaymentStatus status) {
        if (SnapOrigin.VA.equals(service)) {
            return status == PaymentStatus.CAPTURED;
        }
        return switch (status) {
            case CAPTURED, FAILED, EXPIRED, CANCELLED, REVERSED -> true;
            case PENDING, PROCESSING, PARTIALLY_REFUNDED, REFUNDED -> false;
        };
    }

    /**
     * docs/contract.md §9: {@code 00} success, {@code 01} initiated, {@code 03} pending, {@code 04} refunded,
     * {@code 05} cancelled, {@code 06} failed.
     */
    public static String latestTransactionStatus(PaymentStatus status) {
        return switch (status) {
            case CAPTURED -> "00";
            case PENDING -> "01";
            case PROCESSING -> "03";
            case PARTIALLY_REFUNDED, REFUNDED -> "04";
            case CANCELLED -> "05";
            case FAILED, EXPIRED, REVERSED -> "06";
        };
    }

    /** {@code transactionStatusDesc} (at most 50 characters). */
    public static String transactionStatusDesc(PaymentStatus status) {
        return switch (status) {
            case CAPTURED -> "Success";
            case PENDING -> "Initiated";
            case PROCESSING -> "Pending";
            case PARTIALLY_REFUNDED -> "Partially refunded";
            case REFUNDED -> "Refunded";
            case CANCELLED -> "Cancelled";
            case FAILED -> "Failed";
            case EXPIRED -> "Failed: expired";
            case REVERSED -> "Failed: reversed by the provider";
        };
    }

    private static String require(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is missing");
        }
        return value;
    }
}
