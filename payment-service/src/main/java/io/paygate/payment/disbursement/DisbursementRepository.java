package io.paygate.payment.disbursement;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class DisbursementRepository implements PanacheRepositoryBase<Disbursement, String> {

    /** Hibernate's "skip locked" lock timeout: rows another replica holds are left to it. */
    private static final int SKIP_LOCKED = -2;

    public Optional<Disbursement> findByPartnerReference(String merchantId, String partnerReferenceNo) {
        return find("merchantId = ?1 and partnerReferenceNo = ?2", merchantId, partnerReferenceNo).firstResultOptional();
    }

    /** The merchant's transfer, locked; another merchant's is answered like an unknown one. */
    public Optional<Disbursement> findOwnedLocked(String merchantId, String referenceNo) {
        return findLocked(referenceNo).filter(d -> d.merchantId.equals(merchantId));
    }

    public Optional<Disbursement> findLocked(String referenceNo) {
        return findByIdOptional(referenceNo, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Transfers due a sandbox bank step, locked; rows another replica holds are skipped. */
    public List<Disbursement> claimDueBankSteps(Instant now, int limit) {
        return find("nextBankStepAt <= ?1 order by nextBankStepAt", now)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .withHint("jakarta.persistence.lock.timeout", SKIP_LOCKED)
                .page(0, limit).list();
    }
}
