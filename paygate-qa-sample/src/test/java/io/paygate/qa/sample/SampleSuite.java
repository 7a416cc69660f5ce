package io.paygate.qa.sample;

import java.time.Duration;
import java.time.ZoneId;

/** What every class of the sample suite shares: how long it waits, and the gateway's time zone. */
final class SampleSuite {

    /** How long a payment, a transfer or a notification may take: {@code -Dpaygate.wait-seconds}, default 60. */
    static final Duration WAIT = Duration.ofSeconds(Long.getLong("paygate.wait-seconds", 60));

    /** The deployment's {@code gateway.timezone} (the report's days): {@code -Dpaygate.timezone}, default Jakarta. */
    static final ZoneId ZONE = ZoneId.of(System.getProperty("paygate.timezone", "Asia/Jakarta"));

    private SampleSuite() {
    }
}
