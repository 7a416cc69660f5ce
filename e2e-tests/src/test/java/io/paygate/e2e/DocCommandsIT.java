package io.paygate.e2e;

import io.paygate.e2e.DocCommands.Command;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every command of README.md's tour and deploy/local/README.md's longer tour, run as printed, in order, in one bash,
 * against the e2e stack: each must exit 0 and, where the doc shows its reply, answer a reply of that shape
 * ({@link ReplyShape}); a read (a GET) whose reply has not that shape yet is repeated until it has, or a deadline.
 * Then the doc's merchant must have printed every notification the tours cause, each verified.
 * <p>
 * The e2e stack sits at a port offset (so that a developer's own stack on the default ports can keep running), and the
 * commands run unchanged: the shell has {@code PAYGATE_PORT_OFFSET}, as a reader's has after the line the launcher
 * prints, and the tours take every address from {@code deploy/local/urls.sh} (issue 44: commands that named the default
 * ports reached whatever listened there). Only the replies the docs show, written at the default ports, are compared
 * at the offset's. The few commands not run at all are {@link DocCommands#NOT_RUN}, each with its reason.
 */
class DocCommandsIT {

    /** How long one command may take, and how long a read may be repeated until its reply has the shape shown. */
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(250);

    @TempDir
    Path outputs;

    @Test
    void everyCommandOfTheReadmeAndTheLongerTourRunsAsPrinted() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        for (String tool : List.of("bash", "curl", "openssl", "python3")) {
            boolean present = onPath(tool);
            if (!present && "true".equals(System.getenv("CI"))) {
                fail(tool + " is missing: the docs' commands need it");
            }
            assumeTrue(present, tool + " is missing: the docs' commands need it");
        }
        List<Command> commands = DocCommands.read(root);
        for (String left : DocCommands.NOT_RUN.keySet()) {
            assertTrue(commands.stream().anyMatch(c -> c.text().equals(left)), "no longer in the docs: " + left);
        }
        Stack.get();
        int offset = Stack.PORT_OFFSET;

        List<String> ran = new ArrayList<>();
        Path merchantOutput = null;
        long t0 = System.nanoTime();
        try (DocShell shell = new DocShell(root, Map.of("PAYGATE_PORT_OFFSET", String.valueOf(offset)), outputs)) {
            for (Command printed : commands) {
                if (DocCommands.NOT_RUN.containsKey(printed.text())) {
                    continue;
                }
                assertFalse(printed.namesADefaultPort(), printed.where() + " names a default port, so it works only on"
                        + " a stack at offset 0: take the address from deploy/local/urls.sh\n" + printed.text());
                Command command = printed.repliesAt(offset);
                DocShell.Result result = runUntilShown(shell, command);
                ran.add(command.where());
                if (command.text().startsWith("deploy/local/merchant")) {
                    // As a reader sees "merchant listening on …" before going on: its start (a Python process) may
                    // take seconds on a loaded machine, longer than the stack's short retry schedule.
                    merchantOutput = result.stdoutFile();
                    awaitPrinted(merchantOutput, "merchant listening on http://localhost:" + (9000 + offset) + " ");
                }
            }
            assertTrue(merchantOutput != null, "the docs start deploy/local/merchant");
            assertMerchantVerifiedEveryKindOfNotification(merchantOutput);
        }
        System.out.printf("  %d commands of %s ran as printed in %.1f s (%d left out: %s)%n", ran.size(),
                String.join(" and ", DocCommands.DOCS), (System.nanoTime() - t0) / 1e9, DocCommands.NOT_RUN.size(),
                DocCommands.NOT_RUN.values());
    }

    /** Runs the command (a read again until its reply has the shape shown) and checks its status and reply. */
    private static DocShell.Result runUntilShown(DocShell shell, Command command) throws Exception {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            DocShell.Result result = shell.run(command.text(), DEADLINE);
            String context = command.where() + ": " + command.text() + "\n  exit " + result.status() + "\n  stdout: "
                    + result.stdout() + "\n  stderr: " + result.stderr();
            assertEquals(0, result.status(), context);
            Optional<String> mismatch = command.shapes().stream()
                    .map(shape -> shape.mismatch(result.stdout(), result.stderr()))
                    .flatMap(Optional::stream).findFirst();
            if (mismatch.isEmpty()) {
                return result;
            }
            if (!command.isRead() || System.nanoTime() > end) {
                fail(mismatch.get() + " (" + (command.isRead() ? "still, after " + DEADLINE : "not a read, run once")
                        + ")\n" + context + "\n  the doc shows: " + String.join("\n", command.replyLines())
                        + (command.trailing() == null ? "" : " # " + command.trailing()));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Polls {@code output} until it holds {@code text}; fails at the deadline. */
    private static void awaitPrinted(Path output, String text) throws Exception {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!Files.readString(output).contains(text)) {
            assertTrue(System.nanoTime() < end, "not printed within " + DEADLINE + ": " + text + "\n"
                    + Files.readString(output));
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * The merchant the README starts prints each notification with its verdict: by the end of the tours it has printed
     * a payment, a binding and a disbursement notification, all verified, and refused none.
     */
    private static void assertMerchantVerifiedEveryKindOfNotification(Path output) throws Exception {
        long end = System.nanoTime() + DEADLINE.toNanos();
        List<String> paths = List.of("/callbacks/payment", "/callbacks/binding", "/callbacks/disbursement");
        while (true) {
            String printed = Files.readString(output);
            assertFalse(printed.contains("REFUSED"), printed);
            List<String> verified = printed.lines().filter(l -> l.endsWith("  signature verified")).toList();
            boolean all = paths.stream().allMatch(p -> verified.stream().anyMatch(l -> l.startsWith(p + "  webhook-id ")));
            if (all && printed.contains("\"id\":\"ORD-1\"")) {
                return;
            }
            assertTrue(System.nanoTime() < end, "the merchant did not print a verified notification to each of " + paths
                    + " within " + DEADLINE + ":\n" + printed);
            Thread.sleep(POLL.toMillis());
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
