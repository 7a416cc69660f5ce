package io.paygate.notification;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.signing.WebhookHeaders;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.delivery.BenchDispatchers;
import io.paygate.notification.delivery.CallbackTarget;
import io.paygate.notification.delivery.Deliverer;
import io.paygate.notification.delivery.Dispatcher;
import io.paygate.notification.delivery.HttpReply;
import io.paygate.notification.delivery.HttpSender;
import io.paygate.notification.delivery.RetrySchedule;
import io.paygate.notification.repository.TimedDeliveryQueue;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;

/**
 * Not a test: the figures of issue 4, measured against the real service, broker, database and a loopback sink that
 * answers at once. Run on demand (its name keeps it out of the normal test run):
 * {@code ./mvnw -o verify -pl notification-service -Dtest=NotificationThroughputBenchmark -Dbench.events=20000}.
 * <ol>
 *   <li>Delivery throughput: the dispatcher is stopped, {@code bench.events} payment notifications are stored from
 *       the topic, then the dispatcher starts and the time until the sink has them all is measured.</li>
 *   <li>The same without the gateway: the very requests the sink received in 1 (same signed bodies and webhook
 *       headers) are posted again to the same sink by the service's own {@link HttpSender} (same Vert.x client, same
 *       pool), at most {@code delivery.concurrency} in flight, each from its own virtual thread as the dispatcher
 *       does; the ratio of 1 to this is what the gateway's claim/sign/record work costs (issue 8).</li>
 *   <li>Latency at a steady rate ({@code bench.rate}, default 500/s, for {@code bench.seconds}): for each event, from
 *       just before it is produced to the topic until the sink receives its notification; p50/p99/max printed. A
 *       settling phase of the same rate and length ({@code bench.latency-warmup}, seconds) comes first and is no
 *       figure: the first phase after the throughput phases runs on a table full of fresh dead rows and a JIT still
 *       at work, and was several times worse than the next one.</li>
 * </ol>
 * Each phase prints the CPU it took, per notification: the gateway's threads, the JVM runtime, PostgreSQL, and the
 * harness (broker, producers, sink), with the harness pinned away from the gateway's cores where it can be
 * ({@link BenchCpu}).
 */
@QuarkusTest
@NotificationTestResources
class NotificationThroughputBenchmark {

    @Inject
    Dispatcher dispatcher;
    @Inject
    AgroalDataSource dataSource;
    @Inject
    HttpSender sender;
    @Inject
    NotificationConfig config;
    @Inject
    Deliverer deliverer;
    @Inject
    RetrySchedule schedule;
    @Inject
    MeterRegistry metrics;

    BenchCpu cpu;

    @Test
    void measure() throws Exception {
        int events = Integer.getInteger("bench.events", 20_000);
        int rate = Integer.getInteger("bench.rate", 500);
        int seconds = Integer.getInteger("bench.seconds", 30);
        try (BenchCpu cores = BenchCpu.start(postgresPort());
             LoopbackSink sink = LoopbackSink.start();
             KafkaProducer<String, String> producer = producer()) {
            cpu = cores;
            double[] load = loadAverage();
            System.out.printf("BENCH load average %.2f %.2f %.2f at the start%n", load[0], load[1], load[2]);
            System.out.printf("BENCH PostgreSQL fsync=%s synchronous_commit=%s (-Dpaygate.pg.durable=true for on)%n",
                    setting("fsync"), setting("synchronous_commit"));
            warmUp(sink, producer);
            // The first throughput phase runs while the JIT compiles the delivery path (its "JVM runtime" CPU was
            // two thirds of the JVM's): a second one is the settled figure, unless -Dbench.throughput-rounds=1.
            int rounds = Integer.getInteger("bench.throughput-rounds", 2);
            for (int round = 1; round < rounds; round++) {
                System.out.printf("%nBENCH throughput warm-up round %d (not a figure)%n", round);
                throughput(sink, producer, events);
                direct(sink, sink.received());
            }
            double gateway = throughput(sink, producer, events);
            double direct = direct(sink, sink.received());
            System.out.printf("BENCH ratio: gateway %.0f/s / same client straight to the sink %.0f/s = %.2f%n",
                    gateway, direct, gateway / direct);
            for (String replicas : System.getProperty("bench.replicas", "1,3").split(",")) {
                if (!replicas.isBlank()) { // -Dbench.replicas= leaves this phase out
                    replicas(sink, producer, events, Integer.parseInt(replicas.trim()));
                }
            }
            // The first steady-rate phase after the throughput phases runs on a colder path and a table full of
            // fresh dead rows: its figures were several times the next phase's whatever came first (issue 17). So the
            // default settles for as long as it then measures.
            int warmUp = Integer.getInteger("bench.latency-warmup", seconds);
            if (warmUp > 0) {
                System.out.printf("%nBENCH settling phase, %d s at the same rate (not a figure)%n", warmUp);
                latency(sink, producer, rate, warmUp);
            }
            // Issue 17: one latency phase per producer linger.ms (-Dbench.linger-ms=2,0), each with its own producer.
            for (String linger : System.getProperty("bench.linger-ms", "0").split(",")) {
                try (KafkaProducer<String, String> lingering = producer(Integer.parseInt(linger.trim()))) {
                    System.out.printf("%nBENCH settled phase, producer linger.ms=%s%n", linger.trim());
                    latency(sink, lingering, rate, seconds);
                }
            }
        }
    }

    private void warmUp(LoopbackSink sink, KafkaProducer<String, String> producer) throws Exception {
        sink.reset();
        for (int i = 0; i < 2_000; i++) {
            send(producer, Events.payment(DEMO.id(), Events.id("W"), sink.url("/w")));
        }
        producer.flush();
        sink.awaitReceived(2_000, Duration.ofMinutes(2));
    }

    /** Delivered per second through the gateway (stored notifications, dispatcher started). */
    private double throughput(LoopbackSink sink, KafkaProducer<String, String> producer, int events) throws Exception {
        sink.reset();
        dispatcher.stop();
        NotificationDb db = new NotificationDb(dataSource);
        String marker = Events.id("T");
        long produceStart = System.nanoTime();
        for (int i = 0; i < events; i++) {
            send(producer, Events.payment(DEMO.id(), marker + "-" + i, sink.url("/t")));
        }
        producer.flush();
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200)).until(() -> db.count(
                "SELECT count(*) FROM notification WHERE resource_id LIKE ?", marker + "-%") == events);
        double storeSeconds = (System.nanoTime() - produceStart) / 1e9;
        statements(true);
        BenchCpu.Snapshot before = cpu.snapshot();
        long t0 = System.nanoTime();
        dispatcher.start();
        sink.awaitReceived(events, Duration.ofMinutes(5));
        double deliverSeconds = (System.nanoTime() - t0) / 1e9;
        awaitRecorded(db, marker);
        BenchCpu.Usage used = cpu.since(before);
        statements(false);
        System.out.printf("%nBENCH throughput: %d notifications delivered in %.2f s = %.0f/s "
                        + "(consumed and stored at %.0f/s beforehand)%n",
                events, deliverSeconds, events / deliverSeconds, events / storeSeconds);
        used.print("throughput (claim, send, record; until every result is recorded)", events);
        cpu.printGroups(events);
        return events / deliverSeconds;
    }

    /**
     * Issue 16: delivered/s and the claim's time (its whole transaction: the three statements and the commit) with
     * {@code count} dispatchers on the one database, each with the service's configuration and its own recorder,
     * in this JVM (replicas that share the cores, the broker and the database; not separate processes).
     */
    private void replicas(LoopbackSink sink, KafkaProducer<String, String> producer, int events, int count)
            throws Exception {
        sink.reset();
        dispatcher.stop();
        NotificationDb db = new NotificationDb(dataSource);
        String marker = Events.id("R" + count);
        for (int i = 0; i < events; i++) {
            send(producer, Events.payment(DEMO.id(), marker + "-" + i, sink.url("/r" + count)));
        }
        producer.flush();
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200)).until(() -> db.count(
                "SELECT count(*) FROM notification WHERE resource_id LIKE ?", marker + "-%") == events);
        TimedDeliveryQueue timed = new TimedDeliveryQueue(dataSource);
        long t0;
        double seconds;
        try (BenchDispatchers replicas = new BenchDispatchers(count, timed, deliverer, schedule, config)) {
            t0 = System.nanoTime();
            replicas.start();
            sink.awaitReceived(events, Duration.ofMinutes(5));
            seconds = (System.nanoTime() - t0) / 1e9;
            awaitRecorded(db, marker);
        }
        dispatcher.start();
        Histogram claims = timed.claims();
        List<MerchantSink.Received> mine = sink.received().stream().filter(r -> r.path().equals("/r" + count)).toList();
        int twice = mine.size() - (int) mine.stream().map(r -> r.header(WebhookHeaders.ID)).distinct().count();
        System.out.printf("%nBENCH replicas %d: %d notifications delivered in %.2f s = %.0f/s; %d claims "
                        + "(%.1f rows each), claim p50 %.2f ms, p99 %.2f ms, max %.2f ms; sent twice: %d%n",
                count, events, seconds, events / seconds, claims.getTotalCount(),
                timed.rowsClaimed() / (double) Math.max(1, claims.getTotalCount()),
                claims.getValueAtPercentile(50) / 1000.0, claims.getValueAtPercentile(99) / 1000.0,
                claims.getMaxValue() / 1000.0, twice);
    }

    /** Before the next phase: every result of this one is written (none left to a lease that runs out). */
    private static void awaitRecorded(NotificationDb db, String marker) {
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200)).until(() -> db.count(
                "SELECT count(*) FROM notification WHERE resource_id LIKE ? AND status = 'PENDING'", marker + "-%") == 0);
    }

    private String setting(String name) throws java.sql.SQLException {
        try (var c = dataSource.getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT current_setting('" + name + "')")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * With {@code -Dpaygate.pg.profile=<dir>} (PostgreSQL started with pg_stat_statements and auto_explain): resets the
     * statement statistics, or prints the statements of the throughput phase by total time. Otherwise nothing.
     */
    private void statements(boolean reset) {
        if (System.getProperty("paygate.pg.profile") == null) {
            return;
        }
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            if (reset) {
                st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                st.execute("SELECT pg_stat_statements_reset()");
                return;
            }
            try (var rs = st.executeQuery("""
                    SELECT calls, rows, total_exec_time, left(regexp_replace(query, '\\s+', ' ', 'g'), 80)
                    FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 6""")) {
                while (rs.next()) {
                    System.out.printf("BENCH statement: %6d calls, %7d rows, %8.1f ms  %s%n",
                            rs.getLong(1), rs.getLong(2), rs.getDouble(3), rs.getString(4));
                }
            }
        } catch (java.sql.SQLException e) {
            System.out.println("BENCH statement statistics unavailable: " + e.getMessage());
        }
    }

    /** Posts the requests the sink received again, with the service's HttpSender and nothing else; per second. */
    private double direct(LoopbackSink sink, List<MerchantSink.Received> requests) throws Exception {
        sink.reset();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        Semaphore slots = new Semaphore(config.delivery().concurrency());
        AtomicInteger failed = new AtomicInteger();
        BenchCpu.Snapshot before = cpu.snapshot();
        long t0 = System.nanoTime();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (MerchantSink.Received r : requests) {
                slots.acquire();
                threads.execute(() -> {
                    try {
                        Map<String, String> headers = Map.of(
                                WebhookHeaders.ID, r.header(WebhookHeaders.ID),
                                WebhookHeaders.TIMESTAMP, r.header(WebhookHeaders.TIMESTAMP),
                                WebhookHeaders.SIGNATURE, r.header(WebhookHeaders.SIGNATURE),
                                WebhookHeaders.X_SIGNATURE, r.header(WebhookHeaders.X_SIGNATURE));
                        HttpReply reply = sender.post(new CallbackTarget("127.0.0.1", sink.port(), false, r.path(),
                                loopback), headers, r.body().getBytes(StandardCharsets.UTF_8)).get(30, TimeUnit.SECONDS);
                        if (reply.status() != 200) {
                            failed.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        sink.awaitReceived(requests.size(), Duration.ofMinutes(5));
        double seconds = (System.nanoTime() - t0) / 1e9;
        BenchCpu.Usage used = cpu.since(before);
        System.out.printf("BENCH direct: the same %d signed requests posted straight to the sink by HttpSender in "
                + "%.2f s = %.0f/s (%d failed)%n", requests.size(), seconds, requests.size() / seconds, failed.get());
        used.print("direct (bare client)", requests.size());
        cpu.printGroups(requests.size());
        return requests.size() / seconds;
    }

    private void latency(LoopbackSink sink, KafkaProducer<String, String> producer, int rate, int seconds)
            throws Exception {
        sink.reset();
        int total = rate * seconds;
        Map<String, Instant> sentAt = new ConcurrentHashMap<>(total * 2);
        Map<String, Instant> polledAt = new ConcurrentHashMap<>(total * 2);
        String marker = Events.id("L");
        Histogram acked = new Histogram(60_000_000L, 3);
        java.util.concurrent.atomic.AtomicBoolean probing = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.CountDownLatch assigned = new java.util.concurrent.CountDownLatch(1);
        // Kafka alone: a plain consumer of another group on the same broker and topic, in the same run.
        Thread probeThread = Thread.ofPlatform().name("bench-probe").start(() -> {
            try (var consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<String, String>(Map.of(
                    "bootstrap.servers", KafkaResource.broker().bootstrapServers(), "group.id", "bench-probe",
                    "auto.offset.reset", "latest", "fetch.max.wait.ms", Integer.getInteger("bench.probe.fetch-wait", 500)), new org.apache.kafka.common.serialization.StringDeserializer(),
                    new org.apache.kafka.common.serialization.StringDeserializer())) {
                consumer.subscribe(List.of(Topics.PAYMENT_STATUS));
                while (probing.get()) {
                    var records = consumer.poll(Duration.ofMillis(100));
                    if (!consumer.assignment().isEmpty()) {
                        assigned.countDown();
                    }
                    Instant now = Instant.now();
                    for (var r : records) {
                        int at = r.key() == null ? -1 : r.key().indexOf(marker);
                        if (at >= 0) {
                            polledAt.put(r.key().substring(at), now);
                        }
                    }
                }
            }
        });
        assigned.await(30, TimeUnit.SECONDS);
        double[] loadBefore = loadAverage();
        double claimsBefore = counter("paygate.notifications.dispatcher.claims");
        double handOffsBefore = counter("paygate.notifications.dispatcher.handoffs");
        BenchCpu.Snapshot cpuBefore = cpu.snapshot();
        long intervalNanos = 1_000_000_000L / rate;
        long start = System.nanoTime();
        for (int i = 0; i < total; i++) {
            long due = start + i * intervalNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            String code = marker + "-" + i;
            EventEnvelope event = Events.payment(DEMO.id(), code, sink.url("/l/" + code));
            ProducerRecord<String, String> record = SignedEvents.sign(
                    new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(), event.toJson()));
            sentAt.put(code, Instant.now());
            long sendNanos = System.nanoTime();
            producer.send(record, (metadata, error) -> {
                if (error == null) {
                    synchronized (acked) {
                        acked.recordValue((System.nanoTime() - sendNanos) / 1_000);
                    }
                }
            });
        }
        double produceSeconds = (System.nanoTime() - start) / 1e9;
        List<MerchantSink.Received> received = sink.awaitReceived(total, Duration.ofMinutes(5));
        BenchCpu.Usage used = cpu.since(cpuBefore);
        double claims = counter("paygate.notifications.dispatcher.claims") - claimsBefore;
        double handOffs = counter("paygate.notifications.dispatcher.handoffs") - handOffsBefore;
        await().atMost(Duration.ofSeconds(30)).until(() -> polledAt.size() >= total);
        probing.set(false);
        probeThread.join();
        double[] loadAfter = loadAverage();
        // Per event (same clock, same JVM): sent -> merchant, sent -> bare consumer, and the gateway's own share,
        // merchant - bare consumer (negative when the gateway's consumer polled it before the bare one: counted, 0).
        Histogram merchant = new Histogram(60_000_000L, 3);
        Histogram bare = new Histogram(60_000_000L, 3);
        Histogram share = new Histogram(60_000_000L, 3);
        int negative = 0;
        for (MerchantSink.Received r : received) {
            if (!r.path().startsWith("/l/")) {
                continue;
            }
            String code = r.path().substring("/l/".length());
            Instant sent = sentAt.get(code);
            Instant polled = polledAt.get(code);
            if (sent == null || polled == null) {
                continue;
            }
            merchant.recordValue(micros(sent, r.receivedAt()));
            bare.recordValue(micros(sent, polled));
            long own = Duration.between(polled, r.receivedAt()).toNanos() / 1_000;
            if (own < 0) {
                negative++;
            }
            share.recordValue(Math.max(0, own));
        }
        System.out.printf("%nBENCH latency at %d events/s (achieved %.0f/s) for %d s, %d events; load average "
                        + "before %.2f, after %.2f (1 min)%n", rate, total / produceSeconds, seconds,
                merchant.getTotalCount(), loadBefore[0], loadAfter[0]);
        print("event -> merchant received       ", merchant);
        print("event -> bare consumer polled     ", bare);
        print("gateway's own share, per event    ", share);
        System.out.printf("BENCH   (per event: merchant received - bare consumer polled; %d of %d negative, "
                + "counted as 0)%n", negative, share.getTotalCount());
        System.out.printf("BENCH   gateway's own share, difference of the distributions (merchant - bare): "
                        + "p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms%n",
                (merchant.getValueAtPercentile(50) - bare.getValueAtPercentile(50)) / 1000.0,
                (merchant.getValueAtPercentile(99) - bare.getValueAtPercentile(99)) / 1000.0,
                (merchant.getValueAtPercentile(99.9) - bare.getValueAtPercentile(99.9)) / 1000.0);
        System.out.printf("BENCH producer: send -> acknowledged by the broker p50 %.1f ms, p99 %.1f ms%n",
                acked.getValueAtPercentile(50) / 1000.0, acked.getValueAtPercentile(99) / 1000.0);
        stages(marker);
        System.out.printf("BENCH dispatcher: %.0f claims and %.0f hand-offs for %d events (%.2f claims per event)%n",
                claims, handOffs, total, claims / total);
        used.print("at " + rate + " events/s", total);
        cpu.printGroups(total);
    }

    /** The sum of a counter's series (0 when it does not exist, as before the hand-off). */
    private double counter(String name) {
        return metrics.find(name).counters().stream().mapToDouble(Counter::count).sum();
    }

    private int postgresPort() throws java.sql.SQLException {
        try (var c = dataSource.getConnection()) {
            java.net.URI url = java.net.URI.create(c.getMetaData().getURL().substring("jdbc:".length()));
            return url.getPort();
        }
    }

    private static long micros(Instant from, Instant to) {
        return Math.max(0, Duration.between(from, to).toNanos() / 1_000);
    }

    private static void print(String what, Histogram h) {
        System.out.printf("BENCH   %s p50 %6.1f ms  p90 %6.1f ms  p99 %6.1f ms  p99.9 %6.1f ms  max %6.1f ms%n", what,
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(90) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0, h.getValueAtPercentile(99.9) / 1000.0, h.getMaxValue() / 1000.0);
    }

    /** The machine's load averages (1, 5, 15 min), from /proc/loadavg; NaN where there is none. */
    static double[] loadAverage() {
        try {
            String[] parts = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+");
            return new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2])};
        } catch (Exception e) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
    }

    /** Where the time goes: event created -> stored (consumer), stored -> attempt started (dispatcher). */
    private void stages(String marker) throws Exception {
        try (var c = dataSource.getConnection(); var s = c.prepareStatement("""
                SELECT percentile_cont(ARRAY[0.5, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM created_at - occurred_at)),
                       percentile_cont(ARRAY[0.5, 0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM last_attempt_at - created_at))
                FROM notification WHERE resource_id LIKE ?""")) {
            s.setString(1, marker + "-%");
            try (var rs = s.executeQuery()) {
                rs.next();
                Double[] stored = (Double[]) rs.getArray(1).getArray();
                Double[] started = (Double[]) rs.getArray(2).getArray();
                System.out.printf("BENCH stages: event -> stored p50 %.1f ms p99 %.1f ms; stored -> attempt started "
                        + "p50 %.1f ms p99 %.1f ms%n", stored[0] * 1000, stored[1] * 1000, started[0] * 1000,
                        started[1] * 1000);
            }
        }
        // When the slowest stores happened: a tail made of one stall shows as consecutive events, to be matched with
        // PostgreSQL's log of that moment (-Dpaygate.pg.profile=DIR logs lock waits, autovacuum and checkpoints).
        try (var c = dataSource.getConnection(); var s = c.prepareStatement("""
                SELECT occurred_at, extract(epoch FROM created_at - occurred_at) * 1000 FROM notification
                WHERE resource_id LIKE ? ORDER BY 2 DESC LIMIT 3""")) {
            s.setString(1, marker + "-%");
            try (var rs = s.executeQuery()) {
                while (rs.next()) {
                    System.out.printf("BENCH slowest stores: event at %s stored %.1f ms later%n",
                            rs.getTimestamp(1).toInstant(), rs.getDouble(2));
                }
            }
        }
    }

    private static void send(KafkaProducer<String, String> producer, EventEnvelope event) {
        producer.send(SignedEvents.sign(new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(), event.toJson())));
    }

    /** Events come as payment-service's outbox relay sends them: acks=all, idempotent, linger.ms 0 (OutboxRelay). */
    private static KafkaProducer<String, String> producer() {
        return producer(0);
    }

    private static KafkaProducer<String, String> producer(int lingerMs) {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, lingerMs),
                new StringSerializer(), new StringSerializer());
    }

    /**
     * The merchant for these figures: a Vert.x HTTP server on the loopback interface that answers every POST at once
     * with the seed's success body and keeps what it received. The tests' {@link MerchantSink} (a JDK HttpServer that
     * wakes every waiter on each request) took about a third of the JVM's CPU at these rates, on the same two cores
     * as the gateway; a merchant's cost is not the gateway's, and both sides of the ratio use this one.
     */
    static final class LoopbackSink implements AutoCloseable {
        private final io.vertx.core.Vertx vertx;
        private final io.vertx.core.http.HttpServer server;
        private final java.util.concurrent.ConcurrentLinkedQueue<MerchantSink.Received> received =
                new java.util.concurrent.ConcurrentLinkedQueue<>();
        private final AtomicInteger count = new AtomicInteger();

        private LoopbackSink(io.vertx.core.Vertx vertx, io.vertx.core.http.HttpServer server) {
            this.vertx = vertx;
            this.server = server;
        }

        /** On a Vert.x of its own with one event loop, apart from the gateway's. */
        static LoopbackSink start() throws Exception {
            io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx(new io.vertx.core.VertxOptions().setEventLoopPoolSize(1));
            io.vertx.core.http.HttpServer server = vertx.createHttpServer(
                    new io.vertx.core.http.HttpServerOptions().setHost("127.0.0.1").setPort(0));
            LoopbackSink sink = new LoopbackSink(vertx, server);
            server.requestHandler(request -> request.body().onSuccess(body -> {
                BenchCpu.sinkThread();
                Map<String, List<String>> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                for (String name : List.of(WebhookHeaders.ID, WebhookHeaders.TIMESTAMP, WebhookHeaders.SIGNATURE,
                        WebhookHeaders.X_SIGNATURE)) {
                    String value = request.getHeader(name);
                    if (value != null) {
                        headers.put(name, List.of(value));
                    }
                }
                sink.received.add(new MerchantSink.Received(request.method().name(), request.uri(), headers,
                        body.toString(StandardCharsets.UTF_8), Instant.now()));
                sink.count.incrementAndGet();
                request.response().putHeader("Content-Type", "application/json")
                        .end(MerchantSink.Reply.SUCCESS_BODY);
            }));
            server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            return sink;
        }

        int port() {
            return server.actualPort();
        }

        String url(String path) {
            return "http://127.0.0.1:" + port() + path;
        }

        void reset() {
            received.clear();
            count.set(0);
        }

        List<MerchantSink.Received> received() {
            return List.copyOf(received);
        }

        List<MerchantSink.Received> awaitReceived(int expected, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (count.get() < expected) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("expected " + expected + " requests at the sink, got " + count.get());
                }
                Thread.sleep(2);
            }
            return received();
        }

        @Override
        public void close() throws Exception {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
