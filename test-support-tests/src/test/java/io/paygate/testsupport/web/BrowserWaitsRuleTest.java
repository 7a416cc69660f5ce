package io.paygate.testsupport.web;

import io.paygate.testsupport.Checkout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every browser test in the repository waits through {@link PageWait}: a bare {@code WebDriverWait} fails at the first
 * element of a document that a navigation replaced, so a test that waits that way passes or fails by timing (issue 44).
 */
class BrowserWaitsRuleTest {

    @Test
    void noTestWaitsForAPageButThroughPageWait() throws IOException {
        Path root = Checkout.root();
        List<Path> sources;
        try (Stream<Path> files = Files.find(root, 30, (f, attributes) -> attributes.isRegularFile()
                && f.toString().endsWith(".java") && !skipped(root.relativize(f)))) {
            sources = files.filter(f -> !f.getFileName().toString().equals("PageWait.java"))
                    .filter(f -> !f.getFileName().toString().equals(BrowserWaitsRuleTest.class.getSimpleName() + ".java"))
                    .filter(f -> !f.getFileName().toString().equals(PageWaitTest.class.getSimpleName() + ".java"))
                    .toList();
        }
        assertTrue(sources.stream().anyMatch(f -> f.endsWith("HostedPageBrowserTest.java")),
                "the walk reaches the services' browser tests");
        List<String> bare = sources.stream().filter(f -> read(f).contains("WebDriverWait"))
                .map(f -> root.relativize(f).toString()).sorted().toList();
        assertEquals(List.of(), bare, "wait with PageWait.until or PageWait.navigating instead");
    }

    /** Build output, installed packages and git's own files hold no test of ours. */
    private static boolean skipped(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.equals("target") || name.equals("node_modules") || name.equals(".git")) {
                return true;
            }
        }
        return false;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
