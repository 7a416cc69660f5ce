package io.paygate.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/qa-guide.md as a QA engineer reads it: the fenced blocks marked {@code <!-- qa-kit:NAME -->} (the install
 * command, the new project's pom.xml, its first test class), so QaKitConsumerIT runs exactly what the page says.
 */
record QaGuide(String text) {

    static QaGuide read(Path file) throws IOException {
        return new QaGuide(Files.readString(file));
    }

    /** The fenced block right after {@code <!-- qa-kit:name -->}. */
    String block(String name) {
        Matcher m = Pattern.compile("<!-- qa-kit:" + Pattern.quote(name) + " -->\\s*\\n```[a-z]*\\n(.*?)\\n```",
                Pattern.DOTALL).matcher(text);
        if (!m.find()) {
            throw new AssertionError("docs/qa-guide.md has no block marked <!-- qa-kit:" + name + " -->");
        }
        return m.group(1) + "\n";
    }

    /** A block that is one command line, split into its words (the guide's commands quote nothing). */
    List<String> command(String name) {
        String line = block(name).strip();
        if (line.contains("\n") || line.contains("\"") || line.contains("'") || line.contains("\\")) {
            throw new AssertionError("the " + name + " block must be one plain command line: " + line);
        }
        return Arrays.asList(line.split(" +"));
    }

    /** The {@code <version>} that follows {@code <artifactId>artifactId</artifactId>} in a block. */
    static String versionOf(String pom, String artifactId) {
        Matcher m = Pattern.compile("<artifactId>" + Pattern.quote(artifactId) + "</artifactId>\\s*<version>([^<]+)"
                + "</version>").matcher(pom);
        if (!m.find()) {
            throw new AssertionError("no version of " + artifactId + " in the guide's pom.xml");
        }
        return m.group(1);
    }
}
