package io.paygate.model.snap.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body POSTed to the merchant's {@code snapQrNotifyUrl} when a QRIS payment made through SNAP ends: the standard's
 * {@code /v1.0/qr/qr-mpm-notify} (service 52) notification (docs/contract.md §9). {@code originalReferenceNo} is the
 * gateway's {@code referenceNo}, {@code originalPartnerReferenceNo} the merchant's {@code partnerReferenceNo},
 * {@code additionalInfo.merchantId} the merchant's id.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "The standard's /v1.0/qr/qr-mpm-notify body: a QRIS payment made through SNAP was decided (docs/contract.md §9)")
public record QrPaymentNotification(
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        String latestTransactionStatus,
        String transactionStatusDesc,
        NotifyAmount amount,
        QrNotifyInfo additionalInfo) {

    /** {@code additionalInfo}: when the payment ended ({@code gateway.timezone}), and the merchant's id. */
    public record QrNotifyInfo(String finishedTime, String merchantId) {
    }
}
