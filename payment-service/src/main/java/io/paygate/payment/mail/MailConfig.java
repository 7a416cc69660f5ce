package io.paygate.payment.mail;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;

/**
 * The e-mail of payment links (docs/contract.md §11). The SMTP server itself is Quarkus Mailer's
 * ({@code quarkus.mailer.host}, {@code .port}, {@code .username}, {@code .password}, {@code .tls}, {@code .start-tls},
 * {@code .timeout}).
 */
@ConfigMapping(prefix = "gateway.mail")
public interface MailConfig {

    /** The sender of every mail ({@code From}): an address, optionally with a name ({@code Shop <no-reply@…>}). */
    @WithDefault("paygate <no-reply@paygate.local>")
    String from();

    /** How often every replica looks for mail to send. */
    @WithDefault("2s")
    Duration sendInterval();

    /** How many mails one replica claims at a time. */
    @WithDefault("20")
    int batch();

    /**
     * How long a claimed mail is held by its sender: past it, a mail still SENDING (its replica died mid-send) is
     * UNKNOWN and never sent again by itself. Keep it well above {@code quarkus.mailer.timeout} (30 s here).
     */
    @WithDefault("2m")
    Duration lease();

    /** Waits before the 2nd, 3rd, … attempt while the SMTP server is away or answers 4xx; the last one repeats. */
    @WithDefault("10s,30s,1m,5m,15m,30m,1h")
    List<Duration> retryDelays();

    /** A mail not sent this long after it was queued is given up (FAILED). */
    @WithDefault("3d")
    Duration giveUpAfter();
}
