import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.status.PaymentStatus;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * One round of the notification benchmark: a merchant endpoint (the sink) and the payment-status events that make
 * notifications for it, in one process so that the time from an event's publish to its delivery needs no shared clock.
 *
 * <ul>
 *   <li>Sink: Vert.x HTTP server, one event loop, on 127.0.0.1:PORT; every POST answered 200
 *       {@code {"responseCode":"2000000",…}} (docs/contract.md §6: what counts as delivered) once its body is read.
 *       The callback URL's path carries the event's number, so the sink reads no JSON: it counts the first delivery of
 *       each event, the time since its publish, duplicates and strays (another round's or unknown paths). The first
 *       delivery and every 1000th have their {@code X-SIGNATURE} and body {@code signature} checked against the
 *       merchant {@code demo}'s notification secret (RFC 8785 + HMAC-SHA512, as a merchant does).</li>
 *   <li>Producer: N CAPTURED card payments of merchant {@code demo}, each its own paymentCode, built and signed
 *       before the clock starts exactly as payment-service's outbox relay publishes them (the envelope JSON,
 *       key {@code demo:<paymentCode>}, header {@code paygate-signature}, acks=all, idempotent, linger 0), then
 *       published as fast as the producer takes them ({@code --rate=0}, default: a backlog drained at the consumer's
 *       speed) or paced at R per second (latency without a backlog).</li>
 *   <li>CPU: utime+stime of {@code --pid} (the side's JVM) and of PostgreSQL ({@code --pg}: the postmaster and its
 *       children) from the first publish to 1 s after the last delivery (the last UPDATEs), per delivered
 *       notification.</li>
 * </ul>
 * Ends when every event was delivered, or after 60 s without a delivery; prints the 1-minute load average then (the
 * machine may be shared).
 *
 * <pre>
 * java -cp 'notification-service/target/quarkus-app/lib/main/*:HdrHistogram-2.2.2.jar' bench/NotificationLoad.java \
 *      [--rate=R] [--pid=PID] [--pg=PID] BOOTSTRAP TOPIC SINK_PORT EVENT_SIGNING_KEY LABEL N
 * </pre>
 */
public class NotificationLoad {
    static final String REPLY = "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"processingTime\":0}";
    static final NotificationSigner MERCHANT = new NotificationSigner(
            WebhookSecret.parse("whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE="));

    public static void main(String[] argv) throws Exception {
        double rate = 0;
        int pid = 0, pg = 0;
        List<String> rest = new ArrayList<>();
        for (String a : argv) {
            if (a.startsWith("--rate=")) rate = Double.parseDouble(a.substring(7));
            else if (a.startsWith("--pid=")) pid = Integer.parseInt(a.substring(6));
            else if (a.startsWith("--pg=")) pg = Integer.parseInt(a.substring(5));
            else rest.add(a);
        }
        String bootstrap = rest.get(0), topic = rest.get(1), label = rest.get(4);
        int port = Integer.parseInt(rest.get(2)), n = Integer.parseInt(rest.get(5));
        EventSigner signer = EventSigner.of(rest.get(3));
        String run = Long.toString(System.currentTimeMillis() % 100_000_000L, 36).toUpperCase();

        long[] published = new long[n];
        long[] delivered = new long[n];
        AtomicInteger count = new AtomicInteger();
        AtomicLong last = new AtomicLong(), duplicates = new AtomicLong(), strays = new AtomicLong();
        AtomicInteger checked = new AtomicInteger(), bad = new AtomicInteger();
        String prefix = "/n/" + run + "/";
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        vertx.createHttpServer().requestHandler((HttpServerRequest r) -> r.body().onSuccess(b -> {
            long now = System.nanoTime();
            String path = r.path();
            int i = path.startsWith(prefix) ? Integer.parseInt(path.substring(prefix.length())) : -1;
            if (i < 0 || i >= n) {
                strays.incrementAndGet();
            } else if (delivered[i] != 0) {
                duplicates.incrementAndGet();
            } else {
                delivered[i] = now;
                int c = count.incrementAndGet();
                last.set(now);
                if (c == 1 || c % 1000 == 0) check(r, b, checked, bad);
            }
            r.response().putHeader("Content-Type", "application/json").end(REPLY);
        })).listen(port, "127.0.0.1").toCompletionStage().toCompletableFuture().join();

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            if (!admin.listTopics().names().get().contains(topic)) { // the floor's topic: as many partitions as the real one
                int partitions = admin.describeTopics(List.of("payment-status")).allTopicNames().get()
                        .get("payment-status").partitions().size();
                admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
            }
        }
        Card card = new Card("411111******1111", new CardInfo("VISA", "SANDBOX BANK", "CREDIT", "CLASSIC", "ID"));
        Customer customer = new Customer("CUST-001", "budi@example.com", "Budi", "Santoso", "+6281234567890");
        List<ProducerRecord<String, String>> records = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String code = "NF" + run + label.toUpperCase().replaceAll("[^A-Z0-9]", "") + i;
            PaymentStatusChanged data = new PaymentStatusChanged(code, "ORD-" + code, new BigDecimal("150000.00"), "IDR",
                    customer, null, card, PaymentStatus.CAPTURED, null, "http://127.0.0.1:" + port + prefix + i,
                    PaymentMethod.CARD);
            EventEnvelope event = EventEnvelope.of("demo", 1, data, Clock.systemUTC());
            String value = event.toJson();
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, event.key(), value);
            record.headers().add(EventSigner.HEADER, signer.sign(event.eventId().toString(), event.sequence(),
                    value.getBytes(StandardCharsets.UTF_8)).getBytes(StandardCharsets.US_ASCII));
            records.add(record);
        }
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.LINGER_MS_CONFIG, 0),
                new StringSerializer(), new StringSerializer())) {
            producer.partitionsFor(topic); // metadata before the clock starts
            long[] cpu0 = {ticks(pid), pgTicks(pg)};
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                if (rate > 0) {
                    long due = start + (long) (i * 1e9 / rate);
                    long wait = due - System.nanoTime();
                    if (wait > 0) LockSupport.parkNanos(wait);
                }
                published[i] = System.nanoTime();
                producer.send(records.get(i));
            }
            producer.flush();
            long published1 = System.nanoTime();
            int seen = 0;
            long progress = System.nanoTime();
            while (count.get() < n && System.nanoTime() - progress < 60_000_000_000L) {
                Thread.sleep(100);
                if (count.get() != seen) {
                    seen = count.get();
                    progress = System.nanoTime();
                }
            }
            Thread.sleep(1000);
            long[] cpu1 = {ticks(pid), pgTicks(pg)};
            int got = count.get();
            org.HdrHistogram.Histogram e2e = new org.HdrHistogram.Histogram(3_600_000_000L, 3);
            for (int i = 0; i < n; i++) if (delivered[i] != 0) e2e.recordValue(Math.max(1, (delivered[i] - published[i]) / 1000));
            double secs = got == 0 ? Double.NaN : (last.get() - start) / 1e9; // NaN: nothing was delivered
            System.out.printf("%s events=%d delivered=%d duplicates=%d strays=%d published_in=%.2fs drained_in=%.2fs"
                            + " delivered_per_s=%.0f e2e_ms_p50=%.1f p99=%.1f max=%.1f cpu_ms_per_delivered=%s"
                            + " pg_ms_per_delivered=%s signatures_checked=%d bad=%d load1=%s%n",
                    label, n, got, duplicates.get(), strays.get(), (published1 - start) / 1e9, secs, got / secs,
                    e2e.getValueAtPercentile(50) / 1000.0, e2e.getValueAtPercentile(99) / 1000.0,
                    e2e.getMaxValue() / 1000.0, perDelivered(cpu0[0], cpu1[0], got, pid),
                    perDelivered(cpu0[1], cpu1[1], got, pg), checked.get(), bad.get(),
                    Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        }
        vertx.close();
        System.exit(0);
    }

    /** X-SIGNATURE and the body's {@code signature} as a merchant checks them (RFC 8785 + HMAC-SHA512). */
    static void check(HttpServerRequest r, Buffer body, AtomicInteger checked, AtomicInteger bad) {
        String text = body.toString(StandardCharsets.UTF_8);
        String want = MERCHANT.bodySignature(text);
        checked.incrementAndGet();
        if (!want.equals(r.getHeader("X-SIGNATURE")) || !text.contains("\"signature\":\"" + want + "\"")
                || !MERCHANT.sign(r.getHeader("webhook-id"), Long.parseLong(r.getHeader("webhook-timestamp")), text)
                .equals(r.getHeader("webhook-signature"))) {
            bad.incrementAndGet();
            System.out.println("BAD SIGNATURE on " + r.path() + ": " + text);
        }
    }

    static String perDelivered(long t0, long t1, int delivered, int pid) {
        return pid == 0 || delivered == 0 ? "?" : String.format("%.3f", (t1 - t0) * 10.0 / delivered);
    }

    /** utime + stime of one process, in clock ticks (10 ms). */
    static long ticks(int pid) {
        if (pid == 0) return 0;
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (Exception e) {
            return 0;
        }
    }

    /** The postmaster's ticks and its live children's (backends, WAL writer, checkpointer…), plus what its reaped children spent. */
    static long pgTicks(int postmaster) {
        if (postmaster == 0) return 0;
        long sum = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    int self = Integer.parseInt(p.getFileName().toString());
                    if (self == postmaster) {
                        sum += Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
                    } else if (Integer.parseInt(f[1]) == postmaster) {
                        sum += Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    }
                } catch (Exception e) {
                    // gone meanwhile
                }
            }
        } catch (Exception e) {
            return 0;
        }
        return sum;
    }
}
