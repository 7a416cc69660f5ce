package io.paygate.payment.mail;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.db.DatabaseOutage;
import io.paygate.payment.payment.GatewayTime;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import io.vertx.ext.mail.SMTPException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Sends the queued mail (docs/contract.md §11) on every replica every {@code gateway.mail.send-interval}, after the
 * transaction that queued it committed and outside any payment's path. Each mail is claimed alone ({@code FOR UPDATE
 * SKIP LOCKED}, a lease committed at once), so two replicas or threads never hold the same one, and its lease covers
 * its one SMTP conversation only. The outcome decides what follows, and a mail is sent at most once:
 * <ul>
 *   <li>accepted by the server: SENT;</li>
 *   <li>certainly not sent — the connection was refused (the server is away) or the server answered 4xx: QUEUED again
 *   after {@code gateway.mail.retry-delays}, until {@code gateway.mail.give-up-after} (then FAILED);</li>
 *   <li>refused for good (5xx): FAILED;</li>
 *   <li>anything else (a timeout, a connection lost mid-conversation: the server may have taken it) and a lease that
 *   ran out (the replica died mid-send): UNKNOWN, never sent again by itself — an operator looks at the SMTP server's
 *   log and queues it again if it never arrived (operations.md).</li>
 * </ul>
 * A round that finds the server away stops there: the rest wait for the next round.
 */
@ApplicationScoped
public class MailSender {

    private static final Logger LOG = Logger.getLogger(MailSender.class);

    private final MailOutbox outbox;
    private final Mailer mailer;
    private final MailConfig config;
    private final GatewayTime time;
    private final MeterRegistry metrics;
    private final Scheduler scheduler;
    /**
     * One SMTP conversation at a time per replica, on the mailer's one kept connection ({@code
     * quarkus.mailer.max-pool-size=1}): the job runs one round at a time anyway, and Vert.x's mail client was seen to
     * hang one of several sends made at once from one JVM (the mail then UNKNOWN) in LinkMailTest's concurrent senders.
     */
    private final ReentrantLock conversation = new ReentrantLock();
    private volatile boolean stopping;

    MailSender(MailOutbox outbox, Mailer mailer, MailConfig config, GatewayTime time, MeterRegistry metrics,
               Scheduler scheduler) {
        this.outbox = outbox;
        this.mailer = mailer;
        this.config = config;
        this.time = time;
        this.metrics = metrics;
        this.scheduler = scheduler;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("mail-sender")
                .setInterval(config.sendInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> runQuietly())
                .schedule();
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true; // the mail under way is finished; no new claim
    }

    private void runQuietly() {
        try {
            runOnce();
        } catch (RuntimeException e) {
            if (!DatabaseOutage.isCause(e)) {
                LOG.warnf("mail sender: this round failed (%s: %s); the next one tries again",
                        e.getClass().getSimpleName(), e.getMessage());
            }
        }
    }

    /** One round: lapsed leases made UNKNOWN, then up to {@code gateway.mail.batch} mails sent; how many were sent. */
    public int runOnce() {
        int lapsed = outbox.lapse(time.now());
        if (lapsed > 0) {
            metrics.counter("paygate.mail.failed", "reason", "unknown").increment(lapsed);
            LOG.warnf("mail sender: %d mail(s) whose sender's lease ran out mid-send are UNKNOWN and not sent again "
                    + "(operations.md: mail whose outcome is unknown)", lapsed);
        }
        int sent = 0;
        for (int i = 0; i < config.batch() && !stopping; i++) {
            Instant now = time.now();
            List<MailOutbox.Claimed> claimed = outbox.claim(now, now.plus(config.lease()), 1);
            if (claimed.isEmpty()) {
                break;
            }
            Outcome outcome = send(claimed.getFirst());
            if (outcome == Outcome.SENT) {
                sent++;
            } else if (outcome == Outcome.NOT_SENT) {
                break; // the server is away: the others wait for the next round
            }
        }
        return sent;
    }

    /** How a send ended, as far as the sender can tell. */
    enum Outcome {
        SENT, NOT_SENT, REFUSED, UNKNOWN
    }

    private Outcome send(MailOutbox.Claimed mail) {
        Outcome outcome;
        String error = null;
        conversation.lock();
        try {
            mailer.send(Mail.withText(mail.recipient(), mail.subject(), mail.text()).setHtml(mail.html())
                    .setFrom(config.from()));
            outcome = Outcome.SENT;
        } catch (RuntimeException e) {
            outcome = outcomeOf(e);
            error = describe(e);
        } finally {
            conversation.unlock();
        }
        Instant now = time.now();
        switch (outcome) {
            case SENT -> {
                outbox.sent(mail.id(), now);
                metrics.counter("paygate.mail.sent", "kind", mail.kind()).increment();
                LOG.infof("mail %s (%s): sent, attempt %d", mail.id(), mail.kind(), mail.attempts());
            }
            case NOT_SENT -> {
                if (now.isAfter(mail.createdAt().plus(config.giveUpAfter()))) {
                    outbox.failed(mail.id(), "given up after " + config.giveUpAfter() + ": " + error);
                    metrics.counter("paygate.mail.failed", "reason", "expired").increment();
                    LOG.warnf("mail %s (%s): not sent in %s, given up (%s)", mail.id(), mail.kind(),
                            config.giveUpAfter(), error);
                } else {
                    Duration wait = delay(mail.attempts());
                    outbox.retry(mail.id(), now.plus(wait), error);
                    LOG.infof("mail %s (%s): not sent, attempt %d (%s); tried again in %s", mail.id(), mail.kind(),
                            mail.attempts(), error, wait);
                }
            }
            case REFUSED -> {
                outbox.failed(mail.id(), error);
                metrics.counter("paygate.mail.failed", "reason", "refused").increment();
                LOG.warnf("mail %s (%s): refused by the SMTP server (%s), not sent", mail.id(), mail.kind(), error);
            }
            case UNKNOWN -> {
                outbox.unknown(mail.id(), error);
                metrics.counter("paygate.mail.failed", "reason", "unknown").increment();
                LOG.warnf("mail %s (%s): outcome unknown (%s); not sent again by itself (operations.md)", mail.id(),
                        mail.kind(), error);
            }
        }
        return outcome;
    }

    /** The wait before attempt {@code attempts + 1}: the delays in turn, the last one repeating. */
    Duration delay(int attempts) {
        List<Duration> delays = config.retryDelays();
        return delays.get(Math.min(Math.max(attempts, 1), delays.size()) - 1);
    }

    /**
     * Certainly not sent: the connection was refused or the name did not resolve (nothing was said), or the server
     * answered 4xx (it did not take the mail); refused: it answered 5xx; anything else is unknown.
     */
    static Outcome outcomeOf(Throwable failure) {
        Optional<SMTPException> smtp = cause(failure, SMTPException.class);
        if (smtp.isPresent()) {
            return smtp.get().isPermanent() ? Outcome.REFUSED : Outcome.NOT_SENT;
        }
        if (cause(failure, ConnectException.class).isPresent()
                || cause(failure, UnknownHostException.class).isPresent()) {
            return Outcome.NOT_SENT;
        }
        return Outcome.UNKNOWN;
    }

    private static <T extends Throwable> Optional<T> cause(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return Optional.of(type.cast(t));
            }
        }
        return Optional.empty();
    }

    /** The root cause's class and message (the server's reply for an SMTP refusal). */
    private static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
