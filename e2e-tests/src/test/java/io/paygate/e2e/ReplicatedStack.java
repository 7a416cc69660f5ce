package io.paygate.e2e;

import io.paygate.local.LocalStack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Three processes of every service on one database and broker ({@code deploy/local/run --replicas 3}), with the
 * suite's short clocks ({@link Stack#CONFIG}), for the tests that need production's shape: races between replicas,
 * one replica of each killed, a rolling restart. Its own ports (18381–18405 with the default offset, management ports
 * 19381–19405), beside the suite's 1-replica stack (18081), SecuredKafkaIT's (18181) and ReplicasLaunchIT's (18281).
 * Requests reach it through one {@link Ingress} per service, round robin over the replicas.
 */
final class ReplicatedStack implements AutoCloseable {

    static final int REPLICAS = 3;
    static final int PORT_OFFSET = Stack.PORT_OFFSET + 300;
    static final List<String> SERVICES = List.of("payment-service", "binding-service", "notification-service",
            "merchant-service", "ledger-service");

    /**
     * Fifteen JVMs start on two cores: C1 only and the serial collector take about half the CPU a start takes otherwise
     * (JIT threads, GC threads), and what these processes do needs no C2 code. {@code PAYGATE_SERVICE_JAVA_OPTS}
     * still wins.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final LocalStack stack;
    final Ingress payments;
    final Ingress bindings;
    final Ingress notifications;
    final Ingress ledger;

    private ReplicatedStack(LocalStack stack) {
        this.stack = stack;
        this.payments = ingress("payment-service");
        this.bindings = ingress("binding-service");
        this.notifications = ingress("notification-service");
        this.ledger = ingress("ledger-service");
    }

    /**
     * The suite's configuration, and a short provider timeout: a replica SIGKILLed between a payment's PROCESSING and
     * its charge reaching the sandbox provider leaves a payment only reconciliation ends (the provider never saw it:
     * FAILED), 10 minutes later by default; within 20 s here, so the kill tests' 90 s to settle cover it.
     */
    static ReplicatedStack launch() throws Exception {
        return launch(Stream.concat(Stack.CONFIG.stream(), Stream.of("gateway.payment.provider-timeout=20s")).toList());
    }

    /** The same stack with {@code config} ({@code key=value} lines) instead of the suite's short clocks. */
    static ReplicatedStack launch(List<String> config) throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        long t0 = System.nanoTime();
        LocalStack.Options options = LocalStack.Options.forTests(root, PORT_OFFSET, config).withReplicas(REPLICAS);
        if (System.getenv("PAYGATE_SERVICE_JAVA_OPTS") == null) {
            options = options.withServiceJvmOptions(JVM_OPTIONS);
        }
        LocalStack stack = LocalStack.launch(options);
        System.out.printf("ReplicatedStack: %d processes ready in %.1f s%n", SERVICES.size() * REPLICAS,
                (System.nanoTime() - t0) / 1e9);
        return new ReplicatedStack(stack);
    }

    /** The API address of replica {@code k} of {@code service}. */
    String baseUrl(String service, int k) {
        return stack.baseUrl(service, k);
    }

    private Ingress ingress(String service) {
        return new Ingress(service, IntStream.range(0, REPLICAS).mapToObj(k -> stack.baseUrl(service, k)).toList());
    }

    LocalStack stack() {
        return stack;
    }

    /** SIGKILL to replica {@code k} of every service at (nearly) the same moment. */
    void killReplica(int k) throws InterruptedException {
        for (String service : SERVICES) {
            stack.kill(service, k);
        }
    }

    /** Starts replica {@code k} of every service that is not running, all at once; returns once all are ready. */
    void startReplica(int k) throws Exception {
        List<Thread> starters = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (String service : SERVICES) {
            if (!stack.isRunning(service, k)) {
                starters.add(Thread.ofVirtual().start(() -> {
                    try {
                        stack.restart(service, k);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
        }
        joinAll(starters);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("replica " + k + " did not come back: " + failures);
        }
    }

    /**
     * A rolling restart of every service at once, each as its Deployment's rolling update does it (the
     * Deployments roll side by side): replica by replica, SIGTERM (graceful shutdown), started again on the same
     * ports, ready on its management port before the service's next replica goes.
     *
     * @return per service, how long each replica was away (stopped to ready)
     */
    Map<String, List<Duration>> rollingRestart() throws Exception {
        Map<String, List<Duration>> away = new java.util.concurrent.ConcurrentHashMap<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> rollers = new ArrayList<>();
        for (String service : SERVICES) {
            rollers.add(Thread.ofVirtual().start(() -> {
                try {
                    away.put(service, rollingRestart(service));
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        joinAll(rollers);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("the rolling restart failed: " + failures);
        }
        return new java.util.TreeMap<>(away);
    }

    /**
     * Waits for every thread; when the test is interrupted (its time is up), interrupts them and still waits, so that
     * none starts a process after the test has moved on.
     */
    private static void joinAll(List<Thread> threads) throws InterruptedException {
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            threads.forEach(Thread::interrupt);
            for (Thread thread : threads) {
                thread.join(30_000);
            }
            throw e;
        }
    }

    /** One service, replica by replica: SIGTERM, started again, ready before the next. */
    private List<Duration> rollingRestart(String service) throws Exception {
        List<Duration> away = new ArrayList<>();
        for (int k = 0; k < REPLICAS; k++) {
            long t0 = System.nanoTime();
            stack.stop(service, k);
            stack.restart(service, k); // returns once /q/health/ready on its management port says UP
            away.add(Duration.ofNanos(System.nanoTime() - t0));
        }
        return away;
    }

    @Override
    public void close() {
        stack.stop();
    }
}
