package io.paygate.testsupport.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The merchant's OpenAPI document, {@code docs/openapi.yaml}: the public paths of the five services under one
 * {@code {base_url}} ({@code /pg/…} and SNAP's {@code /v1.0/…}), their schemas and notification-service's webhooks, beside hand-written {@code info},
 * {@code servers} and root {@code security}. Each service's OpenAPI test hands its generated {@code /q/openapi} to
 * {@link #differences}, which compares the part that service owns with the committed file, so the file cannot drift;
 * with {@code -Dpaygate.openapi.write=true} the test rewrites that part instead (run the five services' tests).
 * <p>
 * Left out: {@code /internal/*}, the operations endpoints ({@code /pg/ops}) and anything else behind the ops or internal
 * token; the Ingress never routes them. The sandbox's endpoints ({@code /pg/sandbox/…}, ops token or merchant
 * authentication) are in, tagged as sandbox only: a QA suite calls them on every deployment that runs the sandbox
 * (the local stack, the dev overlay's Ingress), and production answers them 404.
 */
public final class MerchantOpenApi {

    /** The system property that makes {@link #differences} write the committed file instead of comparing. */
    public static final String WRITE = "paygate.openapi.write";

    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    private static final Set<String> STAFF_SCHEMES = Set.of("ops-token", "internal-token");
    /** The staff scheme the sandbox's QA shortcuts use: documented with them. */
    private static final String OPS_SCHEME = "ops-token";
    private static final String SANDBOX = "/pg/sandbox/";
    private static final String SCHEMA_REF = "#/components/schemas/";

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .build()).enable(SerializationFeature.INDENT_OUTPUT);

    /** The services behind {@code {base_url}} and the path prefixes the Ingress routes to each (longest wins). */
    public enum Service {
        PAYMENT("/pg/", "/pg/payment/card/directdebit/purchase", "/v1.0/"),
        BINDING("/pg/payment/card/directdebit", "/pg/bind/", "/v1.0/registration-account-", "/pg/sandbox/bindings/"),
        NOTIFICATION("/pg/merchant/", "/pg/notifications", "/pg/snap/"),
        /** docs/contract.md §10: the merchant's self-service; {@code /pg/merchant/callbacks} stays notification-service's. */
        MERCHANT("/pg/merchant", "/pg/merchant/client-secret", "/pg/merchant/notification-secret",
                "/pg/merchant/snap-public-key", "/pg/merchant/ip-allowlist"),
        /** docs/contract.md §12: the balance, its transactions, settlements, the sandbox top-up, SNAP balance inquiry. */
        LEDGER("/pg/balance", "/pg/settlements", "/pg/sandbox/balance/", "/v1.0/balance-inquiry");

        private final List<String> prefixes;

        Service(String... prefixes) {
            this.prefixes = List.of(prefixes);
        }

        /** Which service the Ingress sends {@code path} to. */
        public static Service owning(String path) {
            Service best = null;
            int longest = -1;
            for (Service service : values()) {
                for (String prefix : service.prefixes) {
                    if (path.startsWith(prefix) && prefix.length() > longest) {
                        best = service;
                        longest = prefix.length();
                    }
                }
            }
            return best;
        }
    }

    private MerchantOpenApi() {
    }

    /** {@code docs/openapi.yaml}, found from the module directory the tests run in. */
    public static Path committedFile() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("docs/openapi.yaml");
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("docs"))) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no docs/ beside mvnw above " + Path.of("").toAbsolutePath());
    }

    /**
     * Where the committed document differs from the merchant part of {@code generated}, the service's own document
     * (empty when it does not). Rewrites the committed file instead when {@value #WRITE} is {@code true}.
     */
    public static List<String> differences(Service service, JsonNode generated) {
        Path file = committedFile();
        keep(generated, service);
        ObjectNode committed = Files.exists(file) ? (ObjectNode) read(file) : JsonNodeFactory.instance.objectNode();
        ObjectNode own = normalize(merchantPart(service, generated));
        if (Boolean.getBoolean(WRITE)) {
            write(file, merge(committed, service, own));
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        diff("/openapi", committed.path("openapi"), own.path("openapi"), problems);
        ObjectNode committedPaths = committed.withObjectProperty("paths");
        Set<String> ownedPaths = new LinkedHashSet<>();
        committedPaths.fieldNames().forEachRemaining(p -> {
            if (Service.owning(p) == service) {
                ownedPaths.add(p);
            }
        });
        Set<String> generatedPaths = new LinkedHashSet<>();
        own.withObjectProperty("paths").fieldNames().forEachRemaining(generatedPaths::add);
        for (String path : union(ownedPaths, generatedPaths)) {
            diff("/paths" + pointer(path), committedPaths.path(path), own.path("paths").path(path), problems);
        }
        ObjectNode schemas = (ObjectNode) own.path("components").path("schemas");
        schemas.properties().forEach(e -> diff("/components/schemas/" + e.getKey(),
                committed.path("components").path("schemas").path(e.getKey()), e.getValue(), problems));
        own.path("components").path("securitySchemes").properties().forEach(e -> diff(
                "/components/securitySchemes/" + e.getKey(),
                committed.path("components").path("securitySchemes").path(e.getKey()), e.getValue(), problems));
        own.path("components").properties().forEach(section -> {
            if (!section.getKey().equals("schemas") && !section.getKey().equals("securitySchemes")) {
                section.getValue().properties().forEach(e -> diff("/components/" + section.getKey() + "/" + e.getKey(),
                        committed.path("components").path(section.getKey()).path(e.getKey()), e.getValue(), problems));
            }
        });
        for (JsonNode tag : own.path("tags")) {
            JsonNode same = findTag(committed.path("tags"), tag.path("name").asText());
            diff("/tags/" + tag.path("name").asText(), same, tag, problems);
        }
        if (service == Service.NOTIFICATION) {
            diff("/webhooks", committed.path("webhooks"), own.path("webhooks"), problems);
        }
        return problems;
    }

    /** The merchant-facing part of a service's generated document: public paths, what they use, webhooks. */
    public static ObjectNode merchantPart(Service service, JsonNode generated) {
        ObjectNode part = JsonNodeFactory.instance.objectNode();
        part.set("openapi", generated.path("openapi"));
        ObjectNode paths = part.putObject("paths");
        Set<String> tags = new LinkedHashSet<>();
        generated.path("paths").properties().forEach(entry -> {
            String path = entry.getKey();
            if (!path.startsWith("/pg/") && !path.startsWith("/v1.0/") || path.startsWith("/pg/ops/")) {
                return;
            }
            boolean sandbox = path.startsWith(SANDBOX);
            ObjectNode item = JsonNodeFactory.instance.objectNode();
            entry.getValue().properties().forEach(op -> {
                if (METHODS.contains(op.getKey()) && (sandbox || !staffOnly(op.getValue()))) {
                    item.set(op.getKey(), op.getValue());
                    op.getValue().path("tags").forEach(t -> tags.add(t.asText()));
                } else if (!METHODS.contains(op.getKey())) {
                    item.set(op.getKey(), op.getValue());
                }
            });
            if (METHODS.stream().anyMatch(item::has)) {
                if (Service.owning(path) != service) {
                    throw new AssertionError(path + " is served by " + service + " but the Ingress (and "
                            + "MerchantOpenApi.Service) routes it to " + Service.owning(path));
                }
                paths.set(path, item);
            }
        });
        if (generated.has("webhooks")) {
            part.set("webhooks", generated.get("webhooks"));
        }
        ArrayNode tagList = part.putArray("tags");
        for (JsonNode tag : generated.path("tags")) {
            if (tags.contains(tag.path("name").asText())) {
                tagList.add(tag);
            }
        }
        ObjectNode components = part.putObject("components");
        ObjectNode schemas = components.putObject("schemas");
        JsonNode allSchemas = generated.path("components").path("schemas");
        ObjectNode usedBy = part.deepCopy();
        usedBy.set("sections", otherSections(generated.path("components")));
        for (String name : referencedSchemas(usedBy, allSchemas)) {
            schemas.set(name, allSchemas.get(name));
        }
        generated.path("components").properties().forEach(section -> {
            if (!section.getKey().equals("schemas") && !section.getKey().equals("securitySchemes")) {
                components.set(section.getKey(), section.getValue());
            }
        });
        ObjectNode schemes = components.putObject("securitySchemes");
        boolean opsUsed = usesScheme(part.path("paths"), OPS_SCHEME);
        generated.path("components").path("securitySchemes").properties().forEach(e -> {
            if (!STAFF_SCHEMES.contains(e.getKey()) || e.getKey().equals(OPS_SCHEME) && opsUsed) {
                schemes.set(e.getKey(), e.getValue());
            }
        });
        return part;
    }

    /** The components other than schemas and security schemes (parameters, responses…), which may use schemas. */
    private static ObjectNode otherSections(JsonNode components) {
        ObjectNode sections = JsonNodeFactory.instance.objectNode();
        components.properties().forEach(e -> {
            if (!e.getKey().equals("schemas") && !e.getKey().equals("securitySchemes")) {
                sections.set(e.getKey(), e.getValue());
            }
        });
        return sections;
    }

    /** Whether an operation of {@code paths} requires {@code scheme}. */
    private static boolean usesScheme(JsonNode paths, String scheme) {
        for (JsonNode item : paths) {
            for (String method : METHODS) {
                for (JsonNode requirement : item.path(method).path("security")) {
                    if (requirement.has(scheme)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean staffOnly(JsonNode operation) {
        for (JsonNode requirement : operation.path("security")) {
            for (String scheme : STAFF_SCHEMES) {
                if (requirement.has(scheme)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The names of the schemas {@code root} refers to, directly or through other schemas. */
    private static Set<String> referencedSchemas(JsonNode root, JsonNode allSchemas) {
        Set<String> found = new LinkedHashSet<>();
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            if (node.isObject()) {
                JsonNode ref = node.get("$ref");
                if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMA_REF)) {
                    String name = ref.asText().substring(SCHEMA_REF.length());
                    if (found.add(name) && allSchemas.has(name)) {
                        todo.push(allSchemas.get(name));
                    }
                }
            }
            node.elements().forEachRemaining(todo::push);
        }
        return found;
    }

    /** The committed document with {@code service}'s part replaced by {@code own}. */
    static ObjectNode merge(ObjectNode committed, Service service, ObjectNode own) {
        ObjectNode doc = committed.deepCopy();
        doc.set("openapi", own.get("openapi"));
        TreeMap<String, JsonNode> paths = new TreeMap<>();
        doc.withObjectProperty("paths").properties().forEach(e -> {
            if (Service.owning(e.getKey()) != service) {
                paths.put(e.getKey(), e.getValue());
            }
        });
        own.path("paths").properties().forEach(e -> paths.put(e.getKey(), e.getValue()));
        ObjectNode mergedPaths = JsonNodeFactory.instance.objectNode();
        paths.forEach(mergedPaths::set);
        doc.set("paths", mergedPaths);
        if (service == Service.NOTIFICATION) {
            doc.set("webhooks", own.path("webhooks").isMissingNode()
                    ? JsonNodeFactory.instance.objectNode() : own.get("webhooks"));
        }
        TreeMap<String, JsonNode> tags = new TreeMap<>();
        doc.path("tags").forEach(t -> tags.put(t.path("name").asText(), t));
        own.path("tags").forEach(t -> tags.put(t.path("name").asText(), t));
        ObjectNode components = doc.withObjectProperty("components");
        TreeMap<String, JsonNode> schemas = new TreeMap<>();
        components.path("schemas").properties().forEach(e -> schemas.put(e.getKey(), e.getValue()));
        own.path("components").path("schemas").properties().forEach(e -> schemas.put(e.getKey(), e.getValue()));
        TreeMap<String, JsonNode> schemes = new TreeMap<>();
        components.path("securitySchemes").properties().forEach(e -> schemes.put(e.getKey(), e.getValue()));
        own.path("components").path("securitySchemes").properties()
                .forEach(e -> schemes.put(e.getKey(), e.getValue()));

        // Keep only what some path or webhook still uses, in a stable order.
        ObjectNode reachableFrom = JsonNodeFactory.instance.objectNode();
        reachableFrom.set("paths", doc.get("paths"));
        reachableFrom.set("webhooks", doc.path("webhooks"));
        reachableFrom.set("sections", otherSections(components));
        reachableFrom.set("own", otherSections(own.path("components")));
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        schemas.forEach(all::set);
        Set<String> used = referencedSchemas(reachableFrom, all);
        Set<String> usedTags = new LinkedHashSet<>();
        reachableFrom.findValues("tags").forEach(list -> list.forEach(t -> usedTags.add(t.asText())));
        ArrayNode tagList = JsonNodeFactory.instance.arrayNode();
        tags.forEach((name, tag) -> {
            if (usedTags.contains(name)) {
                tagList.add(tag);
            }
        });
        doc.set("tags", tagList);
        ObjectNode keptSchemas = JsonNodeFactory.instance.objectNode();
        schemas.forEach((name, schema) -> {
            if (used.contains(name)) {
                keptSchemas.set(name, schema);
            }
        });
        ObjectNode keptSchemes = JsonNodeFactory.instance.objectNode();
        schemes.forEach(keptSchemes::set);
        ObjectNode orderedComponents = JsonNodeFactory.instance.objectNode();
        for (String section : List.of("parameters", "headers", "responses", "examples")) {
            TreeMap<String, JsonNode> entries = new TreeMap<>();
            components.path(section).properties().forEach(e -> entries.put(e.getKey(), e.getValue()));
            own.path("components").path(section).properties().forEach(e -> entries.put(e.getKey(), e.getValue()));
            if (!entries.isEmpty()) {
                ObjectNode kept = orderedComponents.putObject(section);
                entries.forEach(kept::set);
            }
        }
        orderedComponents.set("schemas", keptSchemas);
        orderedComponents.set("securitySchemes", keptSchemes);
        doc.set("components", orderedComponents);
        return ordered(doc);
    }

    /** The top-level members in the order a reader expects them. */
    private static ObjectNode ordered(ObjectNode doc) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (String key : List.of("openapi", "info", "servers", "security", "tags", "x-tagGroups", "paths",
                "webhooks", "components")) {
            if (doc.has(key)) {
                out.set(key, doc.get(key));
            }
        }
        doc.properties().forEach(e -> {
            if (!out.has(e.getKey())) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    private static JsonNode findTag(JsonNode tags, String name) {
        for (JsonNode tag : tags) {
            if (tag.path("name").asText().equals(name)) {
                return tag;
            }
        }
        return JsonNodeFactory.instance.missingNode();
    }

    /** Records where {@code committed} and {@code generated} differ, by JSON pointer (the first few suffice). */
    private static void diff(String at, JsonNode committed, JsonNode generated, List<String> problems) {
        if (problems.size() >= 20 || committed.equals(generated)) {
            return;
        }
        if (committed.isObject() && generated.isObject()) {
            for (String key : union(names(committed), names(generated))) {
                diff(at + "/" + pointer(key), committed.path(key), generated.path(key), problems);
            }
            return;
        }
        if (committed.isArray() && generated.isArray() && committed.size() == generated.size()) {
            for (int i = 0; i < committed.size(); i++) {
                diff(at + "/" + i, committed.get(i), generated.get(i), problems);
            }
            return;
        }
        problems.add(at + ": docs/openapi.yaml has " + brief(committed) + ", the service generates "
                + brief(generated) + " (regenerate: run the service's OpenAPI test with -D" + WRITE + "=true)");
    }

    private static String brief(JsonNode node) {
        if (node.isMissingNode()) {
            return "nothing";
        }
        String text = node.toString();
        return text.length() > 120 ? text.substring(0, 117) + "..." : text;
    }

    private static Set<String> names(JsonNode node) {
        Set<String> names = new LinkedHashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static String pointer(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    /** The same tree as it reads back from YAML, so numbers compare by the type the committed file gives them. */
    private static ObjectNode normalize(ObjectNode node) {
        try {
            return (ObjectNode) YAML.readTree(YAML.writeValueAsString(node));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The whole generated document in target/, to read or diff while moving documentation around. */
    private static void keep(JsonNode generated, Service service) {
        try {
            Path target = Path.of("target");
            Files.createDirectories(target);
            Files.writeString(target.resolve("openapi-" + service.name().toLowerCase() + ".yaml"),
                    YAML.writeValueAsString(generated), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(Path file) {
        try {
            return YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, ObjectNode doc) {
        try {
            Files.writeString(file, "# Generated from the services' own OpenAPI documents by io.paygate.testsupport.rest"
                    + ".MerchantOpenApi\n# (each service's OpenAPI test with -D" + WRITE + "=true); edit info, servers "
                    + "and security here, the rest at the source.\n" + YAML.writeValueAsString(doc),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
