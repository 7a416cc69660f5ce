package io.paygate.payment.sandbox;

import io.paygate.model.api.CardInfo;
import io.paygate.model.json.Json;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.SelfAddress;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.ProviderSecret;
import io.paygate.payment.provider.ProviderSignature;
import io.paygate.payment.sandbox.SandboxChargeRepository.Due;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The sandbox provider's outgoing side: POSTs each decided charge to payment-service's provider callback, signed
 * ({@link ProviderSignature}), retrying with backoff until it is acknowledged (2xx, or 409 for a payment that is
 * already final). Due charges are leased with {@code FOR UPDATE SKIP LOCKED}, so replicas never send the same one
 * at once, and decisions survive a restart. With {@code gateway.payment.sandbox.callbacks-enabled=false} it keeps its
 * decisions but never calls back: a provider whose notifications are lost, which only reconciliation (status
 * inquiry) recovers from.
 */
@ApplicationScoped
public class SandboxCallbackDispatcher {

    private static final Logger LOG = Logger.getLogger(SandboxCallbackDispatcher.class);
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private final SandboxChargeRepository charges;
    private final PaymentConfig.Sandbox config;
    private final ProviderSecret secret;
    private final Scheduler scheduler;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("sandbox-provider-timer").daemon().factory());

    SandboxCallbackDispatcher(SandboxChargeRepository charges, PaymentConfig config, ProviderSecret secret,
                              Scheduler scheduler) {
        this.charges = charges;
        this.config = config.sandbox();
        this.secret = secret;
        this.scheduler = scheduler;
    }

    void start(@Observes StartupEvent event) {
        if (!config.callbacksEnabled()) {
            LOG.warn("sandbox provider: callbacks are disabled (gateway.payment.sandbox.callbacks-enabled=false); "
                    + "payments are decided only by reconciliation");
            return;
        }
        scheduler.newJob("sandbox-provider-callbacks")
                .setInterval(config.dispatchInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> dispatchQuietly())
                .schedule();
    }

    void stop(@Observes ShutdownEvent event) {
        timer.shutdownNow();
    }

    /** Sends whatever is due once {@code delay} has passed (called after a decision committed). */
    void dispatchAfter(Duration delay) {
        if (!config.callbacksEnabled()) {
            return;
        }
        timer.schedule(this::dispatchQuietly, delay.toMillis() + 20, TimeUnit.MILLISECONDS);
    }

    private void dispatchQuietly() {
        try {
            dispatchDue();
        } catch (Exception e) {
            LOG.warnf("sandbox provider: dispatching callbacks failed (%s)", e.getMessage());
        }
    }

    /** One round: leases the due decisions and sends each. @return how many were sent successfully */
    int dispatchDue() throws SQLException {
        int sent = 0;
        Instant now = Instant.now();
        for (Due due : charges.claimDue(now, now.plus(LEASE))) {
            String error = send(due);
            if (error == null) {
                charges.finish(due.reference(), "NOTIFIED", null, null);
                sent++;
            } else if (due.attempts() >= config.maxAttempts()) {
                LOG.warnf("sandbox provider: giving up on charge %s of payment %s after %d attempts (%s)",
                        due.reference(), due.paymentCode(), due.attempts(), error);
                charges.finish(due.reference(), "GAVE_UP", null, error);
            } else {
                long backoff = Math.min(MAX_BACKOFF.toMillis(), 500L << Math.min(due.attempts(), 10));
                charges.finish(due.reference(), "DECIDED", Instant.now().plusMillis(backoff), error);
            }
        }
        return sent;
    }

    /** POSTs one decision; returns null when acknowledged, else what went wrong. */
    private String send(Due due) {
        byte[] body = Json.write(new ProviderDecision(due.reference(), due.paymentCode(), due.outcome(),
                due.statusDesc(), due.cardInfo() == null ? null : Json.read(due.cardInfo(), CardInfo.class)))
                .getBytes(StandardCharsets.UTF_8);
        long timestamp = Instant.now().getEpochSecond();
        HttpRequest request = HttpRequest.newBuilder(URI.create(callbackUrl()))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(secret.key(), timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2 || status == 409) {
                return null;
            }
            return "HTTP " + status;
        } catch (java.io.IOException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** {@code gateway.payment.sandbox.callback-url}, else this process's own address. */
    String callbackUrl() {
        return config.callbackUrl().orElseGet(() -> SelfAddress.baseUrl() + "/pg/provider/sandbox/callback");
    }
}
