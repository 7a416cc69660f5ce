package io.paygate.model.validation;

import io.paygate.model.error.ErrorCase;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns Bean Validation results into the single field error of a reply (docs/contract.md §0), the same way in every
 * service.
 *
 * <ul>
 *   <li>{@code @NotNull}, {@code @NotBlank}, {@code @NotEmpty} violations are
 *       {@code INVALID_MANDATORY_FIELD}; every other violation is {@code INVALID_FIELD_FORMAT}.</li>
 *   <li>The field path is dotted and built from property nodes only: method, parameter, return-value and
 *       bean nodes are dropped, so {@code initiate.request.customer.mobilePhone} becomes
 *       {@code customer.mobilePhone}; list positions show as {@code [i]}.</li>
 *   <li>When an object breaks its {@link MemberCount} (e.g. {@code "order": {}}), violations inside that
 *       object are consequences and are dropped: the reply names the object ({@code Invalid Field Format
 *       order}).</li>
 *   <li>Of what remains, mandatory violations come first, then the smallest dotted path (string order);
 *       the choice is deterministic.</li>
 * </ul>
 */
public final class Violations {

    private static final Set<Class<? extends Annotation>> MANDATORY = Set.of(NotNull.class, NotBlank.class, NotEmpty.class);

    /** The reporting order: mandatory first, then the smallest dotted path. */
    public static final Comparator<FieldViolation> ORDER = Comparator
            .comparing((FieldViolation v) -> v.errorCase() == ErrorCase.INVALID_MANDATORY_FIELD ? 0 : 1)
            .thenComparing(FieldViolation::field);

    private Violations() {
    }

    /** The one violation to report, or empty when there is none. */
    public static Optional<FieldViolation> first(Collection<? extends ConstraintViolation<?>> violations) {
        List<String> malformedObjects = new ArrayList<>();
        for (ConstraintViolation<?> violation : violations) {
            if (isMemberCount(violation)) {
                malformedObjects.add(fieldPath(violation));
            }
        }
        return violations.stream()
                .map(Violations::classify)
                .filter(v -> malformedObjects.stream().noneMatch(object -> isInside(v.field(), object)))
                .min(ORDER);
    }

    /**
     * The one to report of violations found by rules outside Bean Validation (e.g. {@code RecurringRules}), in the same
     * {@link #ORDER}, or empty.
     */
    public static Optional<FieldViolation> pick(Collection<FieldViolation> violations) {
        return violations.stream().min(ORDER);
    }

    /** This violation as a {@link FieldViolation} (case and dotted path). */
    public static FieldViolation classify(ConstraintViolation<?> violation) {
        String path = fieldPath(violation);
        return isMandatory(violation) ? FieldViolation.mandatory(path) : FieldViolation.format(path);
    }

    /** True for {@code @NotNull}, {@code @NotBlank} and {@code @NotEmpty} violations. */
    public static boolean isMandatory(ConstraintViolation<?> violation) {
        return MANDATORY.contains(annotationType(violation));
    }

    /** The dotted field path of a violation, e.g. {@code customer.mobilePhone}. */
    public static String fieldPath(ConstraintViolation<?> violation) {
        return fieldPath(violation.getPropertyPath());
    }

    /** The dotted path of the property nodes of {@code path}, e.g. {@code accountList[0].name}. */
    public static String fieldPath(Path path) {
        StringBuilder dotted = new StringBuilder();
        for (Path.Node node : path) {
            ElementKind kind = node.getKind();
            if (kind != ElementKind.PROPERTY && kind != ElementKind.CONTAINER_ELEMENT) {
                continue;
            }
            if (node.isInIterable() && !dotted.isEmpty()) {
                Object position = node.getIndex() != null ? node.getIndex() : node.getKey();
                if (position != null) {
                    dotted.append('[').append(position).append(']');
                }
            }
            if (kind == ElementKind.PROPERTY && node.getName() != null) {
                if (!dotted.isEmpty()) {
                    dotted.append('.');
                }
                dotted.append(node.getName());
            }
        }
        return dotted.toString();
    }

    private static boolean isMemberCount(ConstraintViolation<?> violation) {
        return annotationType(violation) == MemberCount.class;
    }

    private static Class<? extends Annotation> annotationType(ConstraintViolation<?> violation) {
        if (violation.getConstraintDescriptor() == null || violation.getConstraintDescriptor().getAnnotation() == null) {
            return null;
        }
        return violation.getConstraintDescriptor().getAnnotation().annotationType();
    }

    private static boolean isInside(String field, String object) {
        return field.length() > object.length() && field.startsWith(object)
                && (field.charAt(object.length()) == '.' || field.charAt(object.length()) == '[');
    }
}
