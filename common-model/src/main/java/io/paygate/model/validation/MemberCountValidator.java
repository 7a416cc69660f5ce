package io.paygate.model.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** Validates {@link MemberCount} through {@link JsonMembers#memberCount()}: no reflection, native-safe. */
public final class MemberCountValidator implements ConstraintValidator<MemberCount, JsonMembers> {

    private int min;
    private int max;

    @Override
    public void initialize(MemberCount annotation) {
        this.min = annotation.min();
        this.max = annotation.max();
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("@MemberCount needs 0 <= min <= max");
        }
    }

    @Override
    public boolean isValid(JsonMembers value, ConstraintValidatorContext context) {
        if (value == null) {
            return true;
        }
        int count = value.memberCount();
        return count >= min && count <= max;
    }
}
