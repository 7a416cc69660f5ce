package io.paygate.model.validation;

import static io.paygate.model.testing.Validating.VALIDATOR;
import static io.paygate.model.testing.Validating.outcome;
import static io.paygate.model.testing.Validating.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.json.Json;
import io.paygate.model.testing.RequestVectors;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ViolationsTest {

    private static final String VALID = RequestVectors.POST_BODY;

    /** Stands in for a JAX-RS resource: Quarkus validates its parameters with executable validation. */
    static final class Resource {
        public void initiate(@Valid InitiateRequest request) {
        }
    }

    record Item(@NotBlank String name) {
    }

    record Basket(List<@Valid Item> items, @NotEmpty List<@Size(max = 3) String> tags) {
    }

    @Test
    void noViolationGivesNothing() {
        assertEquals(Optional.empty(), Violations.first(Set.of()));
    }

    @Test
    void mandatoryViolationComesBeforeFormatViolation() {
        String json = with(with(VALID, "order.id", "<absent>"), "customer.mobilePhone", "\"123\"");
        assertEquals("MANDATORY order.id", outcome(json, InitiateRequest.class));
    }

    @Test
    void amongMandatoryViolationsTheSmallestPathWins() {
        String json = with(with(with(VALID, "url.callbackUrl", "<absent>"), "order.id", "<absent>"),
                "customer.email", "<absent>");
        assertEquals("MANDATORY customer.email", outcome(json, InitiateRequest.class));
    }

    @Test
    void amongFormatViolationsTheSmallestPathWins() {
        String json = with(with(VALID, "order.amount", "\"1.234\""), "customer.mobilePhone", "\"123\"");
        assertEquals("FORMAT customer.mobilePhone", outcome(json, InitiateRequest.class));
    }

    @Test
    void choiceDoesNotDependOnIterationOrder() {
        String json = with(with(with(VALID, "order.amount", "\"x\""), "customer.lastName", "\"\""), "url", "{}");
        Set<ConstraintViolation<InitiateRequest>> violations = VALIDATOR.validate(Json.read(json, InitiateRequest.class));
        FieldViolation first = Violations.first(violations).orElseThrow();
        for (int i = 0; i < 20; i++) {
            List<ConstraintViolation<InitiateRequest>> shuffled = new java.util.ArrayList<>(violations);
            java.util.Collections.shuffle(shuffled);
            assertEquals(first, Violations.first(shuffled).orElseThrow());
        }
        assertEquals(FieldViolation.mandatory("customer.lastName"), first);
    }

    @Test
    void blankStringIsAMandatoryViolation() {
        assertEquals("MANDATORY customer.firstName", outcome(with(VALID, "customer.firstName", "\" \""), InitiateRequest.class));
    }

    @Test
    void methodAndParameterNodesAreDroppedFromThePath() throws NoSuchMethodException {
        InitiateRequest bad = Json.read(with(VALID, "customer.mobilePhone", "\"0812\""), InitiateRequest.class);
        Method method = Resource.class.getMethod("initiate", InitiateRequest.class);
        Set<ConstraintViolation<Resource>> violations = VALIDATOR.forExecutables()
                .validateParameters(new Resource(), method, new Object[] {bad});
        ConstraintViolation<Resource> violation = violations.iterator().next();
        assertTrue(violation.getPropertyPath().toString().endsWith("customer.mobilePhone"),
                violation.getPropertyPath().toString());
        assertTrue(violation.getPropertyPath().toString().startsWith("initiate."), violation.getPropertyPath().toString());
        assertEquals("customer.mobilePhone", Violations.fieldPath(violation));
        assertEquals(FieldViolation.format("customer.mobilePhone"), Violations.first(violations).orElseThrow());
    }

    @Test
    void listPositionsAppearInThePath() {
        Basket basket = new Basket(List.of(new Item("ok"), new Item("")), List.of("abc"));
        assertEquals(FieldViolation.mandatory("items[1].name"), Violations.first(VALIDATOR.validate(basket)).orElseThrow());
        Basket longTag = new Basket(List.of(), List.of("abc", "abcd"));
        assertEquals(FieldViolation.format("tags[1]"), Violations.first(VALIDATOR.validate(longTag)).orElseThrow());
    }

    @Test
    void notEmptyIsAMandatoryViolation() {
        Basket basket = new Basket(List.of(), List.of());
        assertEquals(FieldViolation.mandatory("tags"), Violations.first(VALIDATOR.validate(basket)).orElseThrow());
    }

    @Test
    void fieldViolationBuildsTheContractErrorBody() {
        ErrorResponse body = FieldViolation.format("customer.mobilePhone").toErrorResponse(ServiceCode.PAYMENT_INITIATION);
        assertEquals(new ErrorResponse("4000101", "Invalid Field Format customer.mobilePhone"), body);
        assertEquals("4000202", FieldViolation.mandatory("customer.id").responseCode(ServiceCode.DIRECT_DEBIT_BINDING).code());
        assertEquals(ErrorCase.INVALID_MANDATORY_FIELD, FieldViolation.mandatory("x").errorCase());
    }
}
