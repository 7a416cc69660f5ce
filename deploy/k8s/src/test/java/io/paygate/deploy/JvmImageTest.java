package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JVM image (deploy/docker/Dockerfile.jvm) and the pods that run it agree: the AOT cache is trained with the JVM
 * options the image runs with, it is used with {@code -XX:AOTMode=on} (a cache the JVM cannot use fails the start),
 * and every pod's memory limit leaves room above the heap the image fixes.
 */
class JvmImageTest {

    /** What a service holds besides its heap (bench/README.md, issue 17: 190-230 MiB anonymous, heap included). */
    private static final long NON_HEAP_MIB = 256;
    private static String dockerfile;

    @BeforeAll
    static void read() throws Exception {
        dockerfile = Files.readString(RenderedManifests.K8S.resolve("../docker/Dockerfile.jvm"));
    }

    @Test
    void theCacheIsTrainedWithTheOptionsTheImageRunsWithAndRequiredAtStart() {
        String trained = env("PAYGATE_SERVICE_JAVA_OPTS");
        assertEquals(trained, env("JAVA_OPTS"), "the training and the runs use the same JVM options");
        assertTrue(dockerfile.contains("-XX:AOTCache=/deployments/app.aot -XX:AOTMode=on"), "the cache is required");
        assertTrue(dockerfile.contains("FROM ${RUNTIME} AS train") && dockerfile.contains("\nFROM ${RUNTIME}\n"),
                "trained by the runtime image's own JVM");
    }

    @Test
    void everyPodHasRoomAboveTheImagesHeap() throws Exception {
        Matcher xmx = Pattern.compile("-Xmx(\\d+)m").matcher(env("JAVA_OPTS"));
        assertTrue(xmx.find(), "the image fixes the heap");
        long heapMib = Long.parseLong(xmx.group(1));
        for (String overlay : new String[] {"prod", "dev"}) {
            RenderedManifests rendered = RenderedManifests.render(overlay);
            for (String service : ManifestsTest.SERVICES) {
                JsonNode resources = rendered.named("Deployment", service).path("spec").path("template").path("spec")
                        .path("containers").get(0).path("resources");
                long limit = mebibytes(resources.path("limits").path("memory").asText());
                long request = mebibytes(resources.path("requests").path("memory").asText());
                assertTrue(limit >= heapMib + NON_HEAP_MIB, overlay + " " + service + ": limit " + limit + " MiB");
                assertTrue(request <= limit, overlay + " " + service);
            }
        }
    }

    private static String env(String name) {
        Matcher m = Pattern.compile("ENV " + name + "=\"([^\"]*)\"").matcher(dockerfile);
        assertTrue(m.find(), name + " is set in Dockerfile.jvm");
        return m.group(1);
    }

    private static long mebibytes(String quantity) {
        assertTrue(quantity.endsWith("Mi") || quantity.endsWith("Gi"), quantity);
        long n = Long.parseLong(quantity.substring(0, quantity.length() - 2));
        return quantity.endsWith("Gi") ? n * 1024 : n;
    }
}
