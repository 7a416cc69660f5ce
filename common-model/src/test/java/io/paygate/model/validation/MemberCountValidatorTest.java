package io.paygate.model.validation;

import static io.paygate.model.testing.Validating.VALIDATOR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import io.paygate.model.api.Meta;
import jakarta.validation.ConstraintViolation;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MemberCountValidatorTest {

    record Holder(@MemberCount(min = 1, max = 2) JsonMembers object) {
    }

    record Counted(int memberCount) implements JsonMembers {
    }

    private static Set<ConstraintViolation<Holder>> validate(JsonMembers object) {
        return VALIDATOR.validate(new Holder(object));
    }

    @Test
    void nullObjectIsValidBecauseMandatoryIsNotNullsJob() {
        assertTrue(validate(null).isEmpty());
    }

    @Test
    void countsWithinBoundsAreValid() {
        assertTrue(validate(new Counted(1)).isEmpty());
        assertTrue(validate(new Counted(2)).isEmpty());
    }

    @Test
    void countsOutsideBoundsAreInvalidWithTheObjectPath() {
        assertEquals(FieldViolation.format("object"), Violations.first(validate(new Counted(0))).orElseThrow());
        assertEquals(FieldViolation.format("object"), Violations.first(validate(new Counted(3))).orElseThrow());
    }

    @Test
    void countIncludesUnknownMembersAndSkipsNullKnownOnes() {
        Map<String, JsonNode> extra = Map.of("x", IntNode.valueOf(1));
        assertEquals(2, new Meta(IntNode.valueOf(5), extra).memberCount());
        assertEquals(1, new Meta(null, extra).memberCount());
        assertEquals(0, new Meta(null, null).memberCount());
        assertEquals(3, JsonMembers.count(extra, "a", null, "b"));
    }
}
