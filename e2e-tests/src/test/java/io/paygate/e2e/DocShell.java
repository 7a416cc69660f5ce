package io.paygate.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One bash, as a reader's terminal: the commands run in it one after another, so a variable one sets and a job it
 * leaves in the background are there for the next. Each command's output goes to files of its own; the shell says
 * when the command ended and with what status. {@link #close()} ends the shell and everything it started.
 */
final class DocShell implements AutoCloseable {

    /** What one command printed, and its exit status. */
    record Result(int status, String stdout, String stderr, Path stdoutFile) {
    }

    private final Process bash;
    private final Writer input;
    private final BlockingQueue<String> said = new LinkedBlockingQueue<>();
    private final Path dir;
    private int runs;

    DocShell(Path workingDirectory, Map<String, String> environment, Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
        ProcessBuilder builder = new ProcessBuilder("bash", "--noprofile", "--norc").directory(workingDirectory.toFile())
                .redirectError(dir.resolve("bash.err").toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PAYGATE_"));
        builder.environment().putAll(environment);
        bash = builder.start();
        input = new java.io.OutputStreamWriter(bash.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(bash.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    said.add(line);
                }
            } catch (IOException e) {
                said.add("@@gone " + e);
            }
            said.add("@@gone");
        }, "doc-shell-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Runs {@code command} and returns once it has ended.
     *
     * @throws AssertionError when it has not ended within {@code deadline}, or the shell is gone
     */
    Result run(String command, Duration deadline) throws IOException, InterruptedException {
        int n = ++runs;
        Path out = dir.resolve(n + ".out");
        Path err = dir.resolve(n + ".err");
        // A group in this shell (not a subshell): its assignments stay. No command reads the shell's own input.
        input.write("{ " + command + "\n} </dev/null >'" + out + "' 2>'" + err + "'; echo \"@@done " + n + " $?\"\n");
        input.flush();
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            String line = said.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("not ended within " + deadline + ": " + command + "\nstdout: "
                        + read(out) + "\nstderr: " + read(err));
            }
            if (line.startsWith("@@gone")) {
                throw new AssertionError("the shell ended at: " + command + "\n" + read(dir.resolve("bash.err")));
            }
            if (line.startsWith("@@done " + n + " ")) {
                return new Result(Integer.parseInt(line.substring(("@@done " + n + " ").length())), read(out), read(err),
                        out);
            }
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** Ends what the commands left running (the merchant), then the shell. */
    @Override
    public void close() throws InterruptedException {
        bash.descendants().forEach(ProcessHandle::destroy);
        bash.destroy();
        if (!bash.waitFor(20, TimeUnit.SECONDS)) {
            bash.destroyForcibly();
        }
    }
}
