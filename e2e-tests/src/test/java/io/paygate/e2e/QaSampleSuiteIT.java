package io.paygate.e2e;

import io.paygate.qa.sample.SampleSuite;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * paygate-qa-sample, the suite a QA team points at a deployment with {@code -Dpaygate.*}, run against this local
 * stack exactly so: the same properties, set for the run (docs/qa-guide.md). Its notifications go to a sink here,
 * though the suite reads them from the notification log, as it must against a deployment it cannot receive from.
 */
class QaSampleSuiteIT {

    @Test
    void theSampleSuitePassesAgainstTheLocalStack() throws Exception {
        SandboxMerchants.Merchant merchant = SandboxMerchants.DEMO2;
        try (MerchantSink sink = MerchantSink.start()) {
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("paygate.base-url", Stack.payment());
            properties.put("paygate.notification-url", Stack.notification());
            properties.put("paygate.merchant", merchant.id());
            properties.put("paygate.client-secret", merchant.clientSecret());
            properties.put("paygate.notification-secret", merchant.notificationSecret());
            properties.put("paygate.callback-url", sink.url("/qa-callback"));
            properties.put("paygate.wait-seconds", "30");
            TestExecutionSummary summary = runWith(properties);

            StringWriter failures = new StringWriter();
            summary.printFailuresTo(new PrintWriter(failures), 30);
            assertEquals(0, summary.getTotalFailureCount(), failures.toString());
            assertTrue(summary.getTestsSucceededCount() >= 5,
                    "every sample test ran (none skipped): " + summary.getTestsSucceededCount() + " succeeded, "
                            + summary.getTestsSkippedCount() + " skipped, " + summary.getTestsAbortedCount() + " aborted");
            assertTrue(sink.awaitReceived(5, Duration.ofSeconds(30)).size() >= 5,
                    "the notifications the suite read from the log were also delivered");
        }
    }

    /** One line per sample test with its time, so the CI log shows what the suite costs. */
    private static final class Timings implements TestExecutionListener {

        private final Map<String, Long> started = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public void executionStarted(TestIdentifier test) {
            started.put(test.getUniqueId(), System.nanoTime());
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            Long t0 = started.remove(test.getUniqueId());
            if (test.isTest() && t0 != null) {
                System.out.printf("  paygate-qa-sample %s: %s in %d ms%n", test.getDisplayName(), result.getStatus(),
                        (System.nanoTime() - t0) / 1_000_000);
            }
        }
    }

    private static TestExecutionSummary runWith(Map<String, String> properties) {
        Map<String, String> before = new LinkedHashMap<>();
        properties.forEach((name, value) -> before.put(name, System.setProperty(name, value)));
        try {
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
            SampleSuite.CLASSES.forEach(c -> request.selectors(DiscoverySelectors.selectClass(c)));
            LauncherDiscoveryRequest discovery = request.build();
            Launcher launcher = LauncherFactory.create();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            launcher.execute(discovery, listener, new Timings());
            return listener.getSummary();
        } finally {
            before.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }
    }
}
