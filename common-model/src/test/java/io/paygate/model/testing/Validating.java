package io.paygate.model.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.json.Json;
import io.paygate.model.validation.Violations;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;

/** Real Hibernate Validator plus small JSON editing helpers for the field-rule tests. */
public final class Validating {

    private static final ValidatorFactory FACTORY = Validation.buildDefaultValidatorFactory();
    public static final Validator VALIDATOR = FACTORY.getValidator();
    public static final String ABSENT = "<absent>";

    private Validating() {
    }

    /** {@code OK}, {@code MANDATORY <path>} or {@code FORMAT <path>}: the one error the service would answer. */
    public static String outcome(Object bean) {
        return Violations.first(VALIDATOR.validate(bean))
                .map(v -> (v.errorCase() == ErrorCase.INVALID_MANDATORY_FIELD ? "MANDATORY " : "FORMAT ") + v.field())
                .orElse("OK");
    }

    /** Reads {@code json} as {@code type} with the project mapper and returns {@link #outcome(Object)}. */
    public static String outcome(String json, Class<?> type) {
        return outcome(Json.read(json, type));
    }

    /**
     * {@code json} with the member at dotted {@code path} set to {@code value} (JSON text), or removed when
     * {@code value} is {@link #ABSENT}. {@code repeat(x,n)} stands for a JSON string of {@code n} times
     * {@code x}. Missing intermediate objects are created.
     */
    public static String with(String json, String path, String value) {
        ObjectNode root = (ObjectNode) Json.tree(json);
        String[] parts = path.split("\\.");
        ObjectNode parent = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = parent.get(parts[i]);
            parent = child instanceof ObjectNode object ? object : parent.putObject(parts[i]);
        }
        String last = parts[parts.length - 1];
        if (ABSENT.equals(value)) {
            parent.remove(last);
        } else {
            parent.set(last, Json.tree("[" + expand(value) + "]").get(0));
        }
        return Json.write(root);
    }

    /** A JSON object text with {@code n} members {@code "m1":1 ... "mn":n}. */
    public static String members(int n) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 1; i <= n; i++) {
            json.append(i > 1 ? "," : "").append("\"m").append(i).append("\":").append(i);
        }
        return json.append('}').toString();
    }

    private static String expand(String value) {
        if (value.startsWith("repeat(") && value.endsWith(")")) {
            String[] args = value.substring(7, value.length() - 1).split(",");
            return "\"" + args[0].repeat(Integer.parseInt(args[1].strip())) + "\"";
        }
        if (value.startsWith("members(") && value.endsWith(")")) {
            return members(Integer.parseInt(value.substring(8, value.length() - 1).strip()));
        }
        return value;
    }
}
