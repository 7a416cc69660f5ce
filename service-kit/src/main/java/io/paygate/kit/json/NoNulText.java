package io.paygate.kit.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

/**
 * Refuses U+0000 in any string of a request body, member names included (docs/contract.md §0: {@code 400SS01} naming the
 * field). JSON allows it as {@code \u0000}, but PostgreSQL stores no NUL in {@code text} or {@code jsonb}, so such a
 * value could only fail later, as a 500, or be silently cut. The same deserializers apply the I-JSON text and number
 * rules ({@link IJsonInput}) to every string, member name and kept tree.
 */
public final class NoNulText {

    private NoNulText() {
    }

    /** Thrown for a NUL; Jackson adds the path, {@code ErrorMappers} answers {@code Invalid Field Format <path>}. */
    public static final class NulInText extends JsonMappingException {
        NulInText(JsonParser parser) {
            super(parser, "text contains U+0000");
        }
    }

    static SimpleModule module() {
        SimpleModule module = new SimpleModule("paygate-no-nul-text");
        module.addDeserializer(String.class, new Strings());
        module.addDeserializer(JsonNode.class, new Trees());
        module.addKeyDeserializer(String.class, new KeyDeserializer() {
            @Override
            public Object deserializeKey(String key, DeserializationContext context) throws IOException {
                if (key.indexOf('\u0000') >= 0) {
                    throw new NulInText(context.getParser());
                }
                IJsonInput.checkText(context.getParser(), key);
                return key;
            }
        });
        return module;
    }

    private static final class Strings extends StdDeserializer<String> {
        Strings() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = StringDeserializer.instance.deserialize(parser, context);
            if (value != null && value.indexOf('\u0000') >= 0) {
                throw new NulInText(parser);
            }
            IJsonInput.checkText(parser, value);
            return value;
        }
    }

    /** Members the gateway keeps without knowing them (docs/contract.md §1) are trees; the same rule holds inside them. */
    private static final class Trees extends StdDeserializer<JsonNode> {
        Trees() {
            super(JsonNode.class);
        }

        @Override
        public JsonNode deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonNode tree = IJsonInput.readTree(parser, context);
            if (containsNul(tree)) {
                throw new NulInText(parser);
            }
            return IJsonInput.checkTree(parser, tree);
        }

        @Override
        public JsonNode getNullValue(DeserializationContext context) {
            return com.fasterxml.jackson.databind.node.NullNode.getInstance();
        }

        private static boolean containsNul(JsonNode node) {
            if (node.isTextual()) {
                return node.textValue().indexOf('\u0000') >= 0;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                if (member.getKey().indexOf('\u0000') >= 0 || containsNul(member.getValue())) {
                    return true;
                }
            }
            if (node.isArray()) {
                for (JsonNode element : node) {
                    if (containsNul(element)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
