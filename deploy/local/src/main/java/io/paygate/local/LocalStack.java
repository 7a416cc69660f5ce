package io.paygate.local;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.infra.EmbeddedMailServer;
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
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The local stack (docs/contract.md §8): an embedded PostgreSQL with one database per service, an embedded
 * Kafka broker, and the five services as separate processes on 8081–8085 with the sandbox merchants; with
 * {@code --replicas N}, N processes of every service against the same database and broker, replica k of each on its
 * port + 10·k. Every port listens on 127.0.0.1 only unless {@code --listen} opens the services' ports wider.
 * Runs until interrupted (Ctrl-C or SIGTERM), then stops everything it started and, unless
 * {@code --keep-data} was given, removes its data. Tests start the same stack with {@link #launch(Options)}.
 */
public final class LocalStack {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    /** More time per extra replica: all of them start at once and share the machine's cores. */
    private static final Duration READY_TIMEOUT_PER_REPLICA = Duration.ofSeconds(60);
    /** A restarted replica that exits before it is ready (its port still held a moment) is started this often. */
    private static final int RELAUNCHES = 5;
    private static final Duration RELAUNCH_PAUSE = Duration.ofSeconds(2);
    private static final int STOP_GRACE_SECONDS = 20;
    private static final Duration STOP_GRACE = Duration.ofSeconds(STOP_GRACE_SECONDS);

    private final Options options;
    private final Path runDir;
    /** Replica 0 of every service: the public addresses, one database and one Kafka principal per service. */
    private final List<ServiceSpec> specs;
    /** Every process, replica 0 of each service first. */
    private final List<ServiceProcess> services = new ArrayList<>();
    /** Service-to-service bearer token, new for every run. */
    private final String internalToken = java.util.UUID.randomUUID().toString();
    /**
     * Key of the event signatures (docs/contract.md §7, {@code gateway.events.signing-key}), new for every run and the same for
     * every service: producers sign with it, notification-service verifies. 32 random bytes, base64url (43 characters).
     */
    private final String eventSigningKey = ServiceConfig.newKey();
    /** Key of the sandbox provider's callback signatures, new for every run and the same for every payment-service. */
    private final String providerSecret = ServiceConfig.newKey();
    /** Key of the SNAP access tokens ({@code gateway.snap.token-key}, docs/contract.md §9), new for every run. */
    private final String snapTokenKey = ServiceConfig.newKey();
    /**
     * Key that seals the merchants' secrets ({@code gateway.merchants.encryption-key}, docs/contract.md §10), the same
     * for every service: kept in the run directory, so a stack started again on kept data opens its registry.
     */
    private final String encryptionKey;
    private EmbeddedPostgresServer postgres;
    private EmbeddedKafkaBroker kafka;
    /** The SMTP server payment-service sends to, with its reader of what it received (docs/contract.md §8). */
    private EmbeddedMailServer mail;
    /** Each service's Kafka principal when the broker is secured ({@code --kafka-security sasl-ssl}), else null. */
    private KafkaPrincipals kafkaPrincipals;
    private boolean stopped;

    private LocalStack(Options options, Path runDir) {
        this.options = options;
        this.runDir = runDir;
        this.specs = ServiceSpec.all(options.portOffset());
        this.encryptionKey = encryptionKey(runDir);
    }

    /** The run directory's merchant encryption key, made (base64 of 32 random bytes) on the first start there. */
    static String encryptionKey(Path runDir) {
        Path file = runDir.resolve("merchant-encryption.key");
        try {
            if (Files.isRegularFile(file)) {
                return Files.readString(file).strip();
            }
            String key = io.paygate.model.merchant.SecretSealer.generateKey();
            Files.writeString(file, key + "\n");
            return key;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot keep the merchant encryption key in " + runDir, e);
        }
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

    /** {@code http://localhost:<port>} of a service ({@code payment-service}, …): its first replica, the public address. */
    public String baseUrl(String service) {
        return baseUrl(service, 0);
    }

    /** {@code http://localhost:<port>} of replica {@code replica} (0 … {@link #replicas()} − 1) of a service. */
    public String baseUrl(String service, int replica) {
        return process(service, replica).spec().baseUrl();
    }

    /** Where the service's (first replica's) health and metrics are (its management interface). */
    public String managementUrl(String service) {
        return managementUrl(service, 0);
    }

    /** Where a replica's health and metrics are: its own port + 1000. */
    public String managementUrl(String service, int replica) {
        return process(service, replica).spec().managementUrl();
    }

    /** How many processes of every service run. */
    public int replicas() {
        return options.replicas();
    }

    /** The log of a replica of a service: {@code logs/<service>.log} for replica 0, {@code logs/<service>-<k>.log}. */
    public Path log(String service, int replica) {
        return process(service, replica).log();
    }

    /**
     * The broker, for fault tests: {@link EmbeddedKafkaBroker#disconnect()} makes it unreachable for every client
     * (new connections refused, live ones dropped) until {@link EmbeddedKafkaBroker#reconnect()}.
     */
    public EmbeddedKafkaBroker kafka() {
        return kafka;
    }

    /**
     * The database server, for fault tests: {@link EmbeddedPostgresServer#stop()} stops it as an outage would (every
     * session ended, new connections refused) and {@link EmbeddedPostgresServer#restart()} starts it again on the same
     * port with the same data.
     */
    public EmbeddedPostgresServer postgres() {
        return postgres;
    }

    /**
     * The stack's SMTP server, which keeps every mail payment-service sent (the payment links' e-mail, docs/contract.md
     * §11): {@link EmbeddedMailServer#receivedBy(String)} reads them, {@link EmbeddedMailServer#disconnect()} takes it
     * away as in an outage until {@link EmbeddedMailServer#reconnect()}.
     */
    public EmbeddedMailServer mail() {
        return mail;
    }

    /** Where the mail the stack received is read over HTTP ({@code GET /} as text, {@code GET /messages} as JSON). */
    public String mailReaderUrl() {
        return mail.readerUrl();
    }

    /** Kills a service (its first replica) with SIGKILL, as a crash or the OOM killer would: no graceful shutdown. */
    public void kill(String service) throws InterruptedException {
        kill(service, 0);
    }

    /** Kills one replica of a service with SIGKILL; the others keep running. */
    public void kill(String service, int replica) throws InterruptedException {
        process(service, replica).kill();
    }

    /**
     * Stops one replica of a service as Kubernetes stops a pod in a rolling update: SIGTERM, so it shuts down
     * gracefully, and SIGKILL only if it is still running after the grace period ({@value #STOP_GRACE_SECONDS} s).
     * The others keep running; {@link #restart(String, int)} starts it again on the same ports.
     *
     * @return whether it ended by itself within the grace period
     */
    public boolean stop(String service, int replica) throws InterruptedException {
        return process(service, replica).stop(STOP_GRACE);
    }

    /** Whether the process of a replica is running (it may not be ready yet). */
    public boolean isRunning(String service, int replica) {
        return process(service, replica).isAlive();
    }

    /** Starts a killed or stopped service (its first replica) again, with the same command and configuration. */
    public void restart(String service) throws IOException, InterruptedException {
        restart(service, 0);
    }

    /**
     * Starts a killed or stopped replica again, with the same command and configuration, on the same ports; returns
     * once it is ready on its management port ({@code /q/health/ready}). One that exits before it is ready (a port
     * still held a moment after the old process died) is started again, up to {@value #RELAUNCHES} times.
     *
     * @throws IllegalStateException while it still runs, when it does not become ready, or once the stack is stopped
     */
    public void restart(String service, int replica) throws IOException, InterruptedException {
        ServiceProcess process = process(service, replica);
        // Never a process started after stop() (nothing would end it): a stopped stack's processes refuse to start.
        if (!process.restartUntilReady(READY_TIMEOUT, RELAUNCHES, RELAUNCH_PAUSE)) {
            process.logTail(40).forEach(line -> System.err.println("    " + line));
            throw new IllegalStateException(process.spec().id() + " did not become ready again; log " + process.log());
        }
    }

    /**
     * {@link #restart(String, int)} with {@code environment} on top of the replica's own environment from now on (it
     * wins over the stack's configuration file, as the environment always does): one replica with another setting,
     * e.g. {@code QUARKUS_SHUTDOWN_DELAY}, beside the others.
     */
    public void restart(String service, int replica, java.util.Map<String, String> environment)
            throws IOException, InterruptedException {
        process(service, replica).addEnvironment(environment);
        restart(service, replica);
    }

    private ServiceProcess process(String service, int replica) {
        spec(service); // an unknown service says so, rather than "no replica"
        return services.stream().filter(s -> s.spec().name().equals(service) && s.spec().replica() == replica)
                .findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "no replica " + replica + " of " + service + " (this stack runs " + replicas() + ")"));
    }

    public String kafkaBootstrapServers() {
        return kafka.bootstrapServers();
    }

    /** A service's Kafka principal on a secured broker ({@link KafkaSecurity#SASL_SSL}). */
    public EmbeddedKafkaBroker.Credentials kafkaPrincipal(String service) {
        if (kafkaPrincipals == null) {
            throw new IllegalStateException("the broker is not secured");
        }
        return kafkaPrincipals.byService().get(service);
    }

    /**
     * JDBC URL of a service's database ({@code payment}, {@code binding}, {@code notification}, {@code merchant},
     * {@code ledger}).
     */
    public String jdbcUrl(String database) {
        return postgres.jdbcUrl(database);
    }

    public String internalToken() {
        return internalToken;
    }

    /** {@code gateway.snap.token-key} of this run (docs/contract.md §9), for a process started beside the stack. */
    public String snapTokenKey() {
        return snapTokenKey;
    }

    /** The services' event signing key, for tests that produce events themselves. */
    public String eventSigningKey() {
        return eventSigningKey;
    }

    /** {@code gateway.merchants.encryption-key} of this stack (docs/contract.md §10), for tests that look for it. */
    public String merchantsEncryptionKey() {
        return encryptionKey;
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

    /**
     * Every port the stack opens, which no callback URL may name ({@code gateway.callbacks.gateway-ports},
     * docs/contract.md §6): each replica's API and management ports, PostgreSQL's, and every one of the broker's (its
     * clients' address and its own listeners).
     */
    static List<Integer> stackPorts(List<ServiceSpec> processes, int postgresPort, List<Integer> kafkaPorts) {
        return stackPorts(processes, postgresPort, kafkaPorts, List.of());
    }

    /** The same, with the SMTP server's and its reader's ports. */
    static List<Integer> stackPorts(List<ServiceSpec> processes, int postgresPort, List<Integer> kafkaPorts,
                                    List<Integer> mailPorts) {
        List<Integer> ports = new ArrayList<>(ServiceSpec.ports(processes));
        ports.add(postgresPort);
        kafkaPorts.stream().filter(port -> !ports.contains(port)).forEach(ports::add);
        mailPorts.stream().filter(port -> !ports.contains(port)).forEach(ports::add);
        return List.copyOf(ports);
    }

    /**
     * The stack's SMTP server on {@code smtpPort} of 127.0.0.1 and its reader on {@code readerPort} (0: free ones):
     * what payment-service sends is kept and read over HTTP.
     */
    static EmbeddedMailServer startMail(int smtpPort, int readerPort) {
        EmbeddedMailServer server = EmbeddedMailServer.start(smtpPort);
        try {
            server.serveReader(readerPort);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** What stops the stack from starting: a missing jar, a port of any replica (API or management) in use. */
    static List<String> preflight(Options options) {
        List<String> problems = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (options.nativeExecutables() && spec.nativeExecutable(options.repoRoot()).isPresent()) {
                continue; // runs from its native executable: neither its jar nor its AOT cache is used
            }
            if (!Files.isRegularFile(spec.jar(options.repoRoot()))) {
                problems.add(spec.jar(options.repoRoot()) + " is missing: build with ./mvnw -DskipTests package");
            } else {
                options.aotCache().problem(spec, options.repoRoot()).ifPresent(problems::add);
            }
        }
        List<Integer> ports = new ArrayList<>();
        for (ServiceSpec process : ServiceSpec.all(options.portOffset(), options.replicas())) {
            ports.add(process.port());
            ports.add(process.managementPort());
        }
        ports.add(options.postgresPort());
        ports.add(options.kafkaPort());
        ports.add(options.smtpPort());
        ports.add(options.mailReaderPort());
        for (int port : ports) {
            if (port == 0) {
                continue; // a free one, chosen at start
            }
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
        boolean secured = options.kafkaSecurity() == KafkaSecurity.SASL_SSL;
        kafka = secured ? EmbeddedKafkaBroker.startSecured(runDir.resolve("kafka"), options.kafkaPort())
                : EmbeddedKafkaBroker.start(runDir.resolve("kafka"), options.kafkaPort());
        kafka.createTopics(Topics.PAYMENT_STATUS, Topics.BINDING_STATUS, Topics.DISBURSEMENT_STATUS);
        kafka.createCompactedTopic(Topics.MERCHANT_CONFIG, 3); // docs/contract.md §10: the latest state per merchant
        if (secured) {
            kafkaPrincipals = KafkaPrincipals.create(kafka, specs);
        }
        step("Kafka on " + kafka.bootstrapServers() + (secured ? " (SASL_SSL, SCRAM-SHA-512, a principal per service)" : "")
                + " (topics " + Topics.PAYMENT_STATUS + ", " + Topics.BINDING_STATUS + ", " + Topics.DISBURSEMENT_STATUS + ")", t0);

        t0 = System.nanoTime();
        mail = startMail(options.smtpPort(), options.mailReaderPort());
        step("SMTP on 127.0.0.1:" + mail.port() + " (the mail it receives: " + mail.readerUrl() + "/)", t0);

        t0 = System.nanoTime();
        List<ServiceSpec> processes = ServiceSpec.all(options.portOffset(), options.replicas());
        ServiceConfig config = new ServiceConfig(postgres::jdbcUrl, kafka.bootstrapServers(), internalToken,
                eventSigningKey, providerSecret, options.extraConfig(), options.listen(),
                stackPorts(processes, postgres.port(), kafka.ports(), mail.ports()), snapTokenKey, encryptionKey,
                mail.port());
        for (ServiceSpec spec : processes) {
            ServiceProcess service = new ServiceProcess(spec, runDir);
            services.add(service);
            if (kafkaPrincipals != null) { // every replica of a service is the same principal
                service.environment(KafkaPrincipals.environment(kafka, kafkaPrincipals.byService().get(spec.name())));
            }
            Optional<Path> executable = options.nativeExecutables() ? spec.nativeExecutable(options.repoRoot())
                    : Optional.empty();
            if (executable.isPresent()) {
                List<String> command = new ArrayList<>();
                command.add(executable.get().toString());
                command.addAll(nativeOptions());
                service.start(command, config.lines(spec, specs));
                System.out.println("  starting " + spec.id() + " native, " + executable.get().getFileName() + " (log "
                        + service.log() + ")");
            } else {
                List<String> jvm = new ArrayList<>(options.serviceJvmOptions());
                jvm.addAll(options.aotCache().jvmOptions(spec, options.repoRoot()));
                service.start(spec.jar(options.repoRoot()), config.lines(spec, specs), jvm);
                System.out.println("  starting " + spec.id() + (options.nativeExecutables() ? " on the JVM (no native"
                        + " executable in " + spec.name() + "/target)" : "") + " (log " + service.log() + ")");
            }
        }
        Duration timeout = READY_TIMEOUT.plus(READY_TIMEOUT_PER_REPLICA.multipliedBy(options.replicas() - 1));
        for (ServiceProcess service : services) {
            if (!service.awaitReady(timeout)) {
                System.err.println(service.spec().id() + " did not become ready; the end of its log:");
                service.logTail(40).forEach(line -> System.err.println("    " + line));
                return false;
            }
            step(service.spec().id() + " ready on " + service.spec().baseUrl(), t0);
        }
        return true;
    }

    /**
     * A native service's run-time options unless {@code PAYGATE_SERVICE_NATIVE_OPTS} says otherwise: the same heap
     * bounds as the JVM's ({@link AotCache#DEFAULT_JVM_OPTIONS}), so that the two are measured alike (bench/README.md).
     */
    static final String DEFAULT_NATIVE_OPTIONS = "-Xmx128m -Xmn16m";

    static List<String> nativeOptions() {
        return words(System.getenv().getOrDefault("PAYGATE_SERVICE_NATIVE_OPTS", DEFAULT_NATIVE_OPTIONS));
    }

    /** A command line's options as the shell would split them on blanks (no quoting: JVM and native options). */
    static List<String> words(String options) {
        return Arrays.stream(options.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    private void printBanner() {
        System.out.println();
        System.out.println("paygate is up. Ctrl-C stops everything" + (options.keepData() ? " and keeps " + runDir : "") + ".");
        for (ServiceProcess service : services) {
            ServiceSpec spec = service.spec();
            System.out.printf("  %-23s %s   (ready: %s/q/health/ready)%n", spec.id(), spec.baseUrl(),
                    spec.managementUrl());
        }
        if (options.replicas() > 1) {
            System.out.println("  (" + options.replicas() + " replicas of each service; the first one's address is the"
                    + " public one: links and redirects name it)");
        }
        System.out.println(options.listen().equals(ServiceConfig.LOOPBACK)
                ? "  (every port listens on 127.0.0.1 only; --listen ADDRESS opens the services' ports wider)"
                : "  (the services' ports listen on " + options.listen() + " (--listen): the sandbox and the ops token"
                        + " below are open to whoever reaches it)");
        System.out.println("  PostgreSQL              "
                + postgres.jdbcUrl("<payment|binding|notification|merchant|ledger>")
                + " user " + EmbeddedPostgresServer.USER + " password " + EmbeddedPostgresServer.PASSWORD);
        System.out.println("  Kafka                   " + kafka.bootstrapServers());
        System.out.println("  Mail (SMTP)             127.0.0.1:" + mail.port() + "   (what payment-service sent: "
                + mail.readerUrl() + "/ as text, " + mail.readerUrl() + "/messages as JSON; ?to=ADDRESS for one)");
        if (kafkaPrincipals != null) {
            System.out.println("Kafka requires SASL_SSL with SCRAM-SHA-512; clients trust " + kafka.caCertificate()
                    + " (ssl.truststore.type=PEM). Principals (username / password):");
            kafkaPrincipals.byService().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey()).forEach(e ->
                    System.out.printf("  %-23s %s   (%s)%n", e.getKey(), e.getValue().password(), access(e.getKey())));
            System.out.printf("  %-23s %s   (super user)%n", EmbeddedKafkaBroker.ADMIN, kafka.admin().password());
        }
        System.out.println("Sandbox merchants (X-PARTNER-ID / client secret / notification secret):");
        for (SandboxMerchants.Merchant m : SandboxMerchants.ALL) {
            System.out.printf("  %-6s %-20s %s%n", m.id(), m.clientSecret(), m.notificationSecret());
        }
        System.out.println("Ops token: " + SandboxMerchants.OPS_TOKEN + " (operator ops; the operator API at "
                + baseUrl("merchant-service") + "/admin/merchants)");
        System.out.println(toursLine(options.portOffset()));
        System.out.println("SNAP BI (docs/contract.md §9) at " + baseUrl("payment-service") + "/v1.0/… ("
                + baseUrl("binding-service") + " for /v1.0/registration-account-*): client key = merchant id, private"
                + " keys deploy/local/snap/<merchant>-private.pem; each merchant verifies its SNAP notifications with"
                + " its own keys, " + baseUrl("payment-service") + "/pg/snap/public-keys/<client key>.pem"
                + " (deploy/local/snap/gateway-<merchant>-public.pem; sandbox only);"
                + " company codes (partnerServiceId) " + String.join(", ", SandboxMerchants.ALL.stream()
                        .map(m -> m.id() + " " + SandboxSnap.partnerServiceIds(m).stream()
                                .map(code -> "\"" + code + "\"").collect(Collectors.joining(" ")))
                        .toList()));
        MidtransMerchant.describe(options.extraConfig(), baseUrl("payment-service")).forEach(System.out::println);
    }

    /**
     * What a reader runs in another shell before the tours and tools (README, deploy/local/README.md): it exports the
     * stack's offset and addresses ({@code deploy/local/urls.sh}), so every tour command works as printed here.
     */
    static String toursLine(int portOffset) {
        return "Tours and tools in another shell: source deploy/local/urls.sh" + (portOffset == 0 ? "" : " " + portOffset);
    }

    private static String access(String service) {
        List<String> parts = new ArrayList<>();
        if (!KafkaPrincipals.writes(service).isEmpty()) {
            parts.add("writes " + String.join(", ", KafkaPrincipals.writes(service)));
        }
        if (!KafkaPrincipals.reads(service).isEmpty()) {
            parts.add("reads " + String.join(", ", KafkaPrincipals.reads(service)) + " in group "
                    + KafkaPrincipals.group(service));
        }
        if (!KafkaPrincipals.follows(service).isEmpty()) {
            parts.add("reads " + String.join(", ", KafkaPrincipals.follows(service)));
        }
        return String.join("; ", parts);
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
                // A training run writes its AOT cache at exit (a child JVM assembles it): give it the time.
                service.close(options.aotCache() == AotCache.TRAIN ? AotCache.TRAINING_STOP_GRACE : STOP_GRACE);
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
        closeQuietly(mail);
        // Only now: EmbeddedPostgresServer turns zonky's own exit hook off, which would stop it beside the services.
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

    /** How clients reach the embedded broker: as before, or as in production (docs/contract.md §7). */
    public enum KafkaSecurity {
        /** No authentication (the default). */
        PLAINTEXT,
        /** SASL SCRAM-SHA-512 over TLS, a principal per service with the contract's ACLs. */
        SASL_SSL;

        static KafkaSecurity parse(String value) {
            return switch (value.toLowerCase()) {
                case "plaintext", "none" -> PLAINTEXT;
                case "sasl-ssl", "sasl_ssl" -> SASL_SSL;
                default -> throw new IllegalArgumentException("--kafka-security is plaintext or sasl-ssl, not " + value);
            };
        }
    }

    /** Command-line options of {@code deploy/local/run}, and what tests pass to {@link #launch(Options)}. */
    public record Options(Path repoRoot, Path dataDir, boolean keepData, int postgresPort, int kafkaPort, int portOffset,
                          List<String> extraConfig, List<String> serviceJvmOptions, boolean help,
                          KafkaSecurity kafkaSecurity, int replicas, AotCache aotCache, String listen, int smtpPort,
                          int mailReaderPort, boolean nativeExecutables) {

        public Options {
            ServiceSpec.checkReplicas(replicas);
        }

        /** Also what {@code deploy/local/run --help} prints itself, without a JDK or a build. */
        static final String USAGE = usage();

        /** Ports of a stack started from the command line, before {@code --port-offset}. */
        static final int POSTGRES_PORT = 15432;
        static final int KAFKA_PORT = 19092;
        /** The SMTP server's and its reader's ports, before {@code --port-offset} (beside the services' 8081–8085). */
        static final int SMTP_PORT = 8086;
        static final int MAIL_READER_PORT = 8087;

        /**
         * The system property that makes the stacks started from code run the services' native executables where
         * they were built ({@code ./mvnw verify -pl e2e-tests -Dpaygate.native=true}): the e2e suite against native
         * processes.
         */
        public static final String NATIVE_PROPERTY = "paygate.native";

        /**
         * The defaults for a stack started from code: free PostgreSQL port, throw-away data, the JVM (or the native
         * executables with {@value #NATIVE_PROPERTY}).
         */
        public static Options forTests(Path repoRoot, int portOffset, List<String> extraConfig) {
            return new Options(repoRoot.toAbsolutePath().normalize(), null, false, 0, 0, portOffset,
                    List.copyOf(extraConfig), jvmOptions(), false, KafkaSecurity.PLAINTEXT, 1, AotCache.OFF,
                    ServiceConfig.LOOPBACK, 0, 0, Boolean.getBoolean(NATIVE_PROPERTY));
        }

        /** The same options with the broker secured (or not). */
        public Options withKafkaSecurity(KafkaSecurity security) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, security, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /**
         * The same options with {@code replicas} processes of every service.
         *
         * @throws IllegalArgumentException unless 1 ≤ {@code replicas} ≤ 9
         */
        public Options withReplicas(int replicas) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /**
         * The same options with these JVM options for every service process instead of
         * {@code PAYGATE_SERVICE_JAVA_OPTS} (or {@link AotCache#DEFAULT_JVM_OPTIONS}): e.g. a stack of many replicas on
         * a small machine that starts them with less compiling.
         */
        public Options withServiceJvmOptions(List<String> jvmOptions) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig,
                    List.copyOf(jvmOptions), help, kafkaSecurity, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /**
         * The same options with PostgreSQL and Kafka on these ports (0: a free one, chosen at start), checked free
         * before anything starts, as the services' ports are.
         */
        public Options withBackingPorts(int postgresPort, int kafkaPort) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /**
         * The same options with the SMTP server and its reader on these ports (0: a free one, chosen at start), checked
         * free before anything starts.
         */
        public Options withMailPorts(int smtpPort, int mailReaderPort) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /** The same options with the services' API and management ports listening on {@code address}. */
        public Options withListen(String address) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aotCache, listenAddress(address), smtpPort,
                    mailReaderPort, nativeExecutables);
        }

        /** The same options with the services' AOT caches used, trained or left alone. */
        public Options withAotCache(AotCache aot) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aot, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        /**
         * The same options with every service that has a native executable ({@code <service>/target/*-runner}, built
         * with {@code -Dquarkus.native.enabled=true}) run from it, the others on the JVM as before.
         */
        public Options withNativeExecutables(boolean nativeExecutables) {
            return new Options(repoRoot, dataDir, keepData, postgresPort, kafkaPort, portOffset, extraConfig, serviceJvmOptions,
                    help, kafkaSecurity, replicas, aotCache, listen, smtpPort, mailReaderPort, nativeExecutables);
        }

        static Options parse(String[] args) {
            return parse(args, System.getenv());
        }

        /** {@code environment} holds the Midtrans keys of {@code --midtrans-merchant}. */
        static Options parse(String[] args, java.util.Map<String, String> environment) {
            Path repoRoot = Path.of(System.getProperty("paygate.home", ".")).toAbsolutePath().normalize();
            Path dataDir = null;
            boolean keep = false;
            boolean help = false;
            Integer pgPort = null;
            Integer kafkaPort = null;
            int offset = 0;
            int replicas = 1;
            KafkaSecurity kafkaSecurity = KafkaSecurity.PLAINTEXT;
            AotCache aot = AotCache.USE;
            boolean nativeExecutables = false;
            List<String> extra = new ArrayList<>();
            List<String> midtrans = new ArrayList<>();
            String midtransBaseUrl = null;
            String listen = ServiceConfig.LOOPBACK;
            List<String> rest = new ArrayList<>(Arrays.asList(args));
            while (!rest.isEmpty()) {
                String arg = rest.removeFirst();
                switch (arg) {
                    case "--keep-data" -> keep = true;
                    case "--data-dir" -> dataDir = Path.of(value(rest, arg)).toAbsolutePath();
                    case "--pg-port" -> pgPort = port(value(rest, arg), arg);
                    case "--kafka-port" -> kafkaPort = port(value(rest, arg), arg);
                    case "--port-offset" -> offset = port(value(rest, arg), arg);
                    case "--replicas" -> replicas = replicas(value(rest, arg));
                    case "--set" -> extra.add(value(rest, arg));
                    case "--midtrans-merchant" -> midtrans.add(value(rest, arg));
                    case "--midtrans-base-url" -> midtransBaseUrl = value(rest, arg);
                    case "--kafka-security" -> kafkaSecurity = KafkaSecurity.parse(value(rest, arg));
                    case "--no-aot-cache" -> aot = AotCache.OFF;
                    case "--native" -> nativeExecutables = true;
                    case "--listen" -> listen = listenAddress(value(rest, arg));
                    case "-h", "--help" -> help = true;
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            if (midtransBaseUrl != null && midtrans.isEmpty()) {
                throw new IllegalArgumentException("--midtrans-base-url needs --midtrans-merchant ID");
            }
            List<String> channels = new ArrayList<>(); // before the --set lines, which win
            for (String id : midtrans) {
                channels.addAll(MidtransMerchant.fromEnvironment(id, midtransBaseUrl, environment).configLines());
            }
            extra.addAll(0, channels);
            return new Options(repoRoot, dataDir, keep, pgPort != null ? pgPort : POSTGRES_PORT + offset,
                    kafkaPort != null ? kafkaPort : KAFKA_PORT + offset, offset, extra, jvmOptions(), help, kafkaSecurity,
                    replicas, aot, listen, SMTP_PORT + offset, MAIL_READER_PORT + offset, nativeExecutables);
        }

        private static int port(String value, String option) {
            try {
                int port = Integer.parseInt(value.trim());
                if (port >= 0 && port <= 65535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // answered below
            }
            throw new IllegalArgumentException(option + " is a number from 0 to 65535, not " + value);
        }

        private static String usage() {
            try (var in = LocalStack.class.getResourceAsStream("run-usage.txt")) {
                return new String(java.util.Objects.requireNonNull(in, "run-usage.txt").readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8).stripTrailing();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /**
         * The address of {@code --listen}: an IPv4 or IPv6 literal ({@code 0.0.0.0} for every interface), never a name
         * to resolve.
         */
        static String listenAddress(String value) {
            String address = value.trim();
            if (address.matches("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}")) {
                return address;
            }
            if (address.matches("[0-9A-Fa-f:.]+") && address.contains(":")) {
                try {
                    java.net.InetAddress.getByName(address); // a literal with a colon: never a DNS lookup
                    return address;
                } catch (java.net.UnknownHostException e) {
                    // answered below
                }
            }
            throw new IllegalArgumentException("--listen is an IP address (127.0.0.1, 0.0.0.0, ::1, an interface's "
                    + "address), not " + value);
        }

        private static int replicas(String value) {
            try {
                return ServiceSpec.checkReplicas(Integer.parseInt(value.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--replicas is a number of processes per service from 1 to "
                        + ServiceSpec.MAX_REPLICAS + ", not " + value);
            }
        }

        private static List<String> jvmOptions() {
            return words(System.getenv().getOrDefault("PAYGATE_SERVICE_JAVA_OPTS", AotCache.DEFAULT_JVM_OPTIONS));
        }

        private static String value(List<String> rest, String option) {
            if (rest.isEmpty()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return rest.removeFirst();
        }
    }
}
