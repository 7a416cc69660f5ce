package io.paygate.payment.disbursement;

import io.paygate.model.status.DisbursementStatus;

/**
 * The bank that pays transfers (docs/contract.md §5), as {@link DisbursementService} sees it: where it takes a
 * transfer that is paying ({@code 02}). The bank moves its transfers on itself: it claims the due ones
 * ({@link DisbursementRepository#claimDueBankSteps}) and steps each ({@link DisbursementService#bankStep}). This
 * build's only bank is the sandbox's ({@code io.paygate.payment.sandbox}); disbursement code never names it.
 */
public interface DisbursementBank {

    /** Where a paying transfer to {@code accountNo} ends: {@code 00}, {@code 03} or {@code 06}. */
    DisbursementStatus outcomeFor(String accountNo);
}
