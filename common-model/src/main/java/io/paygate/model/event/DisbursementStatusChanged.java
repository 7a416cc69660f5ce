package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.DisbursementNotification;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.status.DisbursementStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Data of a {@link Topics#DISBURSEMENT_STATUS} event, one per transition: every field of the seed §4
 * notification, with the sample's spelling. Resource id: {@code originalReferenceNo} (the gateway's
 * referenceNo). Date-times are ISO-8601 strings with offset, formatted by the producer.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Disbursement status change event data")
public record DisbursementStatusChanged(
        String transactionDate,
        String transferDateTime,
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        String beneficiaryBankCode,
        String beneficiaryAccountName,
        String beneficiaryAccountNo,
        TransferAmount amount,
        DisbursementStatus latestTransactionStatus,
        TriggerType triggerType,
        AdditionalInfo additionalInfo) {

    /** The disbursement notification (no body signature; it is signed in the X-SIGNATURE header). */
    public DisbursementNotification toNotification() {
        return new DisbursementNotification(transactionDate, transferDateTime, originalReferenceNo,
                originalPartnerReferenceNo, beneficiaryBankCode, beneficiaryAccountName, beneficiaryAccountNo, amount,
                latestTransactionStatus, triggerType, additionalInfo);
    }
}
