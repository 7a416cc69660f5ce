package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The objects {@code kubectl kustomize} renders for an overlay, as JSON trees. */
record RenderedManifests(List<JsonNode> objects) {

    static final Path K8S = Path.of(System.getProperty("k8s.dir", "."));

    static RenderedManifests render(String overlay) throws IOException, InterruptedException {
        return render(K8S.resolve("overlays").resolve(overlay));
    }

    /** Renders any kustomization directory (e.g. a test fixture combining an overlay with a component). */
    static RenderedManifests render(Path kustomization) throws IOException, InterruptedException {
        String overlay = kustomization.toString();
        Process kubectl;
        try {
            kubectl = new ProcessBuilder("kubectl", "kustomize", kustomization.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("kubectl is needed to render the manifests (apt-get install kubectl)", e);
        }
        String yaml = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kubectl.waitFor(60, TimeUnit.SECONDS) || kubectl.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + overlay + " failed:\n" + yaml);
        }
        return new RenderedManifests(parse(yaml));
    }

    static List<JsonNode> parse(String yaml) throws IOException {
        ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
        List<JsonNode> objects = new ArrayList<>();
        try (var parser = mapper.getFactory().createParser(yaml)) {
            var it = mapper.readValues(parser, JsonNode.class);
            while (it.hasNext()) {
                JsonNode node = it.next();
                if (node != null && !node.isNull() && !node.isEmpty()) {
                    objects.add(node);
                }
            }
        }
        return objects;
    }

    static List<JsonNode> parseFile(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    List<JsonNode> ofKind(String kind) {
        return objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
    }

    JsonNode named(String kind, String name) {
        return ofKind(kind).stream().filter(o -> name.equals(o.path("metadata").path("name").asText())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }
}
