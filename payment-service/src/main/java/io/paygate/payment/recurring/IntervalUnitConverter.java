package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.IntervalUnit;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** An {@link IntervalUnit} stored as written on the wire ({@code monthly}). */
@Converter
public class IntervalUnitConverter implements AttributeConverter<IntervalUnit, String> {

    @Override
    public String convertToDatabaseColumn(IntervalUnit unit) {
        return unit == null ? null : unit.wire();
    }

    @Override
    public IntervalUnit convertToEntityAttribute(String value) {
        return value == null ? null : IntervalUnit.fromWire(value).orElseThrow();
    }
}
