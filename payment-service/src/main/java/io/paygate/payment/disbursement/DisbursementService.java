package io.paygate.payment.disbursement;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.db.Unique;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.outbox.Outbox;
import io.paygate.payment.payment.MoneyMovements;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.api.disbursement.TransferResponse;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.ledger.InternalDisbursement;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.event.Topics;
import io.paygate.model.json.CanonicalJson;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.status.DisbursementStatus;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Disbursements (docs/contract.md §5): idempotent transfers, status inquiry, merchant cancel, operator changes, and the one
 * place a transfer changes status — with exactly the contract's transitions; each change writes its
 * {@code disbursement-status} event (with its {@code triggerType}) in the same transaction.
 */
@ApplicationScoped
public class DisbursementService {

    private static final Logger LOG = Logger.getLogger(DisbursementService.class);

    private final DisbursementRepository disbursements;
    private final DisbursementConfig config;
    private final GatewayConfig gateway;
    private final Outbox outbox;
    private final MoneyMovements ledger;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;
    private final DisbursementBank bank;
    private final PayoutHolds holds;
    private final Clock clock = Clock.systemUTC();

    DisbursementService(DisbursementRepository disbursements, DisbursementConfig config, GatewayConfig gateway,
                        Outbox outbox, MeterRegistry metrics, MoneyMovements ledger, MerchantTags merchants,
                        DisbursementBank bank, PayoutHolds holds) {
        this.holds = holds;
        this.ledger = ledger;
        this.bank = bank;
        this.metrics = metrics;
        this.merchants = merchants;
        this.disbursements = disbursements;
        this.config = config;
        this.gateway = gateway;
        this.outbox = outbox;
    }

    /**
     * Creates a transfer in {@code 01}, or returns the existing one for the same {@code partnerReferenceNo} and
     * content; the same reference with other content is {@code 4090400}. Concurrent duplicates cannot create two. A new
     * transfer is written only once ledger-service has held its funds ({@link PayoutHolds}: {@code 4030401},
     * {@code 5030401} otherwise, and nothing written); a replay asks for no hold.
     */
    public TransferResponse transfer(Merchant merchant, TransferRequest request) {
        return transfer(merchant, request, CanonicalJson.fingerprint(request), d -> {
        });
    }

    /**
     * {@link #transfer(Merchant, TransferRequest)} for another door onto §5 (SNAP, docs/contract.md §9): {@code hash}
     * is what makes two requests the same one (the door's own, so that a request through one door never answers as
     * another door's with the same {@code partnerReferenceNo}: that is {@code 4090400}), and {@code extra} fills the
     * door's columns before the insert. The request must already be valid as {@code POST /pg/disbursement/transfer}
     * validates it.
     */
    public TransferResponse transfer(Merchant merchant, TransferRequest request, String hash,
                                     Consumer<Disbursement> extra) {
        Optional<TransferResponse> existing = existingNow(merchant, request, hash);
        if (existing.isPresent()) {
            return existing.get(); // a replay answers as before: its funds were held when it was made
        }
        String referenceNo;
        try {
            // The hold keeps the reference it was first asked with: a retry after a hold whose transfer was never
            // written, or the same request at two replicas at once, writes the transfer under that one.
            referenceNo = holds.hold(merchant.id(), request.partnerReferenceNo(), newReferenceNo(), request.amount())
                    .referenceNo();
        } catch (ApiException e) {
            if (e.errorCase() == ErrorCase.CONFLICT) {
                // the same request, written meanwhile at another replica, answers as itself
                return existingNow(merchant, request, hash).orElseThrow(() -> e);
            }
            throw e;
        }
        return Unique.findOrCreate(() -> existingOrCreate(merchant, request, hash, extra, referenceNo),
                () -> existing(merchant, request, hash).orElseThrow());
    }

    private Optional<TransferResponse> existingNow(Merchant merchant, TransferRequest request, String hash) {
        return QuarkusTransaction.requiringNew().call(() -> existing(merchant, request, hash));
    }

    private TransferResponse existingOrCreate(Merchant merchant, TransferRequest request, String hash,
                                              Consumer<Disbursement> extra, String referenceNo) {
        Optional<TransferResponse> existing = existing(merchant, request, hash);
        if (existing.isPresent()) {
            return existing.get();
        }
        Instant now = clock.instant();
        Disbursement d = new Disbursement();
        d.referenceNo = referenceNo;
        d.merchantId = merchant.id();
        d.partnerReferenceNo = request.partnerReferenceNo();
        d.contentHash = hash;
        d.beneficiaryBankCode = request.beneficiaryBankCode();
        d.beneficiaryAccountName = request.beneficiaryAccountName();
        d.beneficiaryAccountNo = request.beneficiaryAccountNo();
        d.amount = request.amount().decimalValue();
        d.currency = request.amount().currency();
        d.notes = request.additionalInfo() == null ? null : request.additionalInfo().notes();
        d.status = DisbursementStatus.INITIATED;
        d.transactionDate = now;
        d.transferDateTime = now;
        d.nextBankStepAt = config.sandboxBankEnabled() ? now.plus(config.bankStepDelay()) : null;
        extra.accept(d);
        disbursements.persistAndFlush(d);
        LOG.infof("disbursement %s merchant=%s partnerRef=%s created 01", d.referenceNo, d.merchantId,
                d.partnerReferenceNo);
        return DisbursementMapper.toTransferResponse(d, gateway.timezone());
    }

    private Optional<TransferResponse> existing(Merchant merchant, TransferRequest request, String hash) {
        return disbursements.findByPartnerReference(merchant.id(), request.partnerReferenceNo()).map(d -> {
            if (!d.contentHash.equals(hash)) {
                throw ApiException.conflict("partnerReferenceNo already used with other content");
            }
            return DisbursementMapper.toTransferResponse(d, gateway.timezone());
        });
    }

    /** The merchant's transfer by its own reference; unknown or foreign: empty (answered 404 with {@code 07}). */
    @Transactional
    public Optional<DisbursementStatusResponse> status(Merchant merchant, String partnerReferenceNo) {
        return disbursements.findByPartnerReference(merchant.id(), partnerReferenceNo)
                .map(d -> DisbursementMapper.toStatusResponse(d, gateway.timezone()));
    }

    /** The merchant's transfer by its own reference as ledger-service asks for it (internal API); unknown: empty. */
    @Transactional
    public Optional<InternalDisbursement> internal(String merchantId, String partnerReferenceNo) {
        return disbursements.findByPartnerReference(merchantId, partnerReferenceNo).map(DisbursementMapper::toInternal);
    }

    /** The merchant cancels ({@code 01→05} or {@code 03→05}, manual). */
    @Transactional
    public DisbursementStatusResponse cancel(Merchant merchant, String referenceNo) {
        Disbursement d = disbursements.findOwnedLocked(merchant.id(), referenceNo).orElseThrow(ApiException::notFound);
        transition(d, DisbursementStatus.CANCELLED, TriggerType.MANUAL);
        return DisbursementMapper.toStatusResponse(d, gateway.timezone());
    }

    /** An operator sets {@code 00}, {@code 04} or {@code 06} (manual). */
    @Transactional
    public DisbursementStatusResponse operatorSets(String referenceNo, DisbursementStatus target) {
        Disbursement d = disbursements.findLocked(referenceNo).orElseThrow(ApiException::notFound);
        transition(d, target, TriggerType.MANUAL);
        return DisbursementMapper.toStatusResponse(d, gateway.timezone());
    }

    /** The bank's next step for one claimed transfer (automatic). */
    public void bankStep(Disbursement d) {
        DisbursementStatus next = switch (d.status) {
            case INITIATED -> DisbursementStatus.PAYING;
            case PAYING -> bank.outcomeFor(d.beneficiaryAccountNo);
            default -> null;
        };
        if (next == null) {
            d.nextBankStepAt = null;
            return;
        }
        transition(d, next, TriggerType.AUTOMATIC);
        d.nextBankStepAt = next == DisbursementStatus.PAYING ? clock.instant().plus(config.bankStepDelay()) : null;
    }

    /** The one place a transfer changes status; anything outside docs/contract.md §5 is {@code 409SS00} and changes nothing. */
    private void transition(Disbursement d, DisbursementStatus next, TriggerType trigger) {
        DisbursementStatus from = d.status;
        if (!from.canTransitionTo(next)) {
            throw ApiException.conflict("latestTransactionStatus " + from.code() + " cannot change to " + next.code());
        }
        d.status = next;
        d.transferDateTime = clock.instant();
        if (next.isFinal() || next == DisbursementStatus.PENDING) {
            d.nextBankStepAt = null;
        }
        if (next == DisbursementStatus.SUCCESS || next == DisbursementStatus.REFUNDED) {
            ledger.recordRaw(d.merchantId, d.transferDateTime, next == DisbursementStatus.SUCCESS
                            ? MoneyMovements.Kind.DISBURSEMENT_PAID : MoneyMovements.Kind.DISBURSEMENT_REFUNDED,
                    d.partnerReferenceNo, d.referenceNo, d.beneficiaryBankCode, d.amount, d.currency, next.code());
        }
        d.sequence++;
        outbox.enqueue(Topics.DISBURSEMENT_STATUS, EventEnvelope.of(d.merchantId, d.sequence,
                DisbursementMapper.event(d, trigger, gateway.timezone()), clock));
        metrics.counter("paygate.disbursements.transitions", "status", next.code(), "trigger", trigger.value(),
                MerchantTags.TAG, merchants.of(d.merchantId)).increment();
        LOG.infof("disbursement %s merchant=%s %s -> %s (%s)", d.referenceNo, d.merchantId, from.code(), next.code(),
                trigger.value());
    }

    private static String newReferenceNo() {
        return RandomIds.next("DSB", 21);
    }
}
