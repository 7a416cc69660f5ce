package io.paygate.testsupport.docs;

import io.paygate.testsupport.Checkout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Every relative link of every Markdown file in the repository resolves, anchors included. */
class MarkdownLinksTest {

    @Test
    void everyRelativeLinkInEveryMarkdownFileResolves() throws IOException {
        Path root = Checkout.root();
        MarkdownLinks links = new MarkdownLinks(root);
        List<Path> files = links.markdownFiles();
        assertTrue(files.contains(root.resolve("README.md")), "the walk finds the README: " + files);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path file : files) {
            for (MarkdownLinks.Link link : MarkdownLinks.relativeLinks(file, Files.readAllLines(file))) {
                checked++;
                String problem = links.problem(link);
                if (problem != null) {
                    broken.add(root.relativize(link.file()) + ":" + link.line() + ": " + link.target() + " — " + problem);
                }
            }
        }
        assertTrue(checked > 20, "only " + checked + " links found: the walk is not reading the files");
        if (!broken.isEmpty()) {
            fail(broken.size() + " broken link(s):\n" + String.join("\n", broken));
        }
    }

    @Test
    void findsLinksOutsideCodeAndSkipsAbsoluteOnes() {
        List<String> lines = List.of(
                "See [the guide](docs/guide.md#setup) and ![a diagram](img/a.png \"title\").",
                "Not `[code](nope.md)` and not https: [site](https://example.com), [mail](mailto:a@b.c).",
                "```bash",
                "[inside a fence](fenced.md)",
                "```",
                "[ref]: ../outside.md",
                "[here](#local)");
        List<String> targets = MarkdownLinks.relativeLinks(Path.of("README.md"), lines).stream()
                .map(MarkdownLinks.Link::target).toList();
        assertEquals(List.of("docs/guide.md#setup", "img/a.png", "../outside.md", "#local"), targets);
    }

    @Test
    void slugsHeadingsAsGitHubDoes() {
        assertEquals("issue-17-start-and-footprint-2026-11-23-machine-shared-load-330",
                MarkdownLinks.slug("Issue 17: start and footprint (2026-11-23: machine shared, load 3–30)"));
        assertEquals("configuration-gatewaynotification-see-notificationconfig",
                MarkdownLinks.slug("Configuration (`gateway.notification.*`, see `NotificationConfig`)"));
        assertEquals("the-outbox", MarkdownLinks.slug("The [outbox](x.md)"));
        assertEquals(Set.of("a", "a-1", "b", "custom"),
                MarkdownLinks.anchors(List.of("# A", "## A", "```", "# not a heading", "```", "### B ##",
                        "<a id=\"custom\"></a>")));
    }

    @Test
    void reportsMissingFilesMissingAnchorsAndLinksThatLeaveTheRepository(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/guide.md"), "# Guide\n## Set up\n");
        Path readme = Files.writeString(repo.resolve("README.md"), "x\n");
        Files.writeString(dir.resolve("outside.md"), "# Outside\n");
        MarkdownLinks links = new MarkdownLinks(repo);
        assertNull(links.problem(new MarkdownLinks.Link(readme, 1, "docs/guide.md#set-up")));
        assertNull(links.problem(new MarkdownLinks.Link(readme, 1, "docs/")));
        assertEquals("no such file", links.problem(new MarkdownLinks.Link(readme, 1, "docs/missing.md")));
        assertTrue(links.problem(new MarkdownLinks.Link(readme, 1, "docs/guide.md#setup")).startsWith("no heading"));
        assertEquals("leaves the repository", links.problem(new MarkdownLinks.Link(readme, 1, "../outside.md")));
    }
}
