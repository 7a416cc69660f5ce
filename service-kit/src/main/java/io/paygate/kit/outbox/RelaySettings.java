package io.paygate.kit.outbox;

import io.paygate.kit.config.GatewayConfig;

import java.time.Duration;

/** The relay's settings ({@code gateway.outbox.*}, see {@link GatewayConfig.Outbox}), as one value. */
record RelaySettings(int batchSize, Duration pollInterval, Duration publishTimeout, int maxAttempts,
                     Duration retryBackoff, Duration leaderCheckInterval) {

    /** The longest a relay's outage backoff sleeps. */
    static final Duration MAX_OUTAGE_BACKOFF = Duration.ofSeconds(30);

    static RelaySettings of(GatewayConfig.Outbox config) {
        return new RelaySettings(config.batchSize(), config.pollInterval(), config.publishTimeout(),
                Math.max(1, config.maxAttempts()), config.retryBackoff(), config.leaderCheckInterval());
    }

    /**
     * {@code idle_session_timeout} of the leader's session: longer than anything the leader does without a query
     * (an outage backoff, a wave waiting for acknowledgements, a wait for work), so only a frozen or cut-off leader
     * reaches it.
     */
    Duration leaderIdleTimeout() {
        Duration busiest = MAX_OUTAGE_BACKOFF.plus(publishTimeout).plus(pollInterval).plus(leaderCheckInterval);
        return busiest.plusSeconds(30);
    }
}
