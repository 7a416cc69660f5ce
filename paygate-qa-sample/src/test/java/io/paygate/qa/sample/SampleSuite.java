package io.paygate.qa.sample;

import io.paygate.qa.Paygate;

import java.time.Duration;
import java.util.List;

/** What every class of the sample suite shares: the deployment it was pointed at and how long it waits. */
public final class SampleSuite {

    /** The suite's classes, for a runner that selects them one by one (e2e-tests' QaSampleSuiteIT). */
    public static final List<Class<?>> CLASSES = List.of(CardPaymentTest.class, VirtualAccountPaymentTest.class,
            QrisAndWalletPaymentTest.class);

    /** How long a payment or a notification may take: {@code -Dpaygate.wait-seconds}, default 60. */
    static final Duration WAIT = Duration.ofSeconds(Long.getLong("paygate.wait-seconds", 60));

    private SampleSuite() {
    }

    static Paygate paygate() {
        return Paygate.fromSystemProperties();
    }
}
