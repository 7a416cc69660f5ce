package io.paygate.payment.sandbox;

import io.paygate.model.status.DisbursementStatus;
import io.paygate.payment.disbursement.DisbursementBank;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Where the sandbox bank takes a transfer that is paying (docs/contract.md §5): accounts ending {@code 0006} fail,
 * accounts ending {@code 0003} stop at {@code 03} until an operator acts, every other account succeeds.
 */
@ApplicationScoped
class SandboxBankRules implements DisbursementBank {

    @Override
    public DisbursementStatus outcomeFor(String accountNo) {
        if (accountNo.endsWith("0006")) {
            return DisbursementStatus.FAILED;
        }
        if (accountNo.endsWith("0003")) {
            return DisbursementStatus.PENDING;
        }
        return DisbursementStatus.SUCCESS;
    }
}
