package io.paygate.payment.provider;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.api.CardInfo;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.config.PaymentConfig;
import io.paygate.payment.config.SelfAddress;
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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
    private static final String CLAIM = """
            UPDATE sandbox_charge SET attempts = attempts + 1, notify_at = ?
            WHERE reference IN (SELECT reference FROM sandbox_charge WHERE state = 'DECIDED' AND notify_at <= ?
                                ORDER BY notify_at LIMIT 50 FOR UPDATE SKIP LOCKED)
            RETURNING reference, payment_code, outcome, status_desc, card_info, attempts""";

    private final AgroalDataSource dataSource;
    private final PaymentConfig.Sandbox config;
    private final ProviderSecret secret;
    private final Scheduler scheduler;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("sandbox-provider-timer").daemon().factory());

    SandboxCallbackDispatcher(AgroalDataSource dataSource, PaymentConfig config, ProviderSecret secret,
                              Scheduler scheduler) {
        this.dataSource = dataSource;
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
        for (Due due : claim()) {
            String error = send(due);
            if (error == null) {
                finish(due.reference(), "NOTIFIED", null, null);
                sent++;
            } else if (due.attempts() >= config.maxAttempts()) {
                LOG.warnf("sandbox provider: giving up on charge %s of payment %s after %d attempts (%s)",
                        due.reference(), due.paymentCode(), due.attempts(), error);
                finish(due.reference(), "GAVE_UP", null, error);
            } else {
                long backoff = Math.min(MAX_BACKOFF.toMillis(), 500L << Math.min(due.attempts(), 10));
                finish(due.reference(), "DECIDED", Instant.now().plusMillis(backoff), error);
            }
        }
        return sent;
    }

    private List<Due> claim() throws SQLException {
        List<Due> due = new ArrayList<>();
        Instant now = Instant.now();
        try (Connection c = dataSource.getConnection(); PreparedStatement claim = c.prepareStatement(CLAIM)) {
            claim.setTimestamp(1, Timestamp.from(now.plus(LEASE)));
            claim.setTimestamp(2, Timestamp.from(now));
            try (ResultSet rs = claim.executeQuery()) {
                while (rs.next()) {
                    due.add(new Due(rs.getString(1), rs.getString(2), PaymentStatus.valueOf(rs.getString(3)),
                            rs.getString(4), rs.getString(5), rs.getInt(6)));
                }
            }
        }
        return due;
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

    private void finish(String reference, String state, Instant notifyAt, String error) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement update = c.prepareStatement(
                "UPDATE sandbox_charge SET state = ?, notify_at = ?, last_error = ? WHERE reference = ?")) {
            update.setString(1, state);
            update.setTimestamp(2, notifyAt == null ? null : Timestamp.from(notifyAt));
            update.setString(3, error == null ? null : error.substring(0, Math.min(500, error.length())));
            update.setString(4, reference);
            update.executeUpdate();
        }
    }

    /** {@code gateway.payment.sandbox.callback-url}, else this process's own address. */
    String callbackUrl() {
        return config.callbackUrl().orElseGet(() -> SelfAddress.baseUrl() + "/pg/provider/sandbox/callback");
    }

    private record Due(String reference, String paymentCode, PaymentStatus outcome, String statusDesc,
                       String cardInfo, int attempts) {
    }
}
