package io.paygate.testsupport.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rendered reference (Redocly, {@code x-tagGroups} in docs/openapi.yaml) shows every operation and webhook, and
 * shows SNAP BI (docs/contract.md §9) apart from {@code /pg/}: a tag that is in no group is not rendered at all, so
 * every tag an operation or webhook carries must be in exactly one group; every {@code /v1.0/} operation is in the SNAP
 * group, and no {@code /pg/} operation outside SNAP's own key is.
 */
class OpenApiTagGroupsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String SNAP_GROUP = "SNAP BI (/v1.0/)";
    private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
    private static JsonNode document;

    @BeforeAll
    static void read() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/openapi.yaml"))) {
            dir = dir.getParent();
        }
        assertNotNull(dir, "no docs/openapi.yaml above " + Path.of("").toAbsolutePath());
        document = YAML.readTree(dir.resolve("docs/openapi.yaml").toFile());
    }

    @Test
    void everyTagOfAnOperationOrWebhookIsInExactlyOneGroup() {
        Map<String, String> groupOf = groups();
        List<String> problems = new ArrayList<>();
        operations().forEach((operation, tags) -> {
            assertFalse(tags.isEmpty(), operation + " has a tag");
            for (String tag : tags) {
                if (!groupOf.containsKey(tag)) {
                    problems.add(operation + ": tag '" + tag + "' is in no x-tagGroups group (not rendered)");
                }
            }
        });
        assertEquals(List.of(), problems);
    }

    @Test
    void snapOperationsAreGroupedApartFromThePgOnes() {
        Map<String, String> groupOf = groups();
        int snap = 0;
        for (Map.Entry<String, List<String>> operation : operations().entrySet()) {
            boolean inSnapGroup = operation.getValue().stream().allMatch(t -> SNAP_GROUP.equals(groupOf.get(t)));
            String path = operation.getKey().split(" ", 2)[1];
            if (path.startsWith("/v1.0/")) {
                snap++;
                assertTrue(inSnapGroup, operation.getKey() + " is shown under " + SNAP_GROUP);
            } else if (path.startsWith("/pg/") && !path.startsWith("/pg/snap/")) {
                assertTrue(operation.getValue().stream().noneMatch(t -> SNAP_GROUP.equals(groupOf.get(t))),
                        operation.getKey() + " is not SNAP");
            }
        }
        assertTrue(snap >= 15, "the SNAP operations of docs/contract.md §9 are documented: " + snap);
        groupOf.forEach((tag, group) -> assertEquals(group.equals(SNAP_GROUP), tag.startsWith("SNAP "), tag));
    }

    /** Each tag of {@code x-tagGroups} and its group; a tag in two groups fails. */
    private static Map<String, String> groups() {
        Map<String, String> groupOf = new LinkedHashMap<>();
        JsonNode groups = document.path("x-tagGroups");
        assertTrue(groups.isArray() && !groups.isEmpty(), "docs/openapi.yaml has x-tagGroups");
        for (JsonNode group : groups) {
            for (JsonNode tag : group.path("tags")) {
                String previous = groupOf.put(tag.asText(), group.path("name").asText());
                assertEquals(null, previous, tag.asText() + " is in one group only");
            }
        }
        return groupOf;
    }

    /** {@code "METHOD path"} (or {@code "WEBHOOK name"}) of every operation, and its tags. */
    private static Map<String, List<String>> operations() {
        Map<String, List<String>> all = new LinkedHashMap<>();
        document.path("paths").properties().forEach(path -> METHODS.forEach(method -> {
            JsonNode operation = path.getValue().path(method);
            if (!operation.isMissingNode()) {
                all.put(method.toUpperCase() + " " + path.getKey(), tags(operation));
            }
        }));
        document.path("webhooks").properties().forEach(hook -> METHODS.forEach(method -> {
            JsonNode operation = hook.getValue().path(method);
            if (!operation.isMissingNode()) {
                all.put("WEBHOOK " + hook.getKey(), tags(operation));
            }
        }));
        return all;
    }

    private static List<String> tags(JsonNode operation) {
        TreeSet<String> tags = new TreeSet<>();
        operation.path("tags").forEach(t -> tags.add(t.asText()));
        return List.copyOf(tags);
    }
}
