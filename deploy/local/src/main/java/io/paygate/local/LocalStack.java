package io.paygate.local;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local stack (CONTRACT §8): an embedded PostgreSQL with one database per service, an embedded
 * Kafka broker, and the three services as separate processes on 8081–8083 with the sandbox merchants.
 * Runs until interrupted (Ctrl-C or SIGTERM), then stops everything it started and, unless
 * {@code --keep-data} was given, removes its data. Tests start the same stack with {@link #launch(Options)}.
 */
public final class LocalStack {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Options options;
    private final Path runDir;
    private final List<ServiceSpec> specs;
    private final List<ServiceProcess> services = new ArrayList<>();
    /** Service-to-service bearer token, new for every run. */
    private final String internalToken = java.util.UUID.randomUUID().toString();
    private EmbeddedPostgresServer postgres;
    private EmbeddedKafkaBroker kafka;
    private boolean stopped;

    private LocalStack(Options options, Path runDir) {
        this.options = options;
        this.runDir = runDir;
        this.specs = ServiceSpec.all(options.portOffset());
    }

    /**
     * Starts the whole stack and returns once every service is ready; {@link #stop()} (or JVM exit) stops it.
     *
     * @throws IllegalStateException when a jar is missing, a port is taken, or a service does not become ready
     */
    public static LocalStack launch(Options options) throws IOException, InterruptedException {
        List<String> problems = preflight(options);
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("; ", problems));
        }
        Path runDir = options.dataDir() != null
                ? Files.createDirectories(options.dataDir())
                : Files.createTempDirectory("paygate-local-");
        LocalStack stack = new LocalStack(options, runDir);
        Runtime.getRuntime().addShutdownHook(new Thread(stack::stop, "local-stack-stop"));
        if (!stack.start()) {
            stack.stop();
            throw new IllegalStateException("the local stack did not start; logs in " + runDir.resolve("logs"));
        }
        return stack;
    }

    /** {@code http://localhost:<port>} of a service ({@code payment-service}, …). */
    public String baseUrl(String service) {
        return spec(service).baseUrl();
    }

    /**
     * The broker, for fault tests: {@link EmbeddedKafkaBroker#disconnect()} makes it unreachable for every client
     * (new connections refused, live ones dropped) until {@link EmbeddedKafkaBroker#reconnect()}.
     */
    public EmbeddedKafkaBroker kafka() {
        return kafka;
    }

    /** Kills a service with SIGKILL, as a crash or the OOM killer would: no graceful shutdown. */
    public void kill(String service) throws InterruptedException {
        process(service).kill();
    }

    /** Starts a killed or stopped service again, with the same command and configuration; returns once it is ready. */
    public void restart(String service) throws IOException, InterruptedException {
        ServiceProcess process = process(service);
        process.restart();
        if (!process.awaitReady(READY_TIMEOUT)) {
            process.logTail(40).forEach(line -> System.err.println("    " + line));
            throw new IllegalStateException(service + " did not become ready again; log " + process.log());
        }
    }

    private ServiceProcess process(String service) {
        return services.stream().filter(s -> s.spec().name().equals(service)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service " + service));
    }

    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** JDBC URL of a service's database ({@code payment}, {@code binding}, {@code notification}). */
    public String jdbcUrl(String database) {
        return postgres.jdbcUrl(database);
    }

    public String internalToken() {
        return internalToken;
    }

    public Path runDir() {
        return runDir;
    }

    private ServiceSpec spec(String service) {
        return specs.stream().filter(s -> s.name().equals(service)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service " + service));
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("deploy/local/run: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.println(Options.USAGE);
            return;
        }
        LocalStack stack;
        try {
            stack = launch(options);
        } catch (IllegalStateException e) {
            System.err.println("deploy/local/run: " + e.getMessage());
            System.exit(1);
            return;
        }
        stack.printBanner();
        Thread.currentThread().join();
    }

    private static List<String> preflight(Options options) {
        List<String> problems = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (!Files.isRegularFile(spec.jar(options.repoRoot()))) {
                problems.add(spec.jar(options.repoRoot()) + " is missing: build with ./mvnw -DskipTests package");
            }
        }
        List<Integer> ports = new ArrayList<>(ServiceSpec.all(options.portOffset()).stream().map(ServiceSpec::port).toList());
        ports.add(options.postgresPort());
        for (int port : ports) {
            try (ServerSocket probe = new ServerSocket()) {
                probe.setReuseAddress(true); // before bind, so a closing connection's TIME_WAIT does not count as "in use"
                probe.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            } catch (IOException e) {
                problems.add("port " + port + " is in use (is another stack running?)");
            }
        }
        return problems;
    }

    private boolean start() throws IOException, InterruptedException {
        System.out.println("paygate local stack, data in " + runDir);

        long t0 = System.nanoTime();
        postgres = EmbeddedPostgresServer.start(options.postgresPort(), runDir.resolve("postgres"));
        for (ServiceSpec spec : specs) {
            postgres.createDatabase(spec.database());
        }
        step("PostgreSQL on 127.0.0.1:" + postgres.port() + " (databases "
                + String.join(", ", specs.stream().map(ServiceSpec::database).toList()) + ")", t0);

        t0 = System.nanoTime();
        kafka = EmbeddedKafkaBroker.start(runDir.resolve("kafka"));
        kafka.createTopics(Topics.PAYMENT_STATUS, Topics.BINDING_STATUS, Topics.DISBURSEMENT_STATUS);
        step("Kafka on " + kafka.bootstrapServers() + " (topics " + Topics.PAYMENT_STATUS + ", "
                + Topics.BINDING_STATUS + ", " + Topics.DISBURSEMENT_STATUS + ")", t0);

        t0 = System.nanoTime();
        for (ServiceSpec spec : specs) {
            ServiceProcess service = new ServiceProcess(spec, runDir);
            services.add(service);
            service.start(spec.jar(options.repoRoot()), serviceConfig(spec), options.serviceJvmOptions());
            System.out.println("  starting " + spec.name() + " (log " + service.log() + ")");
        }
        for (ServiceProcess service : services) {
            if (!service.awaitReady(READY_TIMEOUT)) {
                System.err.println(service.spec().name() + " did not become ready; the end of its log:");
                service.logTail(40).forEach(line -> System.err.println("    " + line));
                return false;
            }
            step(service.spec().name() + " ready on " + service.spec().baseUrl(), t0);
        }
        return true;
    }

    /** What one service reads from {@code config/application.properties}; the environment overrides it. */
    private List<String> serviceConfig(ServiceSpec spec) {
        List<String> lines = new ArrayList<>();
        lines.add("# Written by deploy/local/run; environment variables take precedence over these.");
        lines.add("quarkus.http.port=" + spec.port());
        lines.add("quarkus.datasource.jdbc.url=" + postgres.jdbcUrl(spec.database()));
        lines.add("quarkus.datasource.username=" + EmbeddedPostgresServer.USER);
        lines.add("quarkus.datasource.password=" + EmbeddedPostgresServer.PASSWORD);
        lines.add("kafka.bootstrap.servers=" + kafka.bootstrapServers());
        lines.add("gateway.callbacks.allow-local=true");
        lines.add("quarkus.swagger-ui.enabled=true");
        lines.add("gateway.internal.token=" + internalToken);
        if (spec.name().equals("payment-service")) {
            // The hosted page asks binding-service for the customer's ACTIVE direct-debit bindings.
            lines.add("quarkus.rest-client.bindings.url=" + spec("binding-service").baseUrl());
            lines.add("gateway.payment.public-base-url=" + spec.baseUrl());
        }
        if (spec.name().equals("binding-service")) {
            lines.add("gateway.binding.public-base-url=" + spec.baseUrl());
        }
        lines.addAll(SandboxMerchants.configLines());
        lines.addAll(options.extraConfig());
        return lines;
    }

    private void printBanner() {
        System.out.println();
        System.out.println("paygate is up. Ctrl-C stops everything" + (options.keepData() ? " and keeps " + runDir : "") + ".");
        for (ServiceSpec spec : specs) {
            System.out.printf("  %-21s %s   (ready: %s/q/health/ready)%n", spec.name(), spec.baseUrl(), spec.baseUrl());
        }
        System.out.println("  PostgreSQL            " + postgres.jdbcUrl("<payment|binding|notification>")
                + " user " + EmbeddedPostgresServer.USER + " password " + EmbeddedPostgresServer.PASSWORD);
        System.out.println("  Kafka                 " + kafka.bootstrapServers());
        System.out.println("Sandbox merchants (X-PARTNER-ID / client secret / notification secret):");
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            System.out.printf("  %-6s %-20s %s%n", m.id(), m.clientSecret(), m.notificationSecret());
        }
        System.out.println("Ops token: " + SandboxMerchants.OPS_TOKEN);
    }

    /** Stops the services (SIGTERM, then kill after a grace period), the broker and the database. */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        System.out.println("stopping paygate local stack…");
        List<Thread> stoppers = services.stream().map(service -> Thread.ofVirtual().start(() -> {
            try {
                service.stop(STOP_GRACE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })).toList();
        for (Thread stopper : stoppers) {
            try {
                stopper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeQuietly(kafka);
        closeQuietly(postgres);
        if (!options.keepData() && options.dataDir() == null) {
            deleteRecursively(runDir);
        }
        System.out.println("stopped" + (options.keepData() || options.dataDir() != null ? "; data kept in " + runDir : "") + ".");
    }

    private static void step(String what, long startedNanos) {
        System.out.printf("  %s  [%.1f s]%n", what, (System.nanoTime() - startedNanos) / 1e9);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            System.err.println("while stopping: " + e.getMessage());
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not remove " + dir + ": " + e.getMessage());
        }
    }

    /** Command-line options of {@code deploy/local/run}, and what tests pass to {@link #launch(Options)}. */
    public record Options(Path repoRoot, Path dataDir, boolean keepData, int postgresPort, int portOffset,
                          List<String> extraConfig, List<String> serviceJvmOptions, boolean help) {

        static final String USAGE = """
                usage: deploy/local/run [--keep-data] [--data-dir DIR] [--pg-port PORT] [--port-offset N]
                                        [--set key=value]... [--rebuild]
                  --keep-data      keep the run's data (database, broker logs, service logs) after it stops
                  --data-dir DIR   put the run's data in DIR (kept after it stops)
                  --pg-port PORT   PostgreSQL port (default 15432)
                  --port-offset N  run the services on 8081+N, 8082+N, 8083+N (a second stack beside the first)
                  --set key=value  one more configuration line for every service (repeatable)
                  --rebuild        rebuild the services with ./mvnw before starting
                Environment: everything is passed on to the services (e.g. GATEWAY_NOTIFICATION_RETRY_DELAYS=1s,2s,4s);
                PAYGATE_SERVICE_JAVA_OPTS sets the services' JVM options (default -Xmx512m).""";

        /** The defaults for a stack started from code: free PostgreSQL port, throw-away data. */
        public static Options forTests(Path repoRoot, int portOffset, List<String> extraConfig) {
            return new Options(repoRoot.toAbsolutePath().normalize(), null, false, 0, portOffset,
                    List.copyOf(extraConfig), jvmOptions(), false);
        }

        static Options parse(String[] args) {
            Path repoRoot = Path.of(System.getProperty("paygate.home", ".")).toAbsolutePath().normalize();
            Path dataDir = null;
            boolean keep = false;
            boolean help = false;
            int pgPort = 15432;
            int offset = 0;
            List<String> extra = new ArrayList<>();
            List<String> rest = new ArrayList<>(Arrays.asList(args));
            while (!rest.isEmpty()) {
                String arg = rest.removeFirst();
                switch (arg) {
                    case "--keep-data" -> keep = true;
                    case "--data-dir" -> dataDir = Path.of(value(rest, arg)).toAbsolutePath();
                    case "--pg-port" -> pgPort = Integer.parseInt(value(rest, arg));
                    case "--port-offset" -> offset = Integer.parseInt(value(rest, arg));
                    case "--set" -> extra.add(value(rest, arg));
                    case "-h", "--help" -> help = true;
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            return new Options(repoRoot, dataDir, keep, pgPort, offset, extra, jvmOptions(), help);
        }

        private static List<String> jvmOptions() {
            String jvm = System.getenv().getOrDefault("PAYGATE_SERVICE_JAVA_OPTS", "-Xmx512m");
            return Arrays.stream(jvm.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        }

        private static String value(List<String> rest, String option) {
            if (rest.isEmpty()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return rest.removeFirst();
        }
    }
}
