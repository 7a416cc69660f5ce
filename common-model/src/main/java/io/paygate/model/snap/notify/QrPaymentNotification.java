package io.paygate.model.snap.notify;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body POSTed to the merchant's {@code snapQrNotifyUrl} when a QRIS payment made through SNAP ends: the standard's
 * {@code /v1.0/qr/qr-mpm-notify} (service 52) notification (docs/contract.md §9). {@code originalReferenceNo} is the
 * gateway's {@code referenceNo}, {@code originalPartnerReferenceNo} the merchant's {@code partnerReferenceNo}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QrPaymentNotification(
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        String latestTransactionStatus,
        String transactionStatusDesc,
        NotifyAmount amount,
        AdditionalInfo additionalInfo) {

    /** {@code additionalInfo}: when the payment ended ({@code gateway.timezone}). */
    public record AdditionalInfo(String finishedTime) {
    }
}
