package io.paygate.payment.sandbox;

import io.paygate.payment.disbursement.DisbursementConfig;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;
import jakarta.inject.Singleton;

/** Skips the sandbox bank where {@code gateway.disbursement.sandbox-bank-enabled=false}. */
@Singleton
public class SandboxBankDisabled implements Scheduled.SkipPredicate {

    private final DisbursementConfig config;

    SandboxBankDisabled(DisbursementConfig config) {
        this.config = config;
    }

    @Override
    public boolean test(ScheduledExecution execution) {
        return !config.sandboxBankEnabled();
    }
}
