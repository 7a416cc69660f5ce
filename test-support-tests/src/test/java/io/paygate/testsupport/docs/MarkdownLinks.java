package io.paygate.testsupport.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The relative links of the repository's Markdown files and whether they resolve: a file or directory inside the
 * repository and, for {@code #anchor}, a heading (GitHub's slug) or an HTML {@code id}/{@code name} in the target.
 * A clone must be readable on its own, so a link that climbs out of the repository is broken too.
 */
final class MarkdownLinks {

    /** Inline links and images, {@code [text](target "title")}; the target up to a space or the closing parenthesis. */
    private static final Pattern INLINE = Pattern.compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*])*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** Reference definitions, {@code [label]: target}. */
    private static final Pattern DEFINITION = Pattern.compile("^ {0,3}\\[[^\\]]+]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:[^>]*\\s)?(?:id|name)=\"([^\"]+)\"");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```+|~~~+).*");
    private static final Pattern INLINE_CODE = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git", ".mvn");

    /** One link: where it is and what it points at. */
    record Link(Path file, int line, String target) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + target;
        }
    }

    private final Path root;
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    MarkdownLinks(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** Every Markdown file of the repository, build output and installed packages left out. */
    List<Path> markdownFiles() {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> p.getFileName().toString().endsWith(".md"))
                    .filter(p -> root.relativize(p).toString().isEmpty() || noSkippedDirectory(root.relativize(p)))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean noSkippedDirectory(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                return false;
            }
        }
        return true;
    }

    /** The links of one file that point into the repository (no scheme such as {@code https:} or {@code mailto:}). */
    static List<Link> relativeLinks(Path file, List<String> lines) {
        List<Link> links = new ArrayList<>();
        boolean inFence = false;
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fenceLine = FENCE.matcher(line);
            if (fenceLine.matches()) {
                String marker = fenceLine.group(1);
                if (!inFence) {
                    inFence = true;
                    fence = marker;
                } else if (marker.charAt(0) == fence.charAt(0) && marker.length() >= fence.length()) {
                    inFence = false;
                }
                continue;
            }
            if (inFence) {
                continue;
            }
            String text = INLINE_CODE.matcher(line).replaceAll("");
            List<String> targets = new ArrayList<>();
            Matcher inline = INLINE.matcher(text);
            while (inline.find()) {
                targets.add(inline.group(1));
            }
            Matcher definition = DEFINITION.matcher(text);
            if (definition.matches()) {
                targets.add(definition.group(1));
            }
            for (String target : targets) {
                if (!SCHEME.matcher(target).find()) {
                    links.add(new Link(file, i + 1, target));
                }
            }
        }
        return links;
    }

    /** Why a link does not resolve, or null when it does. */
    String problem(Link link) {
        String target = link.target();
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = path.isEmpty() ? link.file() : link.file().getParent().resolve(decode(path)).normalize();
        if (!resolved.startsWith(root)) {
            return "leaves the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!resolved.getFileName().toString().endsWith(".md")) {
            return null; // a line anchor of a source file (#L12) is GitHub's, not the file's
        }
        return anchorsOf(resolved).contains(decode(anchor).toLowerCase(Locale.ROOT))
                ? null : "no heading or anchor #" + anchor + " in " + root.relativize(resolved);
    }

    private Set<String> anchorsOf(Path markdown) {
        return anchors.computeIfAbsent(markdown, file -> {
            try {
                return anchors(Files.readAllLines(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The anchors GitHub gives a Markdown file: one per heading (a repeated slug gets -1, -2, …) and HTML ids. */
    static Set<String> anchors(List<String> lines) {
        Set<String> found = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        for (String line : lines) {
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int count = seen.merge(slug, 1, Integer::sum);
                found.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                found.add(html.group(1).toLowerCase(Locale.ROOT));
            }
        }
        return found;
    }

    /** GitHub's heading slug: the text as rendered, lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1") // a link's text
                .replace("`", "")
                .replaceAll("\\*+", "");
        return text.strip().toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
                .replace(' ', '-');
    }

    private static String decode(String s) {
        return java.net.URLDecoder.decode(s.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }
}
