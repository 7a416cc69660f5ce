package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a payment made through the SNAP door (docs/contract.md §9) carries in its {@link PaymentStatusChanged} event, so
 * that notification-service can write the standard's notify body to the merchant's SNAP URL without calling
 * payment-service back. Absent on payments initiated through {@code /pg/…}.
 *
 * @param service            which SNAP notification the merchant gets: {@code VA} ({@code snapVaPaymentUrl}, the
 *                           {@code /v1.0/transfer-va/payment} body), {@code QR} ({@code snapQrNotifyUrl},
 *                           {@code /v1.0/qr/qr-mpm-notify}) or {@code DEBIT} ({@code snapDebitNotifyUrl},
 *                           {@code /v1.0/debit/notify})
 * @param partnerReferenceNo the merchant's {@code partnerReferenceNo} ({@code trxId} for a virtual account): the
 *                           payment's order id
 * @param referenceNo        the gateway's {@code referenceNo}: the payment's paymentCode
 * @param partnerServiceId   virtual accounts only: as the merchant sent it (8 characters, left-padded with spaces)
 * @param customerNo         virtual accounts only: as the merchant sent it
 * @param virtualAccountNo   virtual accounts only: {@code partnerServiceId + customerNo}, as the create reply gave it
 * @param virtualAccountName virtual accounts only: as the merchant sent it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "How a payment made through SNAP is notified (docs/contract.md §9)")
public record SnapOrigin(
        String service,
        String partnerReferenceNo,
        String referenceNo,
        String partnerServiceId,
        String customerNo,
        String virtualAccountNo,
        String virtualAccountName) {

    public static final String VA = "VA";
    public static final String QR = "QR";
    public static final String DEBIT = "DEBIT";
}
