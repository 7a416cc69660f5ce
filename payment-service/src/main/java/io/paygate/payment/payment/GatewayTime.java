package io.paygate.payment.payment;

import io.paygate.model.api.WireTime;
import jakarta.inject.Singleton;
import io.paygate.kit.config.GatewayConfig;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/** The clock and the shared {@code gateway.timezone} (docs/contract.md §1, default Asia/Jakarta) of every time shown. */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class GatewayTime {

    private final ZoneId zone;
    private final Clock clock = Clock.systemUTC();

    GatewayTime(GatewayConfig gateway) {
        this.zone = gateway.timezone();
    }

    public ZoneId zone() {
        return zone;
    }

    public Clock clock() {
        return clock;
    }

    public Instant now() {
        return clock.instant();
    }

    /** {@code expiryLink}: {@code YYYY-MM-DD HH:MM:SS} in the gateway time zone. */
    public String expiryLink(Instant instant) {
        return WireTime.expiryLink(instant, zone);
    }
}
