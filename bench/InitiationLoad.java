import org.HdrHistogram.Histogram;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Load on {@code POST /pg/payment/card/initiate}, every request a new order, signed as CONTRACT §0 says. Prints
 * initiations per second and latency percentiles (HdrHistogram) of the measured window after a warm-up. Bounded in
 * time; loopback targets only.
 * <ul>
 *   <li>Closed loop (default): N workers, one per {@code id:secret} argument (repeat one to get more workers), each
 *       sending its next request when the last one answered. Measures the most the service can take at that
 *       concurrency.</li>
 *   <li>Open loop ({@code --rate=R}): requests start on a fixed schedule of R per second spread over the merchants,
 *       each on its own virtual thread, whatever the service's speed. Latency is measured from the <em>intended</em>
 *       start time, so a stall counts against every request it delays (no coordinated omission).</li>
 * </ul>
 *
 * <pre>
 * java -cp HdrHistogram-2.2.2.jar bench/InitiationLoad.java [--rate=R] BASE_URL WARMUP_S MEASURE_S id:secret [id:secret…]
 * java -cp ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar bench/InitiationLoad.java \
 *      http://localhost:8081 10 30 demo:demo-client-secret demo2:demo2-client-secret
 * </pre>
 */
public class InitiationLoad {

    record Merchant(String id, String secret) {
    }

    public static void main(String[] argv) throws Exception {
        double rate = 0;
        List<String> rest = new ArrayList<>();
        for (String a : argv) {
            if (a.startsWith("--rate=")) {
                rate = Double.parseDouble(a.substring("--rate=".length()));
            } else {
                rest.add(a);
            }
        }
        String[] args = rest.toArray(String[]::new);
        String base = args[0];
        if (!URI.create(base).getHost().matches("localhost|127\\.0\\.0\\.1|\\[::1]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        long warmup = Long.parseLong(args[1]);
        long measure = Long.parseLong(args[2]);
        List<Merchant> merchants = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            String[] parts = args[i].split(":", 2);
            merchants.add(new Merchant(parts[0], parts[1]));
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        long start = System.nanoTime();
        long measureFrom = start + Duration.ofSeconds(warmup).toNanos();
        long end = measureFrom + Duration.ofSeconds(measure).toNanos();
        AtomicLong errors = new AtomicLong();
        if (rate > 0) {
            openLoop(http, base, merchants, rate, start, measureFrom, end, measure, errors);
            return;
        }
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (Merchant m : merchants) {
            Histogram h = new Histogram(30_000_000L, 3);
            histograms.add(h);
            workers.add(Thread.ofPlatform().start(() -> run(http, base, m, h, measureFrom, end, errors)));
        }
        for (Thread t : workers) {
            t.join();
        }
        Histogram all = new Histogram(30_000_000L, 3);
        histograms.forEach(all::add);
        System.out.printf("mode=closed workers=%d measured=%ds requests=%d errors=%d throughput=%.1f/s%n",
                merchants.size(), measure, all.getTotalCount(), errors.get(), all.getTotalCount() / (double) measure);
        printLatency(all);
    }

    static void printLatency(Histogram all) {
        System.out.printf("latency ms: p50=%.1f p90=%.1f p99=%.1f p99.9=%.1f max=%.1f%n",
                all.getValueAtPercentile(50) / 1000.0, all.getValueAtPercentile(90) / 1000.0,
                all.getValueAtPercentile(99) / 1000.0, all.getValueAtPercentile(99.9) / 1000.0,
                all.getMaxValue() / 1000.0);
        // What this generator itself costs (whole run, warm-up included): it shares the cores with the gateway.
        long cpuNanos = ((com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("generator CPU: %.1f s for %d requests sent = %.2f ms per request%n", cpuNanos / 1e9,
                SENT.get(), cpuNanos / 1e6 / Math.max(1, SENT.get()));
    }

    /** Requests sent, warm-up included. */
    static final AtomicLong SENT = new AtomicLong();

    /**
     * Starts request i at {@code start + i / rate}, whatever happened to the earlier ones; records completion minus
     * that intended time for the requests intended inside the measured window.
     */
    static void openLoop(HttpClient http, String base, List<Merchant> merchants, double rate, long start,
                         long measureFrom, long end, long measure, AtomicLong errors) throws InterruptedException {
        Histogram all = new Histogram(60_000_000L, 3);
        java.util.concurrent.atomic.AtomicLong late = new AtomicLong();
        double interval = 1e9 / rate;
        List<Thread> inFlight = java.util.Collections.synchronizedList(new ArrayList<>());
        long intendedInWindow = 0;
        for (long i = 0; ; i++) {
            long intended = start + (long) (i * interval);
            if (intended >= end) {
                break;
            }
            long wait = intended - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            } else if (-wait > 1_000_000) {
                late.incrementAndGet(); // the generator itself fell behind; still timed from `intended`
            }
            boolean measured = intended >= measureFrom;
            if (measured) {
                intendedInWindow++;
            }
            Merchant m = merchants.get((int) (i % merchants.size()));
            inFlight.add(Thread.ofVirtual().start(() -> {
                try {
                    HttpResponse<String> response = http.send(request(base, m), HttpResponse.BodyHandlers.ofString());
                    long done = System.nanoTime();
                    if (response.statusCode() != 200) {
                        errors.incrementAndGet();
                    } else if (measured) {
                        synchronized (all) {
                            all.recordValue(Math.max(1, (done - intended) / 1_000));
                        }
                    }
                } catch (Exception e) {
                    errors.incrementAndGet();
                }
            }));
        }
        for (Thread t : List.copyOf(inFlight)) {
            t.join();
        }
        System.out.printf("mode=open target=%.1f/s measured=%ds intended=%d completed=%d errors=%d "
                        + "achieved=%.1f/s generator-late=%d%n", rate, measure, intendedInWindow, all.getTotalCount(),
                errors.get(), all.getTotalCount() / (double) measure, late.get());
        printLatency(all);
    }

    static HttpRequest request(String base, Merchant m) {
        SENT.incrementAndGet();
        String order = "LOAD-" + UUID.randomUUID();
        String body = "{\"order\":{\"id\":\"" + order + "\",\"amount\":\"150000.00\",\"description\":\"Load\"},"
                + "\"customer\":{\"email\":\"budi@example.com\",\"firstName\":\"Budi\",\"lastName\":\"Santoso\","
                + "\"mobilePhone\":\"+6281234567890\"},\"url\":{\"callbackUrl\":\"https://merchant.example.com/cb\"}}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String path = "/pg/payment/card/initiate";
        String ts = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
        return HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .header("X-PARTNER-ID", m.id()).header("X-TIMESTAMP", ts)
                .header("X-SIGNATURE", sign(m.secret(), "POST:" + path + ":" + sha256(bytes) + ":" + ts))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build();
    }

    static void run(HttpClient http, String base, Merchant m, Histogram h, long measureFrom, long end,
                    AtomicLong errors) {
        while (System.nanoTime() < end) {
            HttpRequest request = request(base, m);
            long t0 = System.nanoTime();
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                long t1 = System.nanoTime();
                if (response.statusCode() != 200) {
                    errors.incrementAndGet();
                } else if (t0 >= measureFrom && t1 <= end) {
                    h.recordValue(Math.max(1, (t1 - t0) / 1_000));
                }
            } catch (Exception e) {
                errors.incrementAndGet();
            }
        }
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String sign(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA512");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
