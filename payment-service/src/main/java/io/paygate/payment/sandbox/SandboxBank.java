package io.paygate.payment.sandbox;

import io.paygate.kit.db.OutageTolerant;
import io.paygate.payment.disbursement.Disbursement;
import io.paygate.payment.disbursement.DisbursementRepository;
import io.paygate.payment.disbursement.DisbursementService;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.List;

/**
 * The sandbox bank: moves transfers on by itself ({@code triggerType} automatic), {@code 01→02} and then to
 * {@code 00}, {@code 03} or {@code 06}, a step every {@code gateway.disbursement.bank-step-delay}. Due transfers are
 * claimed {@code FOR UPDATE SKIP LOCKED}, so several replicas never move one transfer twice.
 */
@ApplicationScoped
public class SandboxBank {

    private static final int BATCH = 100;

    private final DisbursementRepository disbursements;
    private final DisbursementService service;
    private final Clock clock = Clock.systemUTC();

    SandboxBank(DisbursementRepository disbursements, DisbursementService service) {
        this.disbursements = disbursements;
        this.service = service;
    }

    @Scheduled(every = "${gateway.disbursement.bank-poll-interval:500ms}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = SandboxBankDisabled.class)
    @OutageTolerant
    void run() {
        while (stepDue() == BATCH) {
            // a full batch: there may be more
        }
    }

    /** Moves every due transfer one step; returns how many were due. */
    @Transactional
    int stepDue() {
        List<Disbursement> due = disbursements.claimDueBankSteps(clock.instant(), BATCH);
        due.forEach(service::bankStep);
        return due.size();
    }
}
