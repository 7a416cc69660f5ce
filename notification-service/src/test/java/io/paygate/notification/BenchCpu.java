package io.paygate.notification;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * For the notification benchmark: where the CPU of a phase went, and which cores the work may use.
 * <ul>
 *   <li><b>Accounting.</b> The benchmark runs the gateway, the Kafka broker, the producers, the bare consumer and the
 *       merchant sink in one JVM. Per Java thread ({@link ThreadMXBean}, full names) the CPU of a phase is the
 *       gateway's unless the thread is the harness's (the broker's threads, the benchmark's producers and probe
 *       consumer, the sink's event loop, the test's main thread); what the process used beyond its Java threads is
 *       the JVM runtime's (JIT compilers, GC, threads that ended during the phase), shared by both. PostgreSQL's is
 *       the postmaster's with its live and exited backends, from {@code /proc}.</li>
 *   <li><b>Cores</b> ({@code -Dbench.pin=true}, the default where {@code taskset} exists and there are at least two
 *       cores): the harness's threads are pinned to the last core and the gateway's threads and PostgreSQL to the
 *       others, so a latency percentile is the gateway's and not the load generator's or the broker's; the JVM's
 *       runtime threads (JIT, GC) are left on all cores. Threads are re-pinned every second as new ones start.
 *       Other processes on the machine are not moved: {@link Usage#others} says how much they took.</li>
 * </ul>
 */
final class BenchCpu implements AutoCloseable {

    /** Native thread names (15 characters at most) of the harness: broker, benchmark clients, test thread. */
    private static final List<String> HARNESS_NATIVE = List.of("data-plane-kafk", "kafka-", "group-coordinat",
            "broker-", "controller-", "quorum-controll", "share-", "transaction-log", "raft-", "persister-",
            "PersisterState", "LogDirFailureHa", "AddPartitionsTo", "TxnMarkerSender", "executor-Fetch",
            "executor-group-", "client-metrics", "tcp-proxy", "ExpirationReape",
            "java", "bench-", "main");
    /** Native thread names of the JVM itself: left on every core. */
    private static final List<String> RUNTIME_NATIVE = List.of("C1 CompilerThre", "C2 CompilerThre", "GC Thread",
            "G1 ", "VM ", "Service Thread", "Signal Dispatch", "Reference", "Finalizer", "Common-Cleaner",
            "Monitor Deflati", "Notification Th", "Attach Listener", "Sweeper");
    /** Java thread names of the harness. */
    private static final List<String> HARNESS_JAVA = List.of("data-plane-kafka", "kafka-", "group-coordinator",
            "broker-", "controller-", "quorum-controller", "share-", "transaction-log", "raft-", "persister-",
            "PersisterState", "LogDirFailureHandler", "AddPartitionsTo", "TxnMarkerSender", "executor-Fetch",
            "executor-group", "client-metrics", "tcp-proxy", "ExpirationReaper",
            "main", "bench-");
    /** The gateway's own Kafka clients, whose threads are named like the benchmark's. */
    private static final List<String> GATEWAY_JAVA = List.of("kafka-producer-network-thread | notification-dead",
            "kafka-coordinator-heartbeat-thread | notification-service");

    /** Threads of the merchant sink (they are named like the gateway's Vert.x threads): Java ids and native ids. */
    static final Set<Long> SINK_THREADS = ConcurrentHashMap.newKeySet();
    static final Set<Integer> SINK_TIDS = ConcurrentHashMap.newKeySet();

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final int postgresPort;
    private final String measuredCores;
    private final String harnessCores;
    private final Thread pinner;
    private volatile boolean open = true;

    private BenchCpu(int postgresPort, String measuredCores, String harnessCores) {
        this.postgresPort = postgresPort;
        this.measuredCores = measuredCores;
        this.harnessCores = harnessCores;
        if (measuredCores != null) {
            pinner = Thread.ofPlatform().daemon().name("bench-pinner").start(() -> {
                while (open) {
                    pinAll();
                    sleep(1_000);
                }
            });
        } else {
            pinner = null;
        }
    }

    /** Starts the accounting, and the pinning where it can. */
    static BenchCpu start(int postgresPort) {
        int cores = Runtime.getRuntime().availableProcessors();
        boolean pin = Boolean.parseBoolean(System.getProperty("bench.pin", "true")) && cores >= 2 && hasTaskset();
        String measured = pin ? (cores == 2 ? "0" : "0-" + (cores - 2)) : null;
        String harness = pin ? Integer.toString(cores - 1) : null;
        BenchCpu cpu = new BenchCpu(postgresPort, measured, harness);
        if (pin) {
            cpu.pinAll();
            System.out.printf("BENCH cores: gateway threads and PostgreSQL on CPU %s; broker, producers, probe, sink and "
                    + "the test thread on CPU %s; JIT and GC threads on all (-Dbench.pin=false: no pinning)%n",
                    measured, harness);
        } else {
            System.out.printf("BENCH cores: no pinning (%d cores, taskset %s, -Dbench.pin=%s)%n", cores,
                    hasTaskset() ? "present" : "absent", System.getProperty("bench.pin", "true"));
        }
        return cpu;
    }

    /** Called on a sink thread: it is the harness's (named like the gateway's event loops). */
    static void sinkThread() {
        if (SINK_THREADS.add(Thread.currentThread().threadId())) {
            try {
                String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
                SINK_TIDS.add(Integer.parseInt(self.substring(self.lastIndexOf('/') + 1)));
            } catch (IOException | RuntimeException e) {
                // no /proc: not pinned
            }
        }
    }

    /** A snapshot to measure a phase from. */
    Snapshot snapshot() {
        Map<Long, Long> perThread = new HashMap<>();
        Map<Long, Boolean> harness = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu >= 0) {
                perThread.put(info.getThreadId(), cpu);
                harness.put(info.getThreadId(), isHarness(info.getThreadId(), info.getThreadName()));
                names.put(info.getThreadId(), info.getThreadName());
            }
        }
        return new Snapshot(System.nanoTime(), processCpuNanos(), perThread, harness, names, postgresCpuNanos(),
                machineBusyNanos());
    }

    /** What the phase since {@code from} used. */
    Usage since(Snapshot from) {
        Snapshot to = snapshot();
        long gateway = 0;
        long harness = 0;
        long javaThreads = 0;
        Map<String, Long> byGroup = new HashMap<>();
        for (Map.Entry<Long, Long> t : to.perThread().entrySet()) {
            long delta = t.getValue() - from.perThread().getOrDefault(t.getKey(), 0L);
            if (delta < 0) {
                continue;
            }
            javaThreads += delta;
            if (to.harness().get(t.getKey())) {
                harness += delta;
            } else {
                gateway += delta;
                byGroup.merge(to.names().get(t.getKey()).replaceAll("[-#]?[0-9]+$", "").replaceAll("-[0-9]+-", "-N-"),
                        delta, Long::sum);
            }
        }
        lastGroups = byGroup;
        long process = to.process() - from.process();
        long postgres = to.postgres() - from.postgres();
        long machine = to.machine() - from.machine();
        return new Usage((to.at() - from.at()) / 1e9, gateway, Math.max(0, process - javaThreads), harness, postgres,
                Math.max(0, machine - process - postgres));
    }

    private boolean isHarness(long threadId, String name) {
        if (SINK_THREADS.contains(threadId)) {
            return true;
        }
        for (String gateway : GATEWAY_JAVA) {
            if (name.startsWith(gateway)) {
                return false;
            }
        }
        for (String prefix : HARNESS_JAVA) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    record Snapshot(long at, long process, Map<Long, Long> perThread, Map<Long, Boolean> harness,
                    Map<Long, String> names, long postgres, long machine) {
    }

    private volatile Map<String, Long> lastGroups = Map.of();

    /** The gateway's threads of the last {@link #since}, grouped by name, the busiest first. */
    void printGroups(long notifications) {
        StringBuilder line = new StringBuilder("BENCH cpu gateway threads per notification:");
        lastGroups.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(8)
                .forEach(e -> line.append(String.format(" %s %.3f ms;", e.getKey(), e.getValue() / 1e6 / notifications)));
        System.out.println(line);
    }

    /**
     * CPU of a phase in nanoseconds: the gateway's Java threads, the JVM runtime (JIT, GC, ended threads), the
     * harness's threads, PostgreSQL, and every other process on the machine.
     */
    record Usage(double seconds, long gateway, long runtime, long harness, long postgres, long others) {

        void print(String phase, long notifications) {
            System.out.printf("BENCH cpu %s: %.1f s; gateway threads %.0f ms, JVM runtime (JIT, GC, ended threads) %.0f ms, "
                            + "harness %.0f ms, PostgreSQL %.0f ms; other processes %.2f cores%n", phase, seconds,
                    gateway / 1e6, runtime / 1e6, harness / 1e6, postgres / 1e6, others / 1e9 / seconds);
            System.out.printf("BENCH cpu %s per notification: gateway %.3f ms + runtime %.3f ms = JVM %.3f ms; "
                            + "PostgreSQL %.3f ms; gateway + PostgreSQL %.3f ms (%d notifications)%n", phase,
                    gateway / 1e6 / notifications, runtime / 1e6 / notifications,
                    (gateway + runtime) / 1e6 / notifications, postgres / 1e6 / notifications,
                    (gateway + postgres) / 1e6 / notifications, notifications);
        }
    }

    private static long processCpuNanos() {
        return ticksToNanos(statTicks(Path.of("/proc/self/stat"), false));
    }

    /** The postmaster listening on the port, its live children and its exited children (cutime, cstime). */
    private long postgresCpuNanos() {
        long postmaster = postmaster();
        if (postmaster < 0) {
            return 0;
        }
        long ticks = statTicks(Path.of("/proc/" + postmaster + "/stat"), true);
        for (long child : children(postmaster)) {
            ticks += statTicks(Path.of("/proc/" + child + "/stat"), false);
        }
        return ticksToNanos(ticks);
    }

    private long cachedPostmaster = -1;

    private long postmaster() {
        if (cachedPostmaster > 0 && Files.exists(Path.of("/proc/" + cachedPostmaster))) {
            return cachedPostmaster;
        }
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ');
                    if (cmd.contains("/bin/postgres") && cmd.contains("-p " + postgresPort)) {
                        cachedPostmaster = Long.parseLong(p.getFileName().toString());
                        return cachedPostmaster;
                    }
                } catch (IOException | RuntimeException e) {
                    // gone
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    private static List<Long> children(long parent) {
        List<Long> children = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(f[1]) == parent) {
                        children.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException e) {
                    // gone
                }
            }
        } catch (IOException e) {
            // none
        }
        return children;
    }

    /** utime + stime (+ cutime + cstime) in clock ticks. */
    private static long statTicks(Path stat, boolean withChildren) {
        try {
            String text = Files.readString(stat);
            String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
            // after "pid (comm) ": state is f[0]; utime f[11], stime f[12], cutime f[13], cstime f[14]
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
            if (withChildren) {
                ticks += Long.parseLong(f[13]) + Long.parseLong(f[14]);
            }
            return ticks;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Busy time of all cores (everything but idle and iowait) from /proc/stat. */
    private static long machineBusyNanos() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                if (i != 4 && i != 5) {
                    busy += Long.parseLong(f[i]);
                }
            }
            return ticksToNanos(busy);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long ticksToNanos(long ticks) {
        return ticks * 10_000_000L; // USER_HZ = 100 on Linux
    }

    private void pinAll() {
        long postmaster = postmaster();
        if (postmaster > 0) {
            pin(postmaster, measuredCores, true);
            for (long child : children(postmaster)) {
                pin(child, measuredCores, false);
            }
        }
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    int tid = Integer.parseInt(task.getFileName().toString());
                    String comm = Files.readString(task.resolve("comm")).trim();
                    if (startsWithAny(comm, RUNTIME_NATIVE)) {
                        continue;
                    }
                    boolean harness = SINK_TIDS.contains(tid) || startsWithAny(comm, HARNESS_NATIVE);
                    pin(tid, harness ? harnessCores : measuredCores, false);
                } catch (IOException | RuntimeException e) {
                    // ended meanwhile
                }
            }
        } catch (IOException e) {
            // no /proc
        }
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Pins a task (thread or process; {@code all}: every thread of a process) unless it is pinned so already. */
    private static void pin(long id, String cpus, boolean all) {
        try {
            Path status = Path.of("/proc/" + id + "/status");
            if (!Files.exists(status)) {
                status = Path.of("/proc/self/task/" + id + "/status");
            }
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("Cpus_allowed_list:") && line.substring(18).trim().equals(cpus)) {
                    return;
                }
            }
            List<String> command = new ArrayList<>(List.of("taskset"));
            if (all) {
                command.add("-a");
            }
            command.addAll(List.of("-p", "-c", cpus, Long.toString(id)));
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException | RuntimeException e) {
            // ended meanwhile
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean hasTaskset() {
        try {
            Process p = new ProcessBuilder("taskset", "-V").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        open = false;
        if (pinner != null) {
            pinner.interrupt();
            pinner.join(5_000);
        }
    }
}
