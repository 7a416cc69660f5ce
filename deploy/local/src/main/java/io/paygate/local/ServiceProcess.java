package io.paygate.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service running as its own process from its built jar, configured through
 * {@code config/application.properties} in its working directory (Quarkus reads it with a lower
 * priority than environment variables, so the caller's environment still wins).
 */
final class ServiceProcess {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final ServiceSpec spec;
    private final Path workDir;
    private final Path log;
    private Process process;
    private List<String> command;
    private Map<String, String> environment = Map.of();
    private boolean closed;

    ServiceProcess(ServiceSpec spec, Path runDir) {
        this.spec = spec;
        this.workDir = runDir.resolve(spec.id());
        this.log = runDir.resolve("logs").resolve(spec.id() + ".log");
    }

    ServiceSpec spec() {
        return spec;
    }

    Path log() {
        return log;
    }

    /** Where the process runs and finds its {@code config/application.properties}. */
    Path workDir() {
        return workDir;
    }

    /** Environment variables the process gets on top of the launcher's (e.g. its Kafka credentials). */
    void environment(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** More environment variables for the next start, on top of (and replacing any of) those set before. */
    synchronized void addEnvironment(Map<String, String> more) {
        Map<String, String> merged = new java.util.HashMap<>(environment);
        merged.putAll(more);
        this.environment = Map.copyOf(merged);
    }

    void start(Path jar, List<String> config, List<String> jvmOptions) throws IOException {
        List<String> java = new ArrayList<>();
        java.add(ProcessHandle.current().info().command().orElse("java"));
        java.addAll(jvmOptions);
        java.add("-jar");
        java.add(jar.toAbsolutePath().toString());
        start(java, config);
    }

    /** Writes {@code config} to {@code config/application.properties} in the working directory and runs {@code command}. */
    void start(List<String> command, List<String> config) throws IOException {
        Files.createDirectories(workDir.resolve("config"));
        Files.createDirectories(log.getParent());
        Files.write(workDir.resolve("config/application.properties"), config, StandardCharsets.UTF_8);
        this.command = List.copyOf(command);
        launch();
    }

    /**
     * Starts the process again with the same command and configuration, on the same ports, after {@link #kill()},
     * {@link #stop(Duration)} or a crash; the log goes on in the same file.
     *
     * @throws IllegalStateException while it still runs (two processes would fight over one port), or before it was
     *                               ever started
     */
    synchronized void restart() throws IOException {
        if (closed) {
            throw new IllegalStateException("the stack is stopped; " + spec.id() + " stays down");
        }
        if (command == null) {
            throw new IllegalStateException(spec.id() + " was never started");
        }
        if (process != null && process.isAlive()) {
            throw new IllegalStateException(spec.id() + " is still running");
        }
        launch();
    }

    /**
     * {@link #restart()}, then waits until it is ready; when it exits before that, starts it again after
     * {@code pause}, at most {@code launches} times in all. A port of the process it replaces can be held for a moment
     * after that one died: by a connection in TIME_WAIT, or by a client given that very port as its ephemeral one
     * (the ports of a stack moved by {@code --port-offset} may lie in the kernel's ephemeral range).
     *
     * @return whether it became ready (false: it still exited, or it runs but was not ready within {@code timeout})
     */
    boolean restartUntilReady(Duration timeout, int launches, Duration pause) throws IOException, InterruptedException {
        for (int launch = 1; ; launch++) {
            restart();
            if (awaitReady(timeout)) {
                return true;
            }
            if (isAlive() || launch >= launches) {
                return false;
            }
            Thread.sleep(pause);
        }
    }

    /** Stops the process for good: {@link #stop(Duration)}, and {@link #restart()} refuses from now on. */
    boolean close(Duration grace) throws InterruptedException {
        synchronized (this) {
            closed = true;
        }
        return stop(grace);
    }

    private void launch() throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        process = builder.start();
    }

    /** Polls {@code /q/health/ready} on the management port until 200; false when the process died or the time ran out. */
    boolean awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(spec.managementUrl() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).GET().build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return false;
            }
            try {
                if (HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return true;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        return false;
    }

    /** SIGKILL: no shutdown hook runs, nothing in flight is finished or recorded (a crash, an OOM kill). */
    void kill() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException(spec.id() + " (pid " + process.pid() + ") survived SIGKILL");
        }
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    /**
     * Asks the process to stop (SIGTERM, graceful shutdown), and kills it after the grace period; returns whether it
     * ended by itself within the grace (true also when it was not running).
     */
    boolean stop(Duration grace) throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return true;
        }
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            return true;
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        return false;
    }

    /** The last lines of the service's log, for a start-up failure report. */
    List<String> logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return all.subList(Math.max(0, all.size() - lines), all.size());
        } catch (IOException e) {
            return List.of("(no log: " + e.getMessage() + ")");
        }
    }
}
