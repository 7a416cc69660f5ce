package io.paygate.notification.delivery;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.signing.WebhookHeaders;
import io.paygate.notification.SentRequest;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.snap.SnapAttempts;
import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.core.http.StreamResetException;

import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One delivery attempt of a claimed notification: where to (payment URL or the merchant's registration), the
 * delivery-time address check, the three signatures with the merchant's notification secrets
 * ({@link NotificationSigners}: body {@code signature} for payment and binding and {@code X-SIGNATURE}, both the
 * signature made when the notification was stored unless the secret that signs changed since, and the Standard
 * Webhooks headers with this attempt's timestamp and the notification id as {@code webhook-id}, two signatures during a
 * rotation), the POST, and what the reply means. A SNAP notification (docs/contract.md §9)
 * is sent as stored, with the Standard Webhooks headers and, instead of the HMAC {@code X-SIGNATURE}, the SNAP headers
 * signed by the gateway's RSA key ({@link SnapAttempts}). The part before the POST blocks (DNS):
 * it runs on a virtual thread; the HTTP exchange and what follows it run on the HTTP client's event loop.
 */
@ApplicationScoped
public class Deliverer {

    private final Merchants merchants;
    private final CallbackAddresses addresses;
    private final HttpSender sender;
    private final NotificationConfig.Delivery config;
    private final Clock clock;
    private final NotificationSigners signers;
    private final SnapAttempts snapAttempts;

    Deliverer(Merchants merchants, CallbackAddresses addresses, HttpSender sender, NotificationConfig config,
              NotificationSigners signers, SnapAttempts snapAttempts) {
        this.merchants = merchants;
        this.snapAttempts = snapAttempts;
        this.signers = signers;
        this.addresses = addresses;
        this.sender = sender;
        this.config = config.delivery();
        this.clock = Clock.systemUTC();
    }

    /**
     * Whether {@link #start} would not block (no DNS lookup to wait for), so the caller may run it on its own thread
     * instead of a virtual thread of its own.
     */
    public boolean startsAtOnce(ClaimedNotification notification) {
        return notification.callbackUrl() == null || addresses.resolvesAtOnce(notification.callbackUrl());
    }

    /** One attempt, waiting for its outcome (blocking; see {@link #start}). */
    public AttemptOutcome attempt(ClaimedNotification notification) {
        return start(notification).join();
    }

    /**
     * Starts one attempt: the blocking part (where to, the address check, signing) on the calling thread, then the
     * POST, whose outcome completes the returned future on the HTTP client's thread (never exceptionally). So no
     * thread waits for the merchant's reply.
     */
    public CompletableFuture<AttemptOutcome> start(ClaimedNotification notification) {
        Instant startedAt = clock.instant();
        long t0 = System.nanoTime();
        try {
            if (notification.callbackUrl() == null) {
                String field = notification.type().registeredUrlField().orElse("callbackUrl");
                return done(AttemptOutcome.failed(startedAt, 0, "no " + field + " registered"));
            }
            Optional<Merchant> merchant = merchants.find(notification.merchantId());
            if (merchant.isEmpty()) {
                return done(AttemptOutcome.failed(startedAt, 0,
                        "merchant " + notification.merchantId() + " is not configured"));
            }
            CallbackTarget target = addresses.resolve(notification.callbackUrl());
            boolean snap = notification.type().snap();
            Instant now = clock.instant();
            String body;
            String signature = null;
            if (snap) {
                // docs/contract.md §9: the standard's body as stored, signed in the SNAP headers by the gateway's
                // signing key of this merchant (no other merchant's).
                body = notification.payload();
            } else {
                // The payload is the body without signature (written by the consumer), so its body signature is also
                // X-SIGNATURE.
                signature = signers.forAttempt(merchant.get(), notification.payload(), notification.signature());
                body = notification.type().bodySigned()
                        ? withSignatureMember(notification.payload(), signature)
                        : notification.payload();
            }
            String webhookId = notification.id().toString();
            long webhookTimestamp = now.getEpochSecond();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put(WebhookHeaders.ID, webhookId);
            headers.put(WebhookHeaders.TIMESTAMP, Long.toString(webhookTimestamp));
            headers.put(WebhookHeaders.SIGNATURE,
                    signers.webhookSignature(merchant.get(), webhookId, webhookTimestamp, body));
            if (snap) {
                headers.putAll(snapAttempts.headers(merchant.get(), target.pathAndQuery(), body, now));
            } else {
                headers.put(WebhookHeaders.X_SIGNATURE, signature);
            }
            SentRequest sent = new SentRequest(body, HttpSender.asSent(headers));
            return sender.send(target, sent.headers(), body.getBytes(StandardCharsets.UTF_8))
                    // HttpSender ends the exchange at the timeout itself; this only bounds a sender that never answers.
                    .orTimeout(config.timeout().toMillis() + 1_000, TimeUnit.MILLISECONDS)
                    .handle((reply, error) -> (error == null
                            ? ReplyClassifier.classify(reply, startedAt, millisSince(t0), clock.instant(), snap)
                            : AttemptOutcome.failed(startedAt, millisSince(t0), failure(error))).sent(sent));
        } catch (CallbackAddresses.RefusedTarget e) {
            return done(AttemptOutcome.failed(startedAt, millisSince(t0), e.getMessage()));
        } catch (RuntimeException e) {
            return done(AttemptOutcome.failed(startedAt, millisSince(t0), "could not send: " + describe(e)));
        }
    }

    private String failure(Throwable error) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (cause instanceof TimeoutException && cause.getMessage() == null) {
            return "no reply within " + config.timeout().toSeconds() + " s";
        }
        return describe(cause);
    }

    private static CompletableFuture<AttemptOutcome> done(AttemptOutcome outcome) {
        return CompletableFuture.completedFuture(outcome);
    }

    /**
     * The payload (a compact JSON object without {@code signature}, as the consumer wrote it) with the
     * {@code signature} member appended, exactly as {@code NotificationSigner.withBodySignature} places it.
     */
    static String withSignatureMember(String payload, String signature) {
        int end = payload.lastIndexOf('}');
        String head = payload.substring(0, end).stripTrailing();
        String separator = head.endsWith("{") ? "" : ",";
        return head + separator + "\"" + CanonicalJson.SIGNATURE_MEMBER + "\":\"" + signature + "\"}";
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** A short description of a transport failure for the attempt log (no class names, no secrets). */
    static String describe(Throwable error) {
        String message = error.getMessage() == null ? "" : error.getMessage();
        String text;
        if (error instanceof TimeoutException) {
            text = message;
        } else if (error instanceof ConnectException) {
            text = "connection failed: " + message;
        } else if (error instanceof SSLException) {
            text = "TLS failed: " + message;
        } else if (message.toLowerCase(Locale.ROOT).contains("closed")) {
            text = "connection closed before a complete reply";
        } else if (error instanceof StreamResetException) {
            text = "connection reset";
        } else {
            text = message.isEmpty() ? "transport error" : "transport error: " + message;
        }
        return text.length() > 300 ? text.substring(0, 300) : text;
    }
}
