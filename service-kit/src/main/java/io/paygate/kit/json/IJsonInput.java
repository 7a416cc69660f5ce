package io.paygate.kit.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.paygate.model.json.IJson;

import java.io.IOException;
import java.util.List;

/**
 * Request bodies are I-JSON (docs/contract.md §0, RFC 7493), checked while Jackson reads them, in one place for every
 * service; anything else is {@code 400SS00} before a resource runs, so nothing is written:
 *
 * <ul>
 *   <li>the bytes are well-formed UTF-8 ({@link Utf8Input}: no overlong forms, no encoded surrogates, nothing past
 *       U+10FFFF, no truncated sequence);</li>
 *   <li>text holds no lone or reversed surrogate, also when escaped ({@code "\ud800"}, {@code "\ude00\ud83d"});</li>
 *   <li>every number is within double range ({@code 1e309}, {@code -1e400} refused) and one that underflows
 *       ({@code 1e-10000}) is read as {@code 0}, as RFC 8785 canonicalises it ({@link IJson}).</li>
 * </ul>
 *
 * <p>Text and numbers are checked where the services' deserializers see them ({@link NoNulText}: every string, member
 * name and kept tree) and in members a record does not know and would otherwise skip unread. Jackson itself refuses
 * duplicate members ({@link StrictJson}) and lone surrogates in member names.
 */
public final class IJsonInput {

    private IJsonInput() {
    }

    /** Ill-formed UTF-8; {@code ErrorMappers} answers {@code 400SS00 Bad Request invalid UTF-8}. */
    public static final class InvalidUtf8 extends JsonParseException {
        private static final long serialVersionUID = 1L;

        InvalidUtf8() {
            super(null, "Invalid UTF-8");
        }
    }

    /**
     * A string or number that is not I-JSON; Jackson adds the path, {@code ErrorMappers} answers
     * {@code 400SS00 Bad Request <problem> at <path>}. The message never holds the value.
     */
    public static final class NotIJson extends JsonMappingException {
        private static final long serialVersionUID = 1L;
        private final String problem;

        NotIJson(JsonParser parser, String problem) {
            super(parser, problem);
            this.problem = problem;
        }

        /** {@link IJson#OUT_OF_RANGE} or {@link IJson#LONE_SURROGATE}. */
        public String problem() {
            return problem;
        }
    }

    /** Applies the byte check and the check of members a record skips to the services' mapper. */
    static void configure(ObjectMapper mapper) {
        mapper.getFactory().setInputDecorator(new Utf8Input());
        SimpleModule module = new SimpleModule("paygate-ijson-unknown-members");
        module.setDeserializerModifier(new ReadUnknownMembers());
        mapper.registerModule(module);
        mapper.addHandler(new UnknownMembers());
    }

    /** @throws NotIJson when {@code text} holds a lone or reversed surrogate */
    static void checkText(JsonParser parser, String text) throws NotIJson {
        if (text != null && !IJson.isWellFormed(text)) {
            throw new NotIJson(parser, IJson.LONE_SURROGATE);
        }
    }

    /**
     * Checks a tree read from a request ({@link IJson#require}): underflowing numbers become {@code 0}.
     *
     * @return {@code tree} or, when {@code tree} itself is an underflowing number, {@code 0}
     * @throws NotIJson naming where inside the tree the problem is
     */
    static JsonNode checkTree(JsonParser parser, JsonNode tree) throws NotIJson {
        try {
            return IJson.require(tree);
        } catch (IJson.Violation violation) {
            NotIJson failure = new NotIJson(parser, violation.problem());
            List<Object> path = violation.path();
            for (int i = path.size() - 1; i >= 0; i--) {
                Object step = path.get(i);
                failure.prependPath(step instanceof Integer index
                        ? new JsonMappingException.Reference(null, index)
                        : new JsonMappingException.Reference(null, (String) step));
            }
            throw failure;
        }
    }

    /**
     * Reads a tree with Jackson's own tree deserializer, turning an exponent past what {@code BigDecimal} holds
     * ({@code 1e3000000000}, which Jackson lets out as a bare {@link NumberFormatException}) into {@link NotIJson}.
     */
    static JsonNode readTree(JsonParser parser, DeserializationContext context) throws IOException {
        try {
            return (JsonNode) JsonNodeDeserializer.getDeserializer(JsonNode.class).deserialize(parser, context);
        } catch (NumberFormatException e) {
            throw new NotIJson(parser, IJson.OUT_OF_RANGE);
        }
    }

    /**
     * Records marked {@code @JsonIgnoreProperties(ignoreUnknown = true)} (the initiation request) would skip unknown
     * members unread; here they reach {@link UnknownMembers} like those of any other record. With
     * {@code FAIL_ON_UNKNOWN_PROPERTIES} off ({@code Json.configure}) they are still ignored.
     */
    private static final class ReadUnknownMembers extends BeanDeserializerModifier {
        private static final long serialVersionUID = 1L;

        @Override
        public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description,
                                                     BeanDeserializerBuilder builder) {
            builder.setIgnoreUnknownProperties(false);
            return builder;
        }
    }

    /**
     * Members a record does not know (and has no {@code extra} for) are still read and checked instead of skipped
     * unread, so a body is refused for what it holds wherever it holds it; then they are ignored as before.
     */
    private static final class UnknownMembers extends DeserializationProblemHandler {
        @Override
        public boolean handleUnknownProperty(DeserializationContext context, JsonParser parser,
                                             JsonDeserializer<?> deserializer, Object beanOrClass,
                                             String propertyName) throws IOException {
            try {
                checkTree(parser, readTree(parser, context));
            } catch (NotIJson e) {
                e.prependPath(beanOrClass, propertyName);
                throw e;
            }
            return true;
        }
    }
}
