package io.paygate.model.validation;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * The annotated JSON object ({@link JsonMembers}) holds between {@link #min()} and {@link #max()} members,
 * unknown members included (seed member counts, docs/contract.md §1). {@code null} is valid: whether the object is
 * mandatory is {@code @NotNull}'s job. A violation is reported as {@code Invalid Field Format <object path>}.
 */
@Documented
@Constraint(validatedBy = MemberCountValidator.class)
@Target({FIELD, METHOD, PARAMETER, ANNOTATION_TYPE, TYPE_USE})
@Retention(RUNTIME)
public @interface MemberCount {

    int min() default 1;

    int max();

    String message() default "must hold between {min} and {max} members";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
