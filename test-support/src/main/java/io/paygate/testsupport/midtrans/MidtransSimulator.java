package io.paygate.testsupport.midtrans;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A Midtrans Core API for tests: a real HTTP server on 127.0.0.1 answering {@code GET /v2/token} (client key),
 * {@code POST /v2/charge} and {@code GET /v2/{order_id}/status} (HTTP Basic with the server key), serving a 3-D Secure
 * page at the {@code redirect_url} it gives, and POSTing signed HTTP notifications to {@link #notifyTo}. Only
 * {@link #register registered} key pairs are accepted; anything else is 401 as Midtrans answers.
 *
 * <p>Cards ({@link SimulatedCards}): 4811 1111 1111 1114 (and any other Luhn-valid number) → 3-D Secure (201 +
 * {@code redirect_url}), OTP {@code 112233} → capture/accept, any other OTP → deny; 4411 1111 1111 1118 → captured at
 * once (200); 4911 1111 1111 1113 → denied at once (202); 4611 1111 1111 1116 → capture with fraud_status challenge.
 * Per test: {@link #failNext}, {@link #failNextStatusOf} (documented 4xx/5xx answers), {@link #delayNextCharge}, {@link #notifications} (normal,
 * never, duplicated, out of order), {@link #settle}, {@link #resend}, {@link #post} (forged bodies),
 * {@link #notificationJson} and {@link #postRaw} (a signed notification's exact text, edited as text). Everything it
 * received is in {@link #requests()}, every notification attempt in {@link #deliveries()}.
 */
public final class MidtransSimulator implements AutoCloseable {

    /** How notifications are sent. */
    public enum Notifications {
        /** Once per status change (retried until 2xx). */
        NORMAL,
        /** Never: only a status inquiry learns the outcome. */
        NEVER,
        /** Every notification twice. */
        DUPLICATED,
        /** Every final notification followed by a stale, validly signed {@code pending} one. */
        OUT_OF_ORDER
    }

    /** The Core API endpoints {@link #failNext} can make fail. */
    public enum Endpoint { TOKEN, CHARGE, STATUS }

    /** A request the simulator received; {@code authorization} is the raw header, {@code query} the raw query. */
    public record Request(String method, String path, String query, String authorization, String body) {
    }

    /** One notification attempt: where, what, the receiver's HTTP status (-1: no answer), attempt number. */
    public record Delivery(String url, String body, int status, int attempt) {
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Notifier notifier = new Notifier();
    private final Map<String, String> keys = new ConcurrentHashMap<>(); // server key -> client key
    final Map<String, SimTransaction> byOrder = new ConcurrentHashMap<>();
    final Map<String, SimTransaction> byTransactionId = new ConcurrentHashMap<>();
    final Map<String, String> tokens = new ConcurrentHashMap<>(); // token -> card number (one use)
    private final Map<Endpoint, Failure> failures = new ConcurrentHashMap<>();
    private final Map<String, Integer> statusFailures = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Notifications mode = Notifications.NORMAL;
    private volatile Duration notificationDelay = Duration.ofMillis(100);
    private volatile Duration chargeDelay = Duration.ZERO;

    private MidtransSimulator(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    public static MidtransSimulator start() {
        return start(0);
    }

    /** Starts on {@code port} of 127.0.0.1 (0: a free one). */
    public static MidtransSimulator start(int port) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
            ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
            MidtransSimulator simulator = new MidtransSimulator(server, executor);
            server.createContext("/", new CoreApiRoutes(simulator)::handle);
            server.setExecutor(executor);
            server.start();
            return simulator;
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the Midtrans simulator", e);
        }
    }

    /** {@code http://127.0.0.1:<port>}: what {@code gateway.merchants.<id>.midtrans.base-url} points at. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Accepts this key pair (a merchant account). */
    public MidtransSimulator register(String serverKey, String clientKey) {
        keys.put(serverKey, clientKey);
        return this;
    }

    /** Where notifications go (Midtrans's "Payment Notification URL" setting). */
    public MidtransSimulator notifyTo(String notificationUrl) {
        notifier.url(notificationUrl);
        return this;
    }

    public MidtransSimulator notifications(Notifications mode) {
        this.mode = mode;
        return this;
    }

    /** How long after a status change its notification leaves (default 100 ms). */
    public MidtransSimulator notificationDelay(Duration delay) {
        this.notificationDelay = delay;
        return this;
    }

    /** Attempts per notification while the receiver does not answer 2xx, and the first wait (doubling). */
    public MidtransSimulator notificationRetries(int maxAttempts, Duration firstBackoff) {
        notifier.retries(maxAttempts, firstBackoff);
        return this;
    }

    /**
     * The next call to {@code endpoint} answers Midtrans's documented error for {@code statusCode} (400 validation,
     * 401 access denied, 404 not found, 406 duplicate order id, 411 token, 500/502/503 internal error) with that
     * HTTP status; for a charge, nothing is charged.
     */
    public MidtransSimulator failNext(Endpoint endpoint, int statusCode) {
        return failNext(endpoint, statusCode, 1);
    }

    /** Like {@link #failNext(Endpoint, int)} for the next {@code times} calls of {@code endpoint} (0: none). */
    public MidtransSimulator failNext(Endpoint endpoint, int statusCode, int times) {
        if (times <= 0) {
            failures.remove(endpoint);
        } else {
            failures.put(endpoint, new Failure(statusCode, times));
        }
        return this;
    }

    /** Like {@link #failNext} for {@link Endpoint#STATUS}, but only for the next inquiry of {@code orderId}. */
    public MidtransSimulator failNextStatusOf(String orderId, int statusCode) {
        statusFailures.put(orderId, statusCode);
        return this;
    }

    /** The next charge answers only after {@code delay} (a client's read timeout); it is charged all the same. */
    public MidtransSimulator delayNextCharge(Duration delay) {
        this.chargeDelay = delay;
        return this;
    }

    /**
     * A captured card transaction settles (Midtrans does so the next day; a capture in fraud challenge once the
     * merchant accepted it): status settlement, fraud_status accept, notified.
     */
    public void settle(String orderId) {
        SimTransaction t = transaction(orderId);
        t.move("settlement", t.fraudStatus == null ? null : "accept", "200", "Success, transaction is found");
        changed(t);
    }

    /** A pending transaction expires (the customer never finished 3-D Secure): status expire, notified. */
    public void expire(String orderId) {
        SimTransaction t = transaction(orderId);
        t.move("expire", t.fraudStatus, "407", "Success, transaction is found");
        changed(t);
    }

    /** Sends the current notification of {@code orderId} again (a late or repeated notification). */
    public void resend(String orderId) {
        notifier.send(transaction(orderId).body(), Duration.ZERO);
    }

    /** The current notification body of {@code orderId}, signed; a copy to tamper with. */
    public Map<String, Object> notificationBody(String orderId) {
        return new LinkedHashMap<>(transaction(orderId).body());
    }

    /** POSTs {@code body} (as JSON) to the notification URL now, once: the receiver's HTTP status. */
    public int post(Map<String, Object> body) {
        return notifier.postNow(Notifier.write(body));
    }

    /**
     * The current notification of {@code orderId} exactly as the simulator sends it (the JSON text, signed): the
     * bytes an attacker who saw one would start from, to edit as text.
     */
    public String notificationJson(String orderId) {
        return Notifier.write(transaction(orderId).body());
    }

    /**
     * POSTs {@code json} as it is (no re-serialisation, so an edited notification keeps every other byte) to the
     * notification URL now, once: the receiver's HTTP status.
     */
    public int postRaw(String json) {
        return notifier.postNow(json);
    }

    /** The transaction_status of {@code orderId}, if the simulator knows it. */
    public Optional<String> status(String orderId) {
        return Optional.ofNullable(byOrder.get(orderId)).map(t -> t.transactionStatus);
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public List<Delivery> deliveries() {
        return notifier.deliveries();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        notifier.close();
    }

    // --- for CoreApiRoutes ---

    void record(Request request) {
        requests.add(request);
    }

    boolean serverKeyKnown(String serverKey) {
        return serverKey != null && keys.containsKey(serverKey);
    }

    boolean clientKeyKnown(String clientKey) {
        return clientKey != null && keys.containsValue(clientKey);
    }

    Integer takeFailure(Endpoint endpoint) {
        Integer[] code = {null};
        failures.computeIfPresent(endpoint, (e, f) -> {
            code[0] = f.statusCode();
            return f.times() > 1 ? new Failure(f.statusCode(), f.times() - 1) : null;
        });
        return code[0];
    }

    /** The next {@code times} calls of an endpoint answer {@code statusCode}. */
    private record Failure(int statusCode, int times) {
    }

    Integer takeStatusFailure(String orderId) {
        return statusFailures.remove(orderId);
    }

    Duration takeChargeDelay() {
        Duration d = chargeDelay;
        chargeDelay = Duration.ZERO;
        return d;
    }

    /** Notifies a status change as the mode says. */
    void changed(SimTransaction t) {
        Map<String, Object> body = t.body();
        switch (mode) {
            case NEVER -> {
            }
            case NORMAL -> notifier.send(body, notificationDelay);
            case DUPLICATED -> {
                notifier.send(body, notificationDelay);
                notifier.send(body, notificationDelay.plusMillis(50));
            }
            case OUT_OF_ORDER -> {
                notifier.send(body, notificationDelay);
                if (!"pending".equals(t.transactionStatus)) {
                    Map<String, Object> stale = new LinkedHashMap<>(body);
                    stale.put("transaction_status", "pending");
                    stale.put("status_code", "201");
                    stale.remove("fraud_status");
                    stale.put("signature_key", MidtransSignature.of(t.orderId, "201", t.grossAmount, t.serverKey));
                    notifier.send(stale, notificationDelay.plusMillis(150));
                }
            }
        }
    }

    private SimTransaction transaction(String orderId) {
        SimTransaction t = byOrder.get(orderId);
        if (t == null) {
            throw new IllegalArgumentException("no transaction " + orderId);
        }
        return t;
    }
}
