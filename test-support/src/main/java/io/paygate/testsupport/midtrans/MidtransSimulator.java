package io.paygate.testsupport.midtrans;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A Midtrans Core API for tests: a real HTTP server on 127.0.0.1 answering {@code GET /v2/token} (client key),
 * {@code POST /v2/charge} and {@code GET /v2/{order_id}/status} (HTTP Basic with the server key), serving a 3-D Secure
 * page at the {@code redirect_url} it gives, and POSTing signed HTTP notifications to {@link #notifyTo}. Only
 * {@link #register registered} key pairs are accepted; anything else is 401 as Midtrans answers.
 *
 * <p>Cards ({@link SimulatedCards}, Midtrans's sandbox table): 4811 1111 1111 1114 (and any other Luhn-valid number)
 * → 3-D Secure (201 + {@code redirect_url}), OTP {@code 112233} → capture/accept, any other OTP → deny; 4911 1111 1111
 * 1113 → 3-D Secure, then denied by the bank; 4411 1111 1111 1118 → captured at once (200); 4511 1111 1111 1117 →
 * capture with fraud_status challenge (201); 4611 1111 1111 1116 → denied by fraud detection (202, fraud deny);
 * 4711 1111 1111 1115 → denied by the bank at once (202); the Mastercard numbers of the same table likewise.
 * Per test: {@link #failNext}, {@link #failNextStatusOf} (documented 4xx/5xx answers), {@link #delayNextCharge},
 * {@link #openNextVaAs} (another virtual account number than asked), {@link #notifications} (normal,
 * never, duplicated, out of order), {@link #settle}, {@link #resend}, {@link #post} (forged bodies),
 * {@link #notificationJson} and {@link #postRaw} (a signed notification's exact text, edited as text). Everything it
 * received is in {@link #requests()} and counted per order by {@link #calls}, every notification attempt in
 * {@link #deliveries()}.
 *
 * <p>Charges paid later ({@link MethodRoutes}): {@code bank_transfer}, {@code echannel}, {@code qris}, {@code gopay},
 * {@code shopeepay}, {@code cstore} with {@code custom_expiry}; the customer pays them through {@link #payVa},
 * {@link #payBill}, {@link #payQr}, {@link #payStore}, {@link #payWallet} (or the wallet's app page at the
 * {@code deeplink-redirect}); they expire by themselves at their expiry ({@link #autoExpire}) or by {@link #expire};
 * {@code POST /v2/{order_id}/cancel}; {@link #reverse} (settlement → deny); refunds by {@code refund_key}
 * ({@code /refund}, {@code /refund/online/direct}: a known key is 406, nothing refunded twice), notified
 * {@code refund} / {@code partial_refund} with the {@code refunds} list, {@link #delayNextRefund}.
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
    public enum Endpoint { TOKEN, CHARGE, STATUS, CANCEL, REFUND }

    /** What a customer's payment of a charge paid later came to. */
    public enum Payment {
        /** Settled: Midtrans notifies {@code settlement}. */
        PAID,
        /** No open charge has this number, code or QR. */
        UNKNOWN,
        /** A closed virtual account, bill or store code takes its exact amount only. */
        WRONG_AMOUNT,
        /** The charge takes no money: expired, cancelled, denied or paid already. */
        REFUSED
    }

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
    /** Saved tokens ({@code save_token_id}): server key + " " + saved_token_id -> card number, reusable. */
    final Map<String, String> savedTokens = new ConcurrentHashMap<>();
    private final Map<Endpoint, Failure> failures = new ConcurrentHashMap<>();
    private final Map<String, Integer> statusFailures = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Notifications mode = Notifications.NORMAL;
    private volatile Duration notificationDelay = Duration.ofMillis(100);
    private volatile Duration chargeDelay = Duration.ZERO;
    private volatile Duration refundDelay = Duration.ZERO;
    private final AtomicReference<String> nextVaNumber = new AtomicReference<>();
    private volatile boolean autoExpire = true;
    private final AtomicLong refundIds = new AtomicLong();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("midtrans-simulator-expiry").daemon().factory());

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

    /**
     * The next {@code bank_transfer} charge is opened under {@code vaNumber}, whatever {@code va_number} it asked for
     * (as an acquirer that puts its own code before the merchant's number does).
     */
    public MidtransSimulator openNextVaAs(String vaNumber) {
        nextVaNumber.set(vaNumber);
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

    /**
     * A pending transaction expires (the customer never finished 3-D Secure, or never paid the number, code or QR):
     * status expire, notified.
     */
    public void expire(String orderId) {
        SimTransaction t = transaction(orderId);
        t.move("expire", t.fraudStatus, t.isCard() ? "407" : "202", "Success, transaction is found");
        changed(t);
    }

    /**
     * Whether a charge paid later expires by itself at its {@code expiry_time} (default true: notified {@code expire}
     * then, as Midtrans does). False: it stays {@code pending} past it until {@link #expire} or a cancel, as a charge
     * whose expiry Midtrans has not processed yet.
     */
    public MidtransSimulator autoExpire(boolean expires) {
        this.autoExpire = expires;
        return this;
    }

    /** The customer transfers {@code amount} to virtual account {@code vaNumber} (any bank's). */
    public Payment payVa(String vaNumber, BigDecimal amount) {
        return payExact(t -> vaNumber.equals(t.vaNumber), amount);
    }

    /** The customer pays Mandiri bill {@code billKey} of biller {@code billerCode}. */
    public Payment payBill(String billerCode, String billKey, BigDecimal amount) {
        return payExact(t -> billKey.equals(t.billKey) && billerCode.equals(t.billerCode), amount);
    }

    /** The customer pays store code {@code paymentCode} at the cashier of {@code store} (alfamart, indomaret). */
    public Payment payStore(String store, String paymentCode, BigDecimal amount) {
        return payExact(t -> paymentCode.equals(t.paymentCode) && store.equalsIgnoreCase(t.store), amount);
    }

    /** The customer scans a QR (QRIS, or GoPay's) and pays: {@code payload} is what the scanning app read. */
    public Payment payQr(String payload) {
        return payExact(t -> payload.equals(t.qrString), null);
    }

    /** The customer approves the wallet payment (GoPay, ShopeePay) of {@code orderId} in the app. */
    public Payment payWallet(String orderId) {
        return payExact(t -> orderId.equals(t.orderId) && t.deeplink != null, null);
    }

    /** The customer declines (or the wallet denies) the pending charge {@code orderId}: status deny, notified. */
    public void deny(String orderId) {
        denyNow(transaction(orderId));
    }

    /**
     * The payment provider reverses settled {@code orderId} (Midtrans: "the transaction status can change from
     * SETTLEMENT to DENY"): status deny (202), settlement_time kept, notified.
     */
    public void reverse(String orderId) {
        SimTransaction t = transaction(orderId);
        synchronized (t) {
            if (!"settlement".equals(t.transactionStatus)) {
                throw new IllegalStateException(orderId + " is " + t.transactionStatus + ", not settlement");
            }
            t.move("deny", t.fraudStatus, "202", "Transaction is reversed by the payment provider");
        }
        changed(t);
    }

    /** The next refund is answered only after {@code delay} (a client's read timeout); it is refunded all the same. */
    public MidtransSimulator delayNextRefund(Duration delay) {
        this.refundDelay = delay;
        return this;
    }

    /** The {@code refund_key}s Midtrans recorded for {@code orderId}, in order. */
    public List<String> refundKeys(String orderId) {
        SimTransaction t = transaction(orderId);
        synchronized (t) {
            return t.refunds.stream().map(SimTransaction.Refund::key).toList();
        }
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

    /** The saved tokens ({@code saved_token_id}) the simulator answered so far, for {@code serverKey}. */
    public List<String> savedTokens(String serverKey) {
        return savedTokens.keySet().stream().filter(k -> k.startsWith(serverKey + " "))
                .map(k -> k.substring(serverKey.length() + 1)).toList();
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /**
     * How many calls of {@code endpoint} about {@code orderId} the simulator received, answered or not: status
     * inquiries ({@code GET /v2/{order_id}/status}), cancels, refunds ({@code /refund} and {@code /refund/online/direct}),
     * charges (by their {@code transaction_details.order_id}). The token call names no order: use {@link #requests()}.
     */
    public long calls(Endpoint endpoint, String orderId) {
        return requests.stream().filter(r -> about(r, endpoint, orderId)).count();
    }

    private static boolean about(Request r, Endpoint endpoint, String orderId) {
        String path = java.net.URLDecoder.decode(r.path(), java.nio.charset.StandardCharsets.UTF_8);
        String order = "/v2/" + orderId;
        return switch (endpoint) {
            case STATUS -> r.method().equals("GET") && path.equals(order + "/status");
            case CANCEL -> r.method().equals("POST") && path.equals(order + "/cancel");
            case REFUND -> r.method().equals("POST")
                    && (path.equals(order + "/refund") || path.equals(order + "/refund/online/direct"));
            case CHARGE -> r.method().equals("POST") && path.equals("/v2/charge")
                    && orderId.equals(CoreApiRoutes.orderIdOf(r.body()));
            case TOKEN -> throw new IllegalArgumentException("the token call names no order");
        };
    }

    public List<Delivery> deliveries() {
        return notifier.deliveries();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        timer.shutdownNow();
        notifier.close();
    }

    private Payment payExact(Predicate<SimTransaction> which, BigDecimal amount) {
        SimTransaction t = byOrder.values().stream().filter(c -> !c.isCard()).filter(which).findFirst().orElse(null);
        if (t == null) {
            return Payment.UNKNOWN;
        }
        if (amount != null && amount.compareTo(t.amount) != 0) {
            return Payment.WRONG_AMOUNT;
        }
        return payNow(t) ? Payment.PAID : Payment.REFUSED;
    }

    // --- for the routes ---

    /** Settles pending {@code t}, notified; false when it takes no money (expired, cancelled, paid, denied). */
    boolean payNow(SimTransaction t) {
        synchronized (t) {
            expireIfDue(t);
            if (!"pending".equals(t.transactionStatus)) {
                return false;
            }
            t.settlementTime = LocalDateTime.now(SimTransaction.JAKARTA).format(SimTransaction.TIME);
            t.move("settlement", "accept", "200", "Success, transaction is found");
        }
        changed(t);
        return true;
    }

    /** Denies pending {@code t}, notified; false when it is not pending. */
    boolean denyNow(SimTransaction t) {
        synchronized (t) {
            if (!"pending".equals(t.transactionStatus)) {
                return false;
            }
            t.move("deny", t.fraudStatus, "202", "Transaction is denied");
        }
        changed(t);
        return true;
    }

    /** Expires pending {@code t} whose expiry_time passed (when charges expire by themselves), notified. */
    void expireIfDue(SimTransaction t) {
        boolean expired = false;
        synchronized (t) {
            if (autoExpire && "pending".equals(t.transactionStatus) && t.expiresAt != null
                    && !Instant.now().isBefore(t.expiresAt)) {
                t.move("expire", t.fraudStatus, "202", "Success, transaction is found");
                expired = true;
            }
        }
        if (expired) {
            changed(t);
        }
    }

    void scheduleExpiry(SimTransaction t) {
        long millis = Math.max(0, t.expiresAt.toEpochMilli() - System.currentTimeMillis()) + 50;
        timer.schedule(() -> expireIfDue(t), millis, TimeUnit.MILLISECONDS);
    }

    long nextRefundId() {
        return refundIds.incrementAndGet();
    }

    Duration takeRefundDelay() {
        Duration d = refundDelay;
        refundDelay = Duration.ZERO;
        return d;
    }


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

    Optional<String> takeVaNumber() {
        return Optional.ofNullable(nextVaNumber.getAndSet(null));
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
