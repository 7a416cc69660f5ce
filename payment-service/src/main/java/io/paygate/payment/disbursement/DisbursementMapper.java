package io.paygate.payment.disbursement;

import io.paygate.model.api.WireTime;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TransferResponse;
import io.paygate.model.api.ledger.InternalDisbursement;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.api.disbursement.TriggerType;

import java.time.ZoneId;

/** Converts the private entity to common-model's wire records. */
public final class DisbursementMapper {

    private DisbursementMapper() {
    }

    static TransferResponse toTransferResponse(Disbursement d, ZoneId zone) {
        return TransferResponse.success(d.referenceNo, d.partnerReferenceNo, d.status,
                WireTime.dateTime(d.transactionDate, zone));
    }

    public static DisbursementStatusResponse toStatusResponse(Disbursement d, ZoneId zone) {
        return new DisbursementStatusResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, d.referenceNo,
                d.partnerReferenceNo, d.beneficiaryBankCode, d.beneficiaryAccountName, d.beneficiaryAccountNo,
                amount(d), new AdditionalInfo(d.notes), d.status, WireTime.dateTime(d.transactionDate, zone),
                WireTime.dateTime(d.transferDateTime, zone));
    }

    static DisbursementStatusChanged event(Disbursement d, TriggerType trigger, ZoneId zone) {
        return new DisbursementStatusChanged(WireTime.dateTime(d.transactionDate, zone),
                WireTime.dateTime(d.transferDateTime, zone), d.referenceNo, d.partnerReferenceNo, d.beneficiaryBankCode,
                d.beneficiaryAccountName, d.beneficiaryAccountNo, amount(d), d.status, trigger, new AdditionalInfo(d.notes));
    }

    static InternalDisbursement toInternal(Disbursement d) {
        return new InternalDisbursement(d.referenceNo, d.partnerReferenceNo, d.merchantId, amount(d).value(), d.currency,
                d.status);
    }

    private static TransferAmount amount(Disbursement d) {
        return TransferAmount.of(d.amount, d.currency);
    }
}
