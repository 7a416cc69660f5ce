package io.paygate.e2e;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The QA kit used from outside the repository exactly as docs/qa-guide.md says, against this stack: the guide's
 * install command on a copy of the checkout, into a private Maven repository under target/ (never ~/.m2, which is
 * only read, for third-party artifacts: {@code maven.repo.local.tail}); then a new project made of the guide's
 * pom.xml and FirstPaygateTest plus paygate-qa-sample's classes, run offline with {@code mvn test} as merchant
 * {@code qa}, URLs as properties and secrets as environment variables. Every test must pass and none may skip.
 */
class QaKitConsumerIT {

    private static final Duration LIMIT = Duration.ofMinutes(6);

    @Test
    void aNewProjectFollowingTheGuideRunsItsTestsAndTheSampleSuiteAgainstTheStack() throws Exception {
        Path home = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        Path work = home.resolve("e2e-tests/target/qa-kit");
        deleteTree(work);
        Path repository = work.resolve("repository");
        Path thirdParty = Path.of(System.getProperty("paygate.maven.repository",
                System.getProperty("user.home") + "/.m2/repository"));
        List<String> repositories = List.of("-Dmaven.repo.local=" + repository,
                "-Dmaven.repo.local.tail=" + thirdParty);
        QaGuide guide = QaGuide.read(home.resolve("docs/qa-guide.md"));
        List<String> stack = List.of("-Dpaygate.payment-url=" + Stack.payment(), "-Dpaygate.binding-url="
                + Stack.binding(), "-Dpaygate.notification-url=" + Stack.notification());

        // 1. "Getting the kit": the guide's one command, in a checkout.
        Path checkout = work.resolve("checkout");
        copyCheckout(home, checkout);
        List<String> install = new ArrayList<>(guide.command("install"));
        assertEquals("./mvnw", install.getFirst(), "the guide installs with the checkout's wrapper");
        install.set(0, checkout.resolve("mvnw").toString());
        install.addAll(repositories);
        long t0 = System.nanoTime();
        maven(checkout, install, Map.of(), work.resolve("install.log"));
        long installed = System.nanoTime();

        String pom = guide.block("pom");
        String version = QaGuide.versionOf(pom, "paygate-qa");
        Path kit = repository.resolve("io/paygate/paygate-qa/" + version);
        assertTrue(Files.exists(kit.resolve("paygate-qa-" + version + ".jar")),
                "the guide's version " + version + " was installed: " + kit);
        String kitPom = Files.readString(kit.resolve("paygate-qa-" + version + ".pom"));
        assertFalse(kitPom.contains("<parent>"), "the installed POM needs no parent");
        assertTrue(kitPom.contains("<artifactId>commons-logging</artifactId>"), "HttpClient's logging comes along");
        assertFalse(Files.exists(repository.resolve("io/paygate/paygate-parent")), "only what the kit needs");

        // 2. "A new suite in three files", plus the sample suite's classes.
        Path project = work.resolve("project");
        Files.createDirectories(project);
        Files.writeString(project.resolve("pom.xml"), pom);
        Path tests = project.resolve("src/test/java");
        Path first = tests.resolve("com/example/qa/FirstPaygateTest.java");
        Files.createDirectories(first.getParent());
        Files.writeString(first, guide.block("test"));
        copyTree(home.resolve("paygate-qa-sample/src/test/java"), tests);

        // 3. mvn test against this stack, offline: nothing the pom does not name, nothing downloaded.
        List<String> test = new ArrayList<>(List.of(checkout.resolve("mvnw").toString(), "-B", "-ntp", "-o", "test"));
        test.addAll(repositories);
        test.addAll(stack);
        test.addAll(List.of("-Dpaygate.merchant=" + Stack.QA_MERCHANT,
                // initiations that name no receiver: a loopback URL the local stack accepts (nothing listens there)
                "-Dpaygate.callback-url=http://127.0.0.1:9/callback", "-Dpaygate.wait-seconds=30",
                // the stack's SMTP server's reader (PaymentLinkTest reads the receipt)
                "-Dpaygate.mail-reader-url=" + Stack.get().mailReaderUrl(),
                // SNAP (SnapTest): the merchant's key pair and company code, made for this run (QaSnapKeys)
                "-Dpaygate.snap.private-key-file=" + QaSnapKeys.PRIVATE_KEY_FILE,
                "-Dpaygate.snap.partner-service-id=" + QaSnapKeys.PARTNER_SERVICE_ID));
        maven(project, test, Map.of("PAYGATE_CLIENT_SECRET", Stack.QA_SECRET,
                "PAYGATE_NOTIFICATION_SECRET", Stack.QA_NOTIFICATION_SECRET), work.resolve("test.log"));
        long ran = System.nanoTime();

        Map<String, int[]> results = surefireResults(project.resolve("target/surefire-reports"));
        results.forEach((name, r) -> System.out.printf("  qa-kit consumer %s: %d tests, %d failed, %d skipped%n",
                name, r[0], r[1], r[2]));
        System.out.printf("  qa-kit consumer: install %d s, mvn test %d s%n", (installed - t0) / 1_000_000_000,
                (ran - installed) / 1_000_000_000);
        assertEquals(3, results.getOrDefault("com.example.qa.FirstPaygateTest", new int[3])[0],
                "the guide's three tests ran: " + results.keySet());
        for (String sample : List.of("CardPaymentTest", "RefundTest", "CancellationTest", "VirtualAccountPaymentTest",
                "QrisAndWalletPaymentTest", "DirectDebitTest", "DisbursementTest", "ListsAndReportTest", "StoredCardTest",
                "SubscriptionTest", "SnapTest", "PaymentLinkTest")) {
            assertTrue(results.containsKey("io.paygate.qa.sample." + sample), sample + " ran: " + results.keySet());
        }
        results.forEach((name, r) -> {
            assertEquals(0, r[1], name + " failed");
            assertEquals(0, r[2], name + " skipped");
        });
    }

    /** What the install needs of a checkout: every module's pom.xml, the wrapper, and the kit's two modules' sources. */
    private static void copyCheckout(Path home, Path to) throws IOException {
        Files.walkFileTree(home, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName().toString();
                boolean skipped = !dir.equals(home) && (name.equals("target") || name.equals("node_modules")
                        || name.equals(".git") || home.relativize(dir).toString().equals("deploy/local/data"));
                return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                String path = home.relativize(file).toString().replace('\\', '/');
                if (file.getFileName().toString().equals("pom.xml") || path.equals("mvnw")
                        || path.startsWith(".mvn/") || path.startsWith("common-model/src/main/")
                        || path.startsWith("paygate-qa/src/main/")) {
                    Path target = to.resolve(path);
                    Files.createDirectories(target.getParent());
                    Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(file));
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        }
    }

    private static void maven(Path directory, List<String> command, Map<String, String> environment, Path log)
            throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_ARGS");
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within " + LIMIT + "; " + log);
        }
        if (process.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            throw new AssertionError(String.join(" ", command) + " in " + directory + " exited "
                    + process.exitValue() + ":\n" + String.join("\n",
                    lines.subList(Math.max(0, lines.size() - 80), lines.size())));
        }
    }

    /** Per test class: tests, failures + errors, skipped. */
    private static Map<String, int[]> surefireResults(Path reports) throws Exception {
        Map<String, int[]> results = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(reports)) {
            for (Path report : files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted()
                    .toList()) {
                Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                        .getDocumentElement();
                results.put(suite.getAttribute("name"), new int[] {
                        Integer.parseInt(suite.getAttribute("tests")),
                        Integer.parseInt(suite.getAttribute("failures")) + Integer.parseInt(suite.getAttribute("errors")),
                        Integer.parseInt(suite.getAttribute("skipped"))});
            }
        }
        return results;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
