package io.paygate.testsupport.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapServices;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

import static io.restassured.RestAssured.given;

/**
 * A service's {@code /q/openapi} document as a merchant reads it, with the checks every service's test makes: the
 * example error bodies carry codes the service really answers with (docs/contract.md §0), and every merchant operation says
 * how to authenticate.
 */
public final class OpenApiDocument {

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");

    private final JsonNode root;

    private OpenApiDocument(JsonNode root) {
        this.root = root;
    }

    /** Fetches the running service's document. */
    public static OpenApiDocument fetch() {
        String json = given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200)
                .extract().asString();
        try {
            return new OpenApiDocument(new ObjectMapper().readTree(json));
        } catch (IOException e) {
            throw new AssertionError("/q/openapi is not JSON", e);
        }
    }

    public JsonNode root() {
        return root;
    }

    /** The operation, or an assertion failure naming what is missing. */
    public JsonNode operation(String method, String path) {
        JsonNode op = root.path("paths").path(path).path(method.toLowerCase());
        if (op.isMissingNode()) {
            throw new AssertionError("no operation " + method + " " + path + " in " + fieldNames(root.path("paths")));
        }
        return op;
    }

    /** The {@code responseCode}s of the examples documented under {@code status} of the operation. */
    public Set<String> exampleCodes(String method, String path, int status) {
        Set<String> codes = new TreeSet<>();
        JsonNode response = operation(method, path).path("responses").path(String.valueOf(status));
        for (JsonNode media : iterable(response.path("content"))) {
            for (JsonNode example : iterable(media.path("examples"))) {
                JsonNode code = example.path("value").path("responseCode");
                if (code.isTextual()) {
                    codes.add(code.asText());
                }
            }
        }
        return codes;
    }

    /** {@code "METHOD path"} of every operation. */
    public List<String> operations() {
        List<String> all = new ArrayList<>();
        root.path("paths").properties().forEach(path -> METHODS.forEach(m -> {
            if (path.getValue().has(m)) {
                all.add(m.toUpperCase() + " " + path.getKey());
            }
        }));
        return all;
    }

    /** Whether the operation's security names the merchant signature headers. */
    public boolean merchantSigned(String method, String path) {
        return security(method, path).containsAll(Set.of("X-PARTNER-ID", "X-TIMESTAMP", "X-SIGNATURE"));
    }

    /**
     * Whether the operation's security names SNAP's transaction headers (bearer token, X-TIMESTAMP, X-PARTNER-ID, the
     * HMAC X-SIGNATURE) and it takes X-EXTERNAL-ID and CHANNEL-ID (docs/contract.md §9).
     */
    public boolean snapSigned(String method, String path) {
        Set<String> headers = new TreeSet<>();
        for (JsonNode parameter : operation(method, path).path("parameters")) {
            if (parameter.path("in").asText().equals("header") && parameter.path("required").asBoolean()) {
                headers.add(parameter.path("name").asText());
            }
        }
        return security(method, path).equals(Set.of("SNAP-Authorization", "SNAP-X-TIMESTAMP", "SNAP-X-PARTNER-ID",
                "SNAP-X-SIGNATURE-symmetric")) && headers.containsAll(Set.of("X-EXTERNAL-ID", "CHANNEL-ID"));
    }

    /** The security scheme names the operation requires. */
    public Set<String> security(String method, String path) {
        Set<String> names = new TreeSet<>();
        for (JsonNode requirement : operation(method, path).path("security")) {
            names.addAll(fieldNames(requirement));
        }
        return names;
    }

    /**
     * Checks every example error body of the document against the code: its {@code responseCode} is seven digits,
     * starts with the HTTP status it is documented under, carries the service code the service answers that path
     * with, ends in a case that exists for that status, and its {@code responseMessage} starts with that case's
     * message. Returns the problems (empty when none) and how many examples were checked.
     * <p>
     * SNAP paths ({@code /v1.0/}) carry SNAP's service code whatever {@code serviceCodes} says, as service-kit's
     * {@code SnapServiceCodes} decorates every service's resolver; their success examples are the standard's
     * ({@code 200xx00 Successful}, {@code 202xx00 Request In Progress}) and their cases may be the standard's too
     * ({@link SnapCase}).
     */
    public Check checkErrorExamples(BiFunction<String, String, ServiceCode> serviceCodes) {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
            for (String method : METHODS) {
                JsonNode op = path.getValue().path(method);
                if (op.isMissingNode()) {
                    continue;
                }
                ServiceCode service = SnapServices.of(path.getKey())
                        .orElseGet(() -> serviceCodes.apply(method.toUpperCase(), path.getKey()));
                for (Map.Entry<String, JsonNode> response : op.path("responses").properties()) {
                    for (Map.Entry<String, JsonNode> media : response.getValue().path("content").properties()) {
                        if (!media.getKey().contains("json")) {
                            continue; // a CSV report is not a JSON reply
                        }
                        for (Map.Entry<String, JsonNode> example : media.getValue().path("examples").properties()) {
                            JsonNode value = example.getValue().path("value");
                            String where = method.toUpperCase() + " " + path.getKey() + " " + response.getKey()
                                    + " example '" + example.getKey() + "': ";
                            checked++;
                            check(where, response.getKey(), value, service).ifPresent(problems::add);
                        }
                    }
                }
            }
        }
        return new Check(problems, checked);
    }

    private static Optional<String> check(String where, String status, JsonNode value, ServiceCode service) {
        String code = value.path("responseCode").asText("");
        String message = value.path("responseMessage").asText("");
        if (service.isSnap()) {
            return checkSnap(where, status, code, message, service);
        }
        if (status.startsWith("2")) {
            return code.equals(ResponseCode.SUCCESS_CODE) && message.equals(ResponseCode.SUCCESS_MESSAGE)
                    ? Optional.empty() : Optional.of(where + "success example is " + code + " " + message);
        }
        if (!code.matches("\\d{7}")) {
            return Optional.of(where + "responseCode '" + code + "' is not seven digits");
        }
        if (!code.startsWith(status)) {
            return Optional.of(where + code + " documented under HTTP " + status);
        }
        if (!code.substring(3, 5).equals(service.code())) {
            return Optional.of(where + code + " but the service answers this path with " + service + " ("
                    + service.code() + ")");
        }
        Optional<ErrorCase> errorCase = Arrays.stream(ErrorCase.values())
                .filter(c -> String.valueOf(c.httpStatus()).equals(status) && c.caseCode().equals(code.substring(5)))
                .findFirst();
        if (errorCase.isEmpty()) {
            return Optional.of(where + code + " is no ErrorCase");
        }
        String expected = ResponseCode.of(service, errorCase.get()).message();
        if (!message.startsWith(expected)) {
            return Optional.of(where + "message '" + message + "' does not start with '" + expected + "'");
        }
        return Optional.empty();
    }

    /** A SNAP reply: one of the standard's cases (or a {@code /pg/} one, which SNAP paths answer with its message). */
    private static Optional<String> checkSnap(String where, String status, String code, String message,
                                              ServiceCode service) {
        if (!code.matches("\\d{7}")) {
            return Optional.of(where + "responseCode '" + code + "' is not seven digits");
        }
        if (!code.startsWith(status)) {
            return Optional.of(where + code + " documented under HTTP " + status);
        }
        if (!code.substring(3, 5).equals(service.code())) {
            return Optional.of(where + code + " but the service answers this path with " + service + " ("
                    + service.code() + ")");
        }
        List<String> expected = new ArrayList<>();
        for (SnapCase snapCase : SnapCase.values()) {
            if (snapCase.code(service).equals(code)) {
                expected.add(snapCase.message());
            }
        }
        if (!status.startsWith("2")) {
            for (ErrorCase errorCase : ErrorCase.values()) {
                if (ResponseCode.of(service, errorCase).code().equals(code)) {
                    expected.add(ResponseCode.of(service, errorCase).message());
                }
            }
        }
        if (expected.isEmpty()) {
            return Optional.of(where + code + " is no SnapCase" + (status.startsWith("2") ? "" : " nor ErrorCase"));
        }
        if (expected.stream().noneMatch(message::startsWith)) {
            return Optional.of(where + "message '" + message + "' starts with none of " + expected);
        }
        return Optional.empty();
    }

    /** The outcome of {@link #checkErrorExamples}. */
    public record Check(List<String> problems, int examples) {
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        return node::elements;
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new TreeSet<>();
        Iterator<String> it = node.fieldNames();
        it.forEachRemaining(names::add);
        return names;
    }
}
