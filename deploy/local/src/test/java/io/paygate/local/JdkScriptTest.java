package io.paygate.local;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code deploy/local/jdk.sh}, and the command {@code ./mvnw}'s message on an older JDK tells people to run. */
class JdkScriptTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    /** The quoted command in the root POM's require-jdk-21 message. */
    private static final Pattern COMMAND = Pattern.compile("<message>JDK 21\\+ needed, found \\$\\{java.version}[^<]*"
            + "in bash run \"([^\"]+)\"[^<]*</message>");

    @Test
    void theCommandTheBuildsJdkMessageGivesLeavesAJdk21AsJavaHome() throws Exception {
        Matcher message = COMMAND.matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertTrue(message.find(), "the require-jdk-21 message gives a command in quotes");
        String command = message.group(1).replace("&amp;", "&");

        // A shell as the message finds it: JAVA_HOME no JDK and, where one is installed, a JDK 17 first on the PATH.
        ProcessBuilder bash = new ProcessBuilder("bash", "--noprofile", "--norc", "-c",
                command + " && \"$JAVA_HOME/bin/java\" -XshowSettings:properties -version 2>&1"
                        + " | awk -F'= ' '/java.specification.version/ { print $2 }'")
                .directory(ROOT.toFile()).redirectErrorStream(true);
        bash.environment().put("JAVA_HOME", "/nonexistent");
        Path old = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin");
        bash.environment().put("PATH", (Files.isDirectory(old) ? old + ":" : "") + "/usr/bin:/bin");
        Process process = bash.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();

        assertTrue(process.waitFor(60, TimeUnit.SECONDS), command + " did not end");
        assertEquals(0, process.exitValue(), command + ": " + output);
        String version = output.lines().reduce((a, b) -> b).orElse("");
        assertTrue(version.matches("\\d+") && Integer.parseInt(version) >= 21, command + " chose Java " + output);
    }

    @Test
    void theReadmeQuotesTheSameCommand() throws IOException {
        Matcher message = COMMAND.matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertTrue(message.find());
        String command = message.group(1).replace("&amp;", "&");

        assertTrue(Files.readString(ROOT.resolve("README.md")).contains(command), "README.md names " + command);
    }

    @Test
    void runInsteadOfSourcedItSaysHowToSourceIt() throws Exception {
        Process process = new ProcessBuilder("bash", "deploy/local/jdk.sh").directory(ROOT.toFile())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("source deploy/local/jdk.sh && paygate_select_jdk"), output);
    }
}
