package io.paygate.qa;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * The merchant's callback endpoint for a suite: a small HTTP server (the JDK's {@code com.sun.net.httpserver}) that
 * receives the gateway's real deliveries, verifies each as a merchant does (common-model's
 * {@link NotificationVerifier}) and acknowledges a verified one with {@code 2000000} (docs/contract.md §6 "Delivery"); one
 * that does not verify is recorded with the reason and answered 401, so the gateway retries it.
 *
 * <pre>{@code
 * try (CallbackReceiver receiver = CallbackReceiver.start(target.notificationSecret())) {
 *     Initiated payment = paygate.payments().initiate(PaymentRequest.of("150000.00")
 *             .withCallbackUrl(receiver.url("/payments")));
 *     ...
 *     Delivery delivery = receiver.awaitPaymentNotification(payment, "CAPTURED", Duration.ofSeconds(60));
 * }
 * }</pre>
 *
 * The deployment must be able to reach it: the local stack reaches loopback URLs; a deployment elsewhere needs the
 * receiver on an address it can reach ({@code paygate.receiver.host}, {@code paygate.receiver.port}) or a tunnel
 * whose URL is {@code paygate.receiver.public-url}, https on 443 or 8443 outside the local stack (contract §6
 * "Callback URL rules").
 */
public final class CallbackReceiver implements AutoCloseable {

    /** What a merchant answers to acknowledge a notification (docs/contract.md §6). */
    public static final String ACKNOWLEDGEMENT =
            "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"processingTime\":1}";
    private static final int MAX_BODY = 1 << 20;

    private final HttpServer server;
    private final ExecutorService executor;
    private final NotificationVerifier verifier;
    private final String publicUrl;
    private final List<Delivery> deliveries = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** How SNAP notifications verify: the merchant's id and its gateway keys, once known ({@link #withSnap}). */
    private volatile SnapExpectation snap;

    private CallbackReceiver(HttpServer server, ExecutorService executor, NotificationVerifier verifier,
                             String publicUrl) {
        this.server = server;
        this.executor = executor;
        this.verifier = verifier;
        this.publicUrl = publicUrl;
    }

    /** On a free port of 127.0.0.1, verifying with the merchant's notification secret(s) ({@code whsec_…}). */
    public static CallbackReceiver start(String... whsecSecrets) {
        return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, whsecSecrets);
    }

    /**
     * On {@code paygate.receiver.host} (default 127.0.0.1) and {@code paygate.receiver.port} (default: a free one),
     * known to the gateway as {@code paygate.receiver.public-url} (default: its own address); environment variables
     * {@code PAYGATE_RECEIVER_HOST} … when a property is absent.
     */
    public static CallbackReceiver fromSystemProperties(String... whsecSecrets) {
        String host = Settings.getOr("paygate.receiver.host", InetAddress.getLoopbackAddress().getHostAddress());
        int port = Integer.parseInt(Settings.getOr("paygate.receiver.port", "0"));
        return start(new InetSocketAddress(host, port), Settings.get("paygate.receiver.public-url"), whsecSecrets);
    }

    /**
     * On {@code address}; {@code publicUrl} is the URL the gateway reaches it at (a tunnel's, say), null for
     * {@code http://host:port}.
     */
    public static CallbackReceiver start(InetSocketAddress address, String publicUrl, String... whsecSecrets) {
        if (whsecSecrets.length == 0) {
            throw new IllegalArgumentException("CallbackReceiver needs the merchant's notification secret");
        }
        List<WebhookSecret> secrets = Arrays.stream(whsecSecrets).map(WebhookSecret::parse).toList();
        NotificationVerifier verifier = new NotificationVerifier(Clock.systemUTC(),
                NotificationVerifier.DEFAULT_TOLERANCE, secrets);
        try {
            HttpServer server = HttpServer.create(address, 64);
            ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
            String url = publicUrl != null ? trimmed(publicUrl) : "http://" + hostOf(server.getAddress()) + ":"
                    + server.getAddress().getPort();
            CallbackReceiver receiver = new CallbackReceiver(server, executor, verifier, url);
            server.createContext("/", receiver::handle);
            server.setExecutor(executor);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new IllegalStateException("paygate-qa: cannot start the callback receiver on " + address, e);
        }
    }

    /**
     * Verifies SNAP notifications too (docs/contract.md §9), as a SNAP merchant does: {@code X-SIGNATURE} by the
     * merchant's own gateway key (a notification signed for another merchant fails), {@code additionalInfo.merchantId}
     * naming {@code merchantId}, and the Standard Webhooks headers with the notification secret. A request that carries
     * the SNAP headers ({@code X-EXTERNAL-ID}, {@code CHANNEL-ID}) is a SNAP notification; without this, it fails saying
     * so.
     *
     * @param publicKeys the merchant's keys in PEM ({@code GET /pg/snap/public-keys/<client key>.pem}, whose blocks may
     *                   be given as one text), the signing one first
     */
    public CallbackReceiver withSnap(String merchantId, String... publicKeys) {
        List<String> pems = new ArrayList<>();
        for (String text : publicKeys) {
            pems.addAll(SnapExpectation.pemBlocks(text));
        }
        this.snap = new SnapExpectation(merchantId, () -> SnapNotificationVerifier.of(pems.toArray(String[]::new)));
        return this;
    }

    /**
     * {@link #withSnap(String, String...)} with the keys the deployment publishes for the target's SNAP client key
     * ({@code paygate.snap.client-key}, default the merchant id), fetched from notification-service when the first SNAP
     * notification arrives (so a suite that never uses SNAP needs none).
     */
    public CallbackReceiver withSnapOf(PaygateTarget target) {
        String clientKey = Settings.getOr("paygate.snap.client-key", target.merchantId());
        String url = target.notificationUrl() + "/pg/snap/public-keys/" + clientKey + ".pem";
        this.snap = new SnapExpectation(target.merchantId(), () -> {
            Response keys = RestAssured.given().get(url);
            Waits.expect(keys, 200, "the SNAP public keys at " + url);
            return SnapNotificationVerifier.of(SnapExpectation.pemBlocks(keys.asString()).toArray(String[]::new));
        });
        return this;
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Its URL for the gateway with {@code path} ({@code /payments}): what to give as a callback URL. */
    public String url(String path) {
        return publicUrl + (path.startsWith("/") ? path : "/" + path);
    }

    /** Its URL for the gateway with path {@code /}. */
    public String url() {
        return url("/");
    }

    /** Every request received so far, in arrival order, verified or not. */
    public synchronized List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    /** Forgets what was received. */
    public synchronized void clear() {
        deliveries.clear();
    }

    /**
     * Waits for a verified delivery that {@code matches}; fails after {@code timeout} naming what arrived, and at once
     * when a delivery that matches did not verify.
     */
    public Delivery await(String what, Predicate<Delivery> matches, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            while (true) {
                for (Delivery delivery : deliveries) {
                    if (matchesQuietly(matches, delivery)) {
                        if (!delivery.verified()) {
                            throw new AssertionError(what + " arrived at " + delivery.path() + " but did not verify: "
                                    + delivery.verificationFailure());
                        }
                        return delivery;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("Waited " + timeout.toSeconds() + " s for " + what + " at "
                            + publicUrl + "; received " + deliveries.size() + ": " + summary());
                }
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted while waiting for " + what, e);
                }
            }
        }
    }

    /** The payment's notification with {@code result.payment.status} {@code status}, verified. */
    public Delivery awaitPaymentNotification(Initiated payment, String status, Duration timeout) {
        return await("the notification of payment " + payment.orderId() + " with status " + status,
                d -> payment.orderId().equals(d.json().getString("order.id"))
                        && status.equals(d.json().getString("result.payment.status")), timeout);
    }

    /** The refund's notification with {@code result.refund.status} {@code status}, verified. */
    public Delivery awaitRefundNotification(Refund refund, String status, Duration timeout) {
        return await("the notification of refund " + refund.refundId() + " with status " + status,
                d -> refund.refundId().equals(d.json().getString("result.refund.refundId"))
                        && status.equals(d.json().getString("result.refund.status")), timeout);
    }

    /** The binding's notification with {@code binding.status} {@code status}, verified. */
    public Delivery awaitBindingNotification(String bindingId, String status, Duration timeout) {
        return await("the notification of binding " + bindingId + " with status " + status,
                d -> bindingId.equals(d.json().getString("binding.id"))
                        && status.equals(d.json().getString("binding.status")), timeout);
    }

    /** The transfer's notification with {@code latestTransactionStatus} {@code status}, verified. */
    public Delivery awaitDisbursementNotification(Disbursement transfer, String status, Duration timeout) {
        return await("the notification of transfer " + transfer.partnerReferenceNo() + " with status " + status,
                d -> transfer.partnerReferenceNo().equals(d.json().getString("originalPartnerReferenceNo"))
                        && status.equals(d.json().getString("latestTransactionStatus")), timeout);
    }

    /** The SNAP payment notification of virtual account {@code trxId} ({@code /v1.0/transfer-va/payment}), verified. */
    public Delivery awaitSnapVaPayment(String trxId, Duration timeout) {
        return await("the SNAP notification of virtual account " + trxId + " paid",
                d -> SnapExpectation.isSnap(d.headers()) && trxId.equals(d.json().getString("trxId"))
                        && "00".equals(d.json().getString("paymentFlagStatus")), timeout);
    }

    /**
     * The SNAP QRIS notification ({@code /v1.0/qr/qr-mpm-notify}) of {@code partnerReferenceNo} with
     * {@code latestTransactionStatus} {@code status} ({@code 00} paid, {@code 05} cancelled, {@code 06} failed), verified.
     */
    public Delivery awaitSnapQrNotification(String partnerReferenceNo, String status, Duration timeout) {
        return await("the SNAP QRIS notification of " + partnerReferenceNo + " with status " + status,
                d -> SnapExpectation.isSnap(d.headers())
                        && partnerReferenceNo.equals(d.json().getString("originalPartnerReferenceNo"))
                        && status.equals(d.json().getString("latestTransactionStatus")), timeout);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            server.stop(0);
            executor.shutdownNow();
        }
    }

    @Override
    public String toString() {
        return "CallbackReceiver[" + publicUrl + "]";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] raw;
            try (InputStream in = exchange.getRequestBody()) {
                raw = in.readNBytes(MAX_BODY + 1);
            }
            if (raw.length > MAX_BODY) {
                exchange.sendResponseHeaders(413, -1);
                return;
            }
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(", ", values)));
            String body = new String(raw, StandardCharsets.UTF_8);
            String target = exchange.getRequestURI().getRawPath() + (exchange.getRequestURI().getRawQuery() == null
                    ? "" : "?" + exchange.getRequestURI().getRawQuery());
            String failure = SnapExpectation.isSnap(headers) ? verifySnap(target, headers, body) : verify(headers, body);
            synchronized (this) {
                deliveries.add(new Delivery(exchange.getRequestURI().getRawPath(), headers, body, Instant.now(),
                        failure));
                notifyAll();
            }
            String reply = failure == null ? ACKNOWLEDGEMENT
                    : "{\"responseCode\":\"4010000\",\"responseMessage\":\"Unauthorized. Signature\"}";
            byte[] out = reply.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(failure == null ? 200 : 401, out.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(out);
            }
        }
    }

    private String verify(Map<String, String> headers, String body) {
        try {
            verifier.verify(headers, body);
            return null;
        } catch (SignatureVerificationException | IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private String verifySnap(String target, Map<String, String> headers, String body) {
        SnapExpectation expected = snap;
        if (expected == null) {
            return "a SNAP notification, and this receiver was not given the merchant's SNAP keys (withSnap)";
        }
        try {
            expected.verifier().verify(target, body, headers.get(SnapHeaders.TIMESTAMP),
                    headers.get(SnapHeaders.SIGNATURE));
            verifier.verifyWebhookHeaders(headers, body);
            String merchant = JsonPath.from(body).getString("additionalInfo.merchantId");
            if (!expected.merchantId().equals(merchant)) {
                return "additionalInfo.merchantId is " + merchant + ", not " + expected.merchantId()
                        + ": a notification for another merchant";
            }
            return null;
        } catch (SnapSignatureException | SignatureVerificationException | IllegalArgumentException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return "not verifiable: " + e.getClass().getSimpleName() + " " + e.getMessage();
        }
    }

    private static boolean matchesQuietly(Predicate<Delivery> matches, Delivery delivery) {
        try {
            return matches.test(delivery);
        } catch (RuntimeException notJson) {
            return false;
        }
    }

    private String summary() {
        return deliveries.stream().map(d -> d.path() + (d.verified() ? "" : " (not verified: "
                + d.verificationFailure() + ")")).toList().toString();
    }

    private static String hostOf(InetSocketAddress address) {
        InetAddress host = address.getAddress();
        String text = host.isAnyLocalAddress() ? InetAddress.getLoopbackAddress().getHostAddress()
                : host.getHostAddress();
        return text.contains(":") ? "[" + text + "]" : text;
    }

    private static String trimmed(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
