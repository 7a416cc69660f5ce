package io.paygate.payment.disbursement;

import io.paygate.model.status.DisbursementStatus;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores a status as its two-digit code, as merchants see it. */
@Converter
public class DisbursementStatusConverter implements AttributeConverter<DisbursementStatus, String> {

    @Override
    public String convertToDatabaseColumn(DisbursementStatus status) {
        return status == null ? null : status.code();
    }

    @Override
    public DisbursementStatus convertToEntityAttribute(String code) {
        return code == null ? null : DisbursementStatus.fromCode(code);
    }
}
