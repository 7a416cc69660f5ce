package io.paygate.notification.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;

/**
 * Every key of notification-service, {@code gateway.notification.*} (docs/contract.md §6). Merchants, ops token and
 * {@code gateway.callbacks.allow-local} are shared keys of service-kit's {@code GatewayConfig}.
 */
@ConfigMapping(prefix = "gateway.notification")
public interface NotificationConfig {

    Retry retry();

    Delivery delivery();

    Snap snap();

    /**
     * SNAP notifications (docs/contract.md §9); each merchant's are signed with its own
     * {@code gateway.merchants.<id>.snap.signing-key}.
     */
    interface Snap {
        /** {@code CHANNEL-ID} of SNAP notifications (1–5 characters, as the standard's examples: five digits). */
        @WithDefault("95221")
        String channelId();
    }

    /**
     * Notifications per second at most that a bulk redelivery ({@code POST /pg/notifications/redeliver},
     * docs/contract.md §6) makes due for one merchant, across every replica: the notifications it selects are due one
     * after another at {@code 1/rate} intervals, after those of the merchant's earlier bulk redeliveries. More than 0.
     */
    @WithDefault("20")
    double redeliverRate();

    /** Topic that receives events the consumers cannot turn into a notification, with the reason in a header. */
    @WithDefault("notification-dead-letter")
    String deadLetterTopic();

    interface Retry {
        /**
         * Waits before the 2nd, 3rd, … attempt; one attempt more than there are delays. After the last attempt
         * the notification is FAILED. docs/contract.md §6 default: about three days.
         */
        @WithDefault("10s,1m,5m,15m,30m,1h,2h,4h,8h,12h,24h,24h")
        List<Duration> delays();

        /** Each delay is drawn uniformly from ±this fraction of itself (0.2 = ±20 %). */
        @WithDefault("0.2")
        double jitter();

        /** Upper bound of a merchant's {@code Retry-After} (429/503); longer values are cut to it. */
        @WithDefault("24h")
        Duration maxRetryAfter();
    }

    interface Delivery {
        /** Run the dispatcher (off only in tests that drive it by hand). */
        @WithDefault("true")
        boolean enabled();

        /** Attempts in flight at once per service instance (HTTP requests waiting for merchants). */
        @WithDefault("256")
        int concurrency();

        /**
         * Attempts in flight at once for one merchant, so that a merchant whose endpoint hangs, resets or answers
         * garbage holds at most this many of {@link #concurrency()} and never delays the others' notifications. The
         * claim itself takes no more of a merchant than this less its attempts in flight; it also caps what one
         * merchant alone gets from an instance (with {@link #connectionsPerHost()}), hence half the slots by default.
         */
        @WithDefault("128")
        int perMerchantConcurrency();

        /** Pooled connections per merchant address (keep-alive); requests beyond it queue for a connection. */
        @WithDefault("64")
        int connectionsPerHost();

        /** One attempt, from connect to the end of the reply: a merchant slower than this has failed it. */
        @WithDefault("15s")
        Duration timeout();

        /**
         * How long a claim stays reserved for the instance that claimed it without being renewed. The instance renews
         * each of its claims once a third of this has passed (one UPDATE per beat for all of them), from the claim
         * until the result is recorded,
         * so an attempt may take longer than the lease ({@link #timeout()} is not bounded by it); if the instance
         * dies, its notifications are due again, and their resources free for newer notifications, within this.
         * At least 300 ms.
         */
        @WithDefault("10s")
        Duration lease();

        /**
         * The hand-off: the consumer's store transaction leases what it has just stored to this instance, while the
         * merchant has room here, and the dispatcher starts those attempts without a claim transaction of its own.
         * Off, every stored notification waits for a claim (woken by the store).
         */
        @WithDefault("true")
        boolean handOff();

        /** Due notifications claimed per round trip to the database. */
        @WithDefault("100")
        int batchSize();

        /** How often to look for due notifications when nothing woke the dispatcher earlier. */
        @WithDefault("1s")
        Duration pollInterval();

        /** Reply bytes read at most (to find {@code responseCode}); a longer reply is a failed attempt. */
        @WithDefault("65536")
        int maxReplyBytes();
    }
}
