import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.json.Json;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JVM floor of one delivered merchant notification on this machine: the least work any JVM gateway must do
 * between a {@code payment-status} event on Kafka and the merchant's 2xx. A plain {@code KafkaConsumer} of its own
 * group; per record the producer signature checked (HMAC-SHA256 of {@code eventId.sequence.value}, docs/contract.md
 * §7), the envelope parsed, one autocommitted INSERT of the notification row (its own table, primary key the eventId:
 * a replayed event is not notified twice), the §6 body built, canonicalized (RFC 8785) and signed (HMAC-SHA512 as body
 * {@code signature} and {@code X-SIGNATURE}; Standard Webhooks {@code webhook-signature}), one POST on a keep-alive
 * connection (Vert.x HttpClient, 64 per host, as the service; {@code --http=jdk} uses the JDK HttpClient instead), the
 * reply's {@code responseCode} read, and on 2xx + 2000000 one autocommitted UPDATE marking it delivered. Offsets are
 * committed after every record of a poll is delivered (or failed). The JSON is built by the same common-model
 * records and {@code CanonicalJson} the service uses, so both send the same bytes and the difference is the rest.
 *
 * <p>Two shapes ({@code --batch} picks the second): one INSERT and one UPDATE per notification on 8 worker threads
 * (the statement count the issue names), or a poll's notifications as the service stores them, one INSERT of all its
 * rows (unnest) and one UPDATE of the delivered ones on the polling thread, every POST of the poll in flight at once.
 *
 * <p>Deliberately left out: retries and their schedule (a failed attempt is only counted), leases and anything that
 * makes replicas safe, per-resource order and obsolete events, the attempt log and the request copy, the delivery-time
 * address check (the URL is a loopback literal), dead letters, metrics, logs, the REST API, the framework.
 *
 * <p>usage: java -cp 'notification-service/target/quarkus-app/lib/main/*' NotificationFloor.java [--http=vertx|jdk] [--batch]
 * BOOTSTRAP TOPIC GROUP JDBC_URL USER PASSWORD WORKERS EVENT_SIGNING_KEY; merchant {@code demo} and its local-stack
 * notification secret. Prints "floor assigned" once it holds partitions, then every 10 s what it did.
 */
public class NotificationFloor {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String NOTIFICATION_SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    static final String TABLE = """
            CREATE TABLE IF NOT EXISTS notification_floor (event_id uuid PRIMARY KEY, merchant_id text NOT NULL,
                resource_id text NOT NULL, callback_url text NOT NULL, payload text NOT NULL, signature text NOT NULL,
                status text NOT NULL, created_at timestamptz NOT NULL, delivered_at timestamptz)""";
    static final String INSERT = """
            INSERT INTO notification_floor (event_id, merchant_id, resource_id, callback_url, payload, signature, status,
                created_at) VALUES (?, ?, ?, ?, ?, ?, 'PENDING', now()) ON CONFLICT DO NOTHING""";
    static final String UPDATE = "UPDATE notification_floor SET status = 'DELIVERED', delivered_at = now() WHERE event_id = ?";
    static final String INSERT_ALL = """
            INSERT INTO notification_floor (event_id, merchant_id, resource_id, callback_url, payload, signature, status,
                created_at) SELECT r.*, 'PENDING', now() FROM unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[],
                ?::text[]) AS r WHERE true ON CONFLICT DO NOTHING RETURNING event_id""";
    static final String UPDATE_ALL = """
            UPDATE notification_floor SET status = 'DELIVERED', delivered_at = now() WHERE event_id = ANY(?::uuid[])""";
    static final AtomicLong DELIVERED = new AtomicLong(), FAILED = new AtomicLong(), REJECTED = new AtomicLong();
    static byte[] eventKey, notificationKey;
    static String jdbcUrl, user, password;
    static final ThreadLocal<Connection> CONNECTION = new ThreadLocal<>();
    static final ThreadLocal<Mac[]> MACS = new ThreadLocal<>();
    static ExecutorService workers;
    static HttpClient vertxClient;
    static java.net.http.HttpClient jdkClient;

    public static void main(String[] argv) throws Exception {
        List<String> options = java.util.Arrays.stream(argv).filter(o -> o.startsWith("--")).toList();
        boolean jdk = options.contains("--http=jdk"), batch = options.contains("--batch");
        String[] a = java.util.Arrays.stream(argv).filter(o -> !o.startsWith("--")).toArray(String[]::new);
        jdbcUrl = a[3];
        user = a[4];
        password = a[5];
        int size = Integer.parseInt(a[6]);
        eventKey = a[7].getBytes(StandardCharsets.UTF_8);
        notificationKey = Base64.getDecoder().decode(NOTIFICATION_SECRET.substring("whsec_".length()));
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password); Statement s = c.createStatement()) {
            s.execute(TABLE);
        }
        workers = Executors.newFixedThreadPool(size);
        if (jdk) {
            jdkClient = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .followRedirects(java.net.http.HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(15))
                    .build();
        } else {
            Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
            vertxClient = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setMaxRedirects(0)
                    .setDecompressionSupported(false), new PoolOptions().setHttp1MaxSize(64).setMaxWaitQueueSize(-1));
        }
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, a[0],
                ConsumerConfig.GROUP_ID_CONFIG, a[2],
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(),
                new ByteArrayDeserializer());
        consumer.subscribe(List.of(a[1]), new ConsumerRebalanceListener() {
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            }

            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                if (!partitions.isEmpty()) System.out.println("floor assigned " + partitions);
            }
        });
        System.out.println("floor consuming " + a[1] + " as " + a[2] + " over " + (jdk ? "the JDK HttpClient" : "Vert.x")
                + (batch ? ", a poll's rows in one INSERT and one UPDATE" : ", one INSERT and one UPDATE per notification"));
        long report = System.nanoTime();
        while (true) {
            ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofSeconds(1));
            if (!records.isEmpty() && batch) {
                deliverBatch(records);
                consumer.commitSync();
            } else if (!records.isEmpty()) {
                CountDownLatch done = new CountDownLatch(records.count());
                for (ConsumerRecord<String, byte[]> r : records) workers.execute(() -> handle(r, done));
                done.await();
                consumer.commitSync();
            }
            if (System.nanoTime() - report > 10_000_000_000L) {
                report = System.nanoTime();
                System.out.printf("floor delivered=%d failed=%d rejected=%d%n", DELIVERED.get(), FAILED.get(), REJECTED.get());
            }
        }
    }

    /** What one event becomes: the row's values and the signed request, or null when the event is refused. */
    record Prepared(UUID id, String merchant, String resource, String url, String payload, String signature,
                    byte[] body, long timestamp, String webhook) {
    }

    /** The producer signature checked, the envelope parsed, the §6 body built, canonicalized and signed. */
    static Prepared prepare(ConsumerRecord<String, byte[]> r) throws Exception {
        Mac[] macs = macs();
        JsonNode event = JSON.readTree(r.value());
        String eventId = event.path("eventId").asText(null);
        JsonNode sequence = event.path("sequence");
        Header header = r.headers().lastHeader("paygate-signature");
        if (eventId == null || !sequence.isIntegralNumber() || header == null || !signedBy(macs[0],
                new String(header.value(), StandardCharsets.US_ASCII), eventId + "." + sequence.asLong() + ".", r.value())
                || !"PaymentStatusChanged".equals(event.path("type").asText())
                || !"demo".equals(event.path("merchantId").asText())) {
            REJECTED.incrementAndGet();
            return null;
        }
        PaymentStatusChanged data = Json.fromTree(event.path("data"), PaymentStatusChanged.class);
        String payload = Json.write(data.toNotification());
        String signature = HexFormat.of().formatHex(
                macs[1].doFinal(CanonicalJson.canonicalizeOwn(payload).getBytes(StandardCharsets.UTF_8)));
        String body = payload.substring(0, payload.length() - 1) + ",\"signature\":\"" + signature + "\"}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        long ts = Instant.now().getEpochSecond();
        macs[2].update((eventId + "." + ts + ".").getBytes(StandardCharsets.UTF_8));
        String webhook = "v1," + Base64.getEncoder().encodeToString(macs[2].doFinal(bytes));
        return new Prepared(UUID.fromString(eventId), event.path("merchantId").asText(), event.path("resourceId").asText(),
                data.callbackUrl(), payload, signature, bytes, ts, webhook);
    }

    /** One POST; {@code replied} gets the status (0 when none) and the reply body. */
    static void send(Prepared p, java.util.function.BiConsumer<Integer, byte[]> replied) {
        String id = p.id().toString();
        if (jdkClient != null) {
            HttpRequest req = HttpRequest.newBuilder(URI.create(p.url())).timeout(Duration.ofSeconds(15))
                    .header("Content-Type", "application/json").header("User-Agent", "paygate-floor/1")
                    .header("webhook-id", id).header("webhook-timestamp", Long.toString(p.timestamp()))
                    .header("webhook-signature", p.webhook()).header("X-SIGNATURE", p.signature())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(p.body())).build();
            jdkClient.sendAsync(req, HttpResponse.BodyHandlers.ofByteArray()).whenComplete((resp, error) ->
                    replied.accept(error == null ? resp.statusCode() : 0, error == null ? resp.body() : null));
            return;
        }
        URI url = URI.create(p.url());
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setHost(url.getHost())
                .setPort(url.getPort()).setURI(url.getRawPath()).setFollowRedirects(false)
                .setIdleTimeout(15_000).putHeader("Content-Type", "application/json")
                .putHeader("User-Agent", "paygate-floor/1").putHeader("webhook-id", id)
                .putHeader("webhook-timestamp", Long.toString(p.timestamp())).putHeader("webhook-signature", p.webhook())
                .putHeader("X-SIGNATURE", p.signature());
        vertxClient.request(options)
                .compose(req -> req.send(Buffer.buffer(p.body()))
                        .compose(resp -> resp.body().map(b -> new Object[] {resp.statusCode(), b.getBytes()})))
                .onComplete(ar -> replied.accept(ar.succeeded() ? (int) ar.result()[0] : 0,
                        ar.succeeded() ? (byte[]) ar.result()[1] : null));
    }

    /** Per notification, on a worker: prepare, one INSERT, the POST; the reply goes to {@link #replied}. */
    static void handle(ConsumerRecord<String, byte[]> r, CountDownLatch done) {
        try {
            Prepared p = prepare(r);
            if (p == null) {
                done.countDown();
                return;
            }
            try (PreparedStatement s = connection().prepareStatement(INSERT)) {
                s.setObject(1, p.id());
                s.setString(2, p.merchant());
                s.setString(3, p.resource());
                s.setString(4, p.url());
                s.setString(5, p.payload());
                s.setString(6, p.signature());
                if (s.executeUpdate() == 0) { // a replay: stored (and notified) before
                    done.countDown();
                    return;
                }
            }
            send(p, (status, reply) -> replied(p.id(), status, reply, done));
        } catch (Exception e) {
            System.out.println("floor: " + e);
            FAILED.incrementAndGet();
            done.countDown();
        }
    }

    /**
     * {@code --batch}: a poll's events as the service stores them, on the polling thread: all prepared, one INSERT of
     * every row (unnest, one commit), every POST in flight at once, then one UPDATE of the delivered ones.
     */
    static void deliverBatch(ConsumerRecords<String, byte[]> records) throws Exception {
        List<Prepared> ready = new java.util.ArrayList<>(records.count());
        for (ConsumerRecord<String, byte[]> r : records) {
            try {
                Prepared p = prepare(r);
                if (p != null) ready.add(p);
            } catch (Exception e) {
                System.out.println("floor: " + e);
                FAILED.incrementAndGet();
            }
        }
        if (ready.isEmpty()) return;
        Connection c = connection();
        java.util.Set<UUID> fresh = new java.util.HashSet<>();
        try (PreparedStatement s = c.prepareStatement(INSERT_ALL)) {
            s.setArray(1, c.createArrayOf("uuid", ready.stream().map(Prepared::id).toArray()));
            s.setArray(2, c.createArrayOf("text", ready.stream().map(Prepared::merchant).toArray()));
            s.setArray(3, c.createArrayOf("text", ready.stream().map(Prepared::resource).toArray()));
            s.setArray(4, c.createArrayOf("text", ready.stream().map(Prepared::url).toArray()));
            s.setArray(5, c.createArrayOf("text", ready.stream().map(Prepared::payload).toArray()));
            s.setArray(6, c.createArrayOf("text", ready.stream().map(Prepared::signature).toArray()));
            try (java.sql.ResultSet rs = s.executeQuery()) {
                while (rs.next()) fresh.add(rs.getObject(1, UUID.class));
            }
        }
        CountDownLatch replies = new CountDownLatch(fresh.size());
        java.util.Queue<UUID> delivered = new java.util.concurrent.ConcurrentLinkedQueue<>();
        for (Prepared p : ready) {
            if (!fresh.contains(p.id())) continue; // a replay: stored (and notified) before
            send(p, (status, reply) -> {
                if (isDelivered(status, reply)) delivered.add(p.id());
                else FAILED.incrementAndGet();
                replies.countDown();
            });
        }
        replies.await();
        if (delivered.isEmpty()) return;
        try (PreparedStatement s = c.prepareStatement(UPDATE_ALL)) {
            s.setArray(1, c.createArrayOf("uuid", delivered.toArray()));
            DELIVERED.addAndGet(s.executeUpdate());
        }
    }

    static boolean isDelivered(int status, byte[] reply) {
        try {
            return status / 100 == 2 && reply != null && "2000000".equals(JSON.readTree(reply).path("responseCode").asText());
        } catch (Exception e) {
            return false;
        }
    }

    /** Delivered = 2xx and {@code responseCode} 2000000 (docs/contract.md §6): then the UPDATE, on a worker. */
    static void replied(UUID id, int status, byte[] reply, CountDownLatch done) {
        if (!isDelivered(status, reply)) {
            FAILED.incrementAndGet();
            done.countDown();
            return;
        }
        workers.execute(() -> {
            try (PreparedStatement s = connection().prepareStatement(UPDATE)) {
                s.setObject(1, id);
                s.executeUpdate();
                DELIVERED.incrementAndGet();
            } catch (Exception e) {
                System.out.println("floor: " + e);
                FAILED.incrementAndGet();
            } finally {
                done.countDown();
            }
        });
    }

    /** Any {@code v1,} entry of the header equal to HMAC-SHA256(key, prefix + value), compared in constant time. */
    static boolean signedBy(Mac mac, String header, String prefix, byte[] value) {
        mac.update(prefix.getBytes(StandardCharsets.UTF_8));
        byte[] want = mac.doFinal(value);
        for (String entry : header.strip().split(" +")) {
            if (entry.startsWith("v1,")) {
                try {
                    if (MessageDigest.isEqual(want, Base64.getDecoder().decode(entry.substring(3)))) return true;
                } catch (IllegalArgumentException e) {
                    return false;
                }
            }
        }
        return false;
    }

    /** This worker's HMACs, keyed once: event HMAC-SHA256, body HMAC-SHA512, webhook HMAC-SHA256. */
    static Mac[] macs() throws Exception {
        Mac[] macs = MACS.get();
        if (macs == null) {
            macs = new Mac[] {Mac.getInstance("HmacSHA256"), Mac.getInstance("HmacSHA512"), Mac.getInstance("HmacSHA256")};
            macs[0].init(new SecretKeySpec(eventKey, "HmacSHA256"));
            macs[1].init(new SecretKeySpec(notificationKey, "HmacSHA512"));
            macs[2].init(new SecretKeySpec(notificationKey, "HmacSHA256"));
            MACS.set(macs);
        }
        return macs;
    }

    /** This worker's connection (one per worker thread, autocommit). */
    static Connection connection() throws Exception {
        Connection c = CONNECTION.get();
        if (c == null) {
            c = DriverManager.getConnection(jdbcUrl, user, password);
            CONNECTION.set(c);
        }
        return c;
    }
}
