package io.paygate.binding.binding;

import io.paygate.kit.db.OutageTolerant;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

/** Fails PENDING bindings nobody approved in time (PENDING → FAILED, with its event). */
@ApplicationScoped
public class ExpiryJob {

    private static final int BATCH = 200;
    private final BindingService bindings;

    ExpiryJob(BindingService bindings) {
        this.bindings = bindings;
    }

    @Scheduled(every = "${gateway.binding.expiry-check-interval:30s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    void expire() {
        while (bindings.expireOverdue(BATCH) == BATCH) {
            // a full batch: there may be more
        }
    }
}
