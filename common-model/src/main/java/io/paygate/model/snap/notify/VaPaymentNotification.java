package io.paygate.model.snap.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body POSTed to the merchant's {@code snapVaPaymentUrl} when a virtual account made through SNAP is paid: the
 * standard's {@code /v1.0/transfer-va/payment} (service 25) notification (docs/contract.md §9). {@code trxId} is the
 * merchant's (its order id), {@code paymentRequestId} and {@code referenceNo} the gateway's {@code referenceNo};
 * {@code trxDateTime} when it was paid, in {@code gateway.timezone}; {@code additionalInfo.merchantId} the
 * merchant's id.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "The standard's /v1.0/transfer-va/payment body: a virtual account made through SNAP was paid (docs/contract.md §9)")
public record VaPaymentNotification(
        String partnerServiceId,
        String customerNo,
        String virtualAccountNo,
        String virtualAccountName,
        String trxId,
        String paymentRequestId,
        NotifyAmount paidAmount,
        NotifyAmount totalAmount,
        String trxDateTime,
        String referenceNo,
        String paymentFlagStatus,
        PaymentFlagReason paymentFlagReason,
        NotifyInfo additionalInfo) {

    /** {@code paymentFlagReason}: the reason in English and Indonesian. */
    public record PaymentFlagReason(String english, String indonesia) {
    }
}
