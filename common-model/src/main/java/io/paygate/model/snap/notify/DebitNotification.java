package io.paygate.model.snap.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body POSTed to the merchant's {@code snapDebitNotifyUrl} when a direct debit made through SNAP ends: the
 * standard's {@code /v1.0/debit/notify} (service 56) notification (docs/contract.md §9). {@code originalReferenceNo} is
 * the gateway's {@code referenceNo}, {@code originalPartnerReferenceNo} the merchant's {@code partnerReferenceNo},
 * {@code merchantId} the merchant's id at the gateway (the standard's member, and {@code additionalInfo.merchantId} as
 * in every SNAP notify body), {@code finishedTime} when it ended ({@code gateway.timezone}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "The standard's /v1.0/debit/notify body: a direct debit made through SNAP was decided (docs/contract.md §9)")
public record DebitNotification(
        String originalPartnerReferenceNo,
        String originalReferenceNo,
        String merchantId,
        NotifyAmount amount,
        String latestTransactionStatus,
        String transactionStatusDesc,
        String finishedTime,
        NotifyInfo additionalInfo) {
}
