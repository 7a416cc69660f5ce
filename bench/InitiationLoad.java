import org.HdrHistogram.Histogram;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Load on {@code POST /pg/payment/card/initiate}, every request a new order, signed as docs/contract.md §0 says. Prints
 * initiations per second and latency percentiles (HdrHistogram) of the measured window after a warm-up, and what
 * the generator itself cost in CPU. Bounded in time; loopback targets only.
 *
 * <p>It shares the machine's cores with the service, so it is built to cost little, as pgbench's C client does:
 * each worker is a platform thread with one keep-alive HTTP/1.1 connection of its own, writes the request bytes
 * and reads the reply by its {@code Content-Length} (or chunks). (Its first version used the JDK {@code HttpClient}
 * and a virtual thread per request: 0.7-3.5 ms of CPU per request, more than the service's.)
 * <ul>
 *   <li>Closed loop (default): one worker per {@code id:secret} argument (repeat one to get more workers), each
 *       sending its next request when the last one answered. Measures the most the service takes at that
 *       concurrency.</li>
 *   <li>Open loop ({@code --rate=R}): request i is due at {@code start + i / R}, whatever the service's speed; the
 *       next free one of {@code --connections} workers (default 64) sends it, at once if it is late. Latency runs
 *       from the <em>intended</em> start, so a stall counts against every request it delays (no coordinated
 *       omission), as wrk2 does.</li>
 * </ul>
 *
 * <pre>
 * java -cp HdrHistogram-2.2.2.jar bench/InitiationLoad.java [--rate=R] [--connections=N] [--method=TYPE] BASE_URL WARMUP_S MEASURE_S id:secret [id:secret…]
 * java -cp ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar bench/InitiationLoad.java \
 *      http://localhost:8081 10 30 demo:demo-client-secret demo2:demo2-client-secret
 * </pre>
 */
public class InitiationLoad {

    static final String PATH = "/pg/payment/card/initiate";
    /** {@code sourceOfFunds.type} of every request ({@code --method=VA_BCA}); none by default (the hosted page). */
    static String method;

    record Merchant(String id, String secret) {
    }

    /** Requests sent, warm-up included. */
    static final AtomicLong SENT = new AtomicLong();

    public static void main(String[] argv) throws Exception {
        double rate = 0;
        int connections = 64;
        List<String> rest = new ArrayList<>();
        for (String a : argv) {
            if (a.startsWith("--rate=")) {
                rate = Double.parseDouble(a.substring("--rate=".length()));
            } else if (a.startsWith("--method=")) {
                method = a.substring("--method=".length());
            } else if (a.startsWith("--connections=")) {
                connections = Integer.parseInt(a.substring("--connections=".length()));
            } else {
                rest.add(a);
            }
        }
        String[] args = rest.toArray(String[]::new);
        URI base = URI.create(args[0]);
        if (!base.getHost().matches("localhost|127\\.0\\.0\\.1|\\[::1]")) {
            throw new IllegalArgumentException("loopback targets only");
        }
        long warmup = Long.parseLong(args[1]);
        long measure = Long.parseLong(args[2]);
        List<Merchant> merchants = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            String[] parts = args[i].split(":", 2);
            merchants.add(new Merchant(parts[0], parts[1]));
        }
        long start = System.nanoTime();
        long measureFrom = start + Duration.ofSeconds(warmup).toNanos();
        long end = measureFrom + Duration.ofSeconds(measure).toNanos();
        AtomicLong errors = new AtomicLong();
        Histogram all = new Histogram(60_000_000L, 3);
        List<Thread> workers = new ArrayList<>();
        if (rate > 0) {
            double interval = 1e9 / rate;
            AtomicLong tickets = new AtomicLong();
            AtomicLong late = new AtomicLong();
            AtomicLong intendedInWindow = new AtomicLong();
            for (int w = 0; w < connections; w++) {
                workers.add(Thread.ofPlatform().start(() -> {
                    try (Connection c = new Connection(base)) {
                        while (true) {
                            long i = tickets.getAndIncrement();
                            long intended = start + (long) (i * interval);
                            if (intended >= end) {
                                return;
                            }
                            long wait = intended - System.nanoTime();
                            if (wait > 0) {
                                LockSupport.parkNanos(wait);
                            } else if (-wait > 1_000_000) {
                                late.incrementAndGet(); // every worker was busy: still timed from `intended`
                            }
                            boolean measured = intended >= measureFrom;
                            if (measured) {
                                intendedInWindow.incrementAndGet();
                            }
                            int status = c.send(merchants.get((int) (i % merchants.size())));
                            long done = System.nanoTime();
                            if (status != 200) {
                                errors.incrementAndGet();
                            } else if (measured) {
                                synchronized (all) {
                                    all.recordValue(Math.max(1, (done - intended) / 1_000));
                                }
                            }
                        }
                    }
                }));
            }
            join(workers);
            System.out.printf("mode=open target=%.1f/s connections=%d measured=%ds intended=%d completed=%d errors=%d "
                            + "achieved=%.1f/s late-by-over-1ms=%d%n", rate, connections, measure,
                    intendedInWindow.get(), all.getTotalCount(), errors.get(), all.getTotalCount() / (double) measure,
                    late.get());
        } else {
            for (Merchant m : merchants) {
                workers.add(Thread.ofPlatform().start(() -> {
                    try (Connection c = new Connection(base)) {
                        while (System.nanoTime() < end) {
                            long t0 = System.nanoTime();
                            int status = c.send(m);
                            long t1 = System.nanoTime();
                            if (status != 200) {
                                errors.incrementAndGet();
                            } else if (t0 >= measureFrom && t1 <= end) {
                                synchronized (all) {
                                    all.recordValue(Math.max(1, (t1 - t0) / 1_000));
                                }
                            }
                        }
                    }
                }));
            }
            join(workers);
            System.out.printf("mode=closed workers=%d measured=%ds requests=%d errors=%d throughput=%.1f/s%n",
                    merchants.size(), measure, all.getTotalCount(), errors.get(), all.getTotalCount() / (double) measure);
        }
        printLatency(all);
    }

    static void join(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }

    static void printLatency(Histogram all) {
        System.out.printf("latency ms: p50=%.1f p90=%.1f p99=%.1f p99.9=%.1f max=%.1f%n",
                all.getValueAtPercentile(50) / 1000.0, all.getValueAtPercentile(90) / 1000.0,
                all.getValueAtPercentile(99) / 1000.0, all.getValueAtPercentile(99.9) / 1000.0,
                all.getMaxValue() / 1000.0);
        // What this generator itself costs (whole run, its start and warm-up included): it shares the cores.
        long cpuNanos = ((com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("generator CPU: %.1f s for %d requests sent = %.2f ms per request%n", cpuNanos / 1e9,
                SENT.get(), cpuNanos / 1e6 / Math.max(1, SENT.get()));
    }

    /** One keep-alive HTTP/1.1 connection; reconnects after an error or a {@code Connection: close}. */
    static final class Connection implements AutoCloseable {
        private final URI base;
        private final String hostHeader;
        private final Mac mac512;
        private final MessageDigest sha256;
        private Socket socket;
        private OutputStream out;
        private InputStream in;

        Connection(URI base) {
            this.base = base;
            this.hostHeader = base.getHost() + ":" + base.getPort();
            try {
                this.mac512 = Mac.getInstance("HmacSHA512");
                this.sha256 = MessageDigest.getInstance("SHA-256");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        /** Sends one new signed initiation of {@code m}; the HTTP status, or -1 when the exchange failed. */
        int send(Merchant m) {
            SENT.incrementAndGet();
            try {
                if (socket == null) {
                    socket = new Socket();
                    socket.setTcpNoDelay(true);
                    socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
                    socket.setSoTimeout(30_000);
                    out = socket.getOutputStream();
                    in = new BufferedInputStream(socket.getInputStream(), 8192);
                }
                out.write(request(m));
                out.flush();
                return readReply();
            } catch (Exception e) {
                close();
                return -1;
            }
        }

        private byte[] request(Merchant m) throws Exception {
            String body = "{\"order\":{\"id\":\"LOAD-" + UUID.randomUUID() + "\",\"amount\":\"150000.00\","
                    + "\"description\":\"Load\"},\"customer\":{\"email\":\"budi@example.com\",\"firstName\":\"Budi\","
                    + "\"lastName\":\"Santoso\",\"mobilePhone\":\"+6281234567890\"},"
                    + (method == null ? "" : "\"sourceOfFunds\":{\"type\":\"" + method + "\"},")
                    + "\"url\":{\"callbackUrl\":\"https://localhost/cb\"}}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String ts = OffsetDateTime.now(ZoneOffset.ofHours(7)).withNano(0).toString();
            String bodyHash = HexFormat.of().formatHex(sha256.digest(bytes));
            mac512.init(new SecretKeySpec(m.secret().getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
            String signature = HexFormat.of().formatHex(mac512.doFinal(
                    ("POST:" + PATH + ":" + bodyHash + ":" + ts).getBytes(StandardCharsets.UTF_8)));
            String head = "POST " + PATH + " HTTP/1.1\r\nHost: " + hostHeader + "\r\nContent-Type: application/json\r\n"
                    + "X-PARTNER-ID: " + m.id() + "\r\nX-TIMESTAMP: " + ts + "\r\nX-SIGNATURE: " + signature
                    + "\r\nContent-Length: " + bytes.length + "\r\n\r\n";
            byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
            byte[] request = new byte[headBytes.length + bytes.length];
            System.arraycopy(headBytes, 0, request, 0, headBytes.length);
            System.arraycopy(bytes, 0, request, headBytes.length, bytes.length);
            return request;
        }

        private int readReply() throws IOException {
            String status = line();
            if (!status.startsWith("HTTP/1.1 ") || status.length() < 12) {
                throw new IOException("not an HTTP/1.1 reply: " + status);
            }
            int code = Integer.parseInt(status.substring(9, 12));
            long length = -1;
            boolean chunked = false;
            boolean close = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(lower.substring("content-length:".length()).strip());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                } else if (lower.startsWith("connection:") && lower.contains("close")) {
                    close = true;
                }
            }
            if (chunked) {
                for (long size = Long.parseLong(line().split(";")[0].strip(), 16); size > 0;
                     size = Long.parseLong(line().split(";")[0].strip(), 16)) {
                    skip(size);
                    line();
                }
                for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                    // trailers ignored
                }
            } else if (length > 0) {
                skip(length);
            }
            if (close) {
                close();
            }
            return code;
        }

        private void skip(long n) throws IOException {
            while (n > 0) {
                long skipped = in.skip(n);
                if (skipped <= 0) {
                    if (in.read() < 0) {
                        throw new IOException("connection closed mid-reply");
                    }
                    skipped = 1;
                }
                n -= skipped;
            }
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder(64);
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("connection closed mid-reply");
                }
                if (b != '\r') {
                    line.append((char) b);
                }
            }
            return line.toString();
        }

        @Override
        public void close() {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
                socket = null;
            }
        }
    }
}
