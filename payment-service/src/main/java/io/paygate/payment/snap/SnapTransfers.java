package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.api.disbursement.TransferResponse;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapTimestamps;
import io.paygate.model.snap.transfer.TransferInterbankReply;
import io.paygate.model.snap.transfer.TransferInterbankRequest;
import io.paygate.model.snap.transfer.TransferState;
import io.paygate.model.snap.transfer.TransferStatusReply;
import io.paygate.model.snap.transfer.TransferStatusRequest;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.payment.disbursement.Disbursement;
import io.paygate.payment.disbursement.DisbursementRepository;
import io.paygate.payment.disbursement.DisbursementService;
import io.paygate.payment.payment.GatewayTime;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * SNAP transfers (docs/contract.md §9, services 18 and 36) onto §5's disbursements: {@code transfer-interbank} makes
 * an ordinary transfer through {@link DisbursementService} ({@code partnerReferenceNo} §5's; the sandbox bank, status,
 * cancel, operators, the ledger and the disbursement notification treat it as any other), keeping the request's
 * {@code sourceAccountNo}; {@code transfer/status} reads it back. Nothing here changes a transfer.
 */
@ApplicationScoped
public class SnapTransfers {

    private static final String RUPIAH = "IDR";

    private final DisbursementService disbursements;
    private final DisbursementRepository repository;
    private final SnapIdempotency idempotency;
    private final SnapRequest snap;
    private final GatewayTime time;

    SnapTransfers(DisbursementService disbursements, DisbursementRepository repository, SnapIdempotency idempotency,
                  SnapRequest snap, GatewayTime time) {
        this.disbursements = disbursements;
        this.repository = repository;
        this.idempotency = idempotency;
        this.snap = snap;
        this.time = time;
    }

    /**
     * transfer-interbank, once per {@code partnerReferenceNo}; every field is checked before anything is claimed or
     * written. A §5 transfer with the same reference made through {@code /pg/} is another request: {@code 4091801}.
     * The funds are held first as on {@code /pg/}: not enough is {@code 4031814}, ledger-service away {@code 5031801}.
     */
    public Response transfer(Merchant merchant, TransferInterbankRequest request) {
        SnapPayments.requireRupiah(request.amount(), "amount");
        if (request.currency() != null && !RUPIAH.equals(request.currency())) {
            throw SnapException.invalidFormat("currency");
        }
        try {
            SnapTimestamps.parse(request.transactionDate());
        } catch (DateTimeParseException e) {
            throw SnapException.invalidFormat("transactionDate");
        }
        String remark = request.additionalInfo() == null ? null : request.additionalInfo().remark();
        TransferRequest transfer = new TransferRequest(request.partnerReferenceNo(), request.beneficiaryBankCode(),
                request.beneficiaryAccountName(), request.beneficiaryAccountNo(),
                TransferAmount.of(request.amount().amount(), RUPIAH), new AdditionalInfo(remark));
        return idempotency.once(request.partnerReferenceNo(), () -> {
            TransferResponse made;
            try {
                made = disbursements.transfer(merchant, transfer, snap.bodyHash(),
                        d -> d.snapSourceAccountNo = request.sourceAccountNo());
            } catch (ApiException e) {
                if (e.errorCase() == ErrorCase.CONFLICT) {
                    throw SnapException.duplicatePartnerReference();
                }
                if (e.errorCase() == ErrorCase.INSUFFICIENT_FUNDS) {
                    throw SnapException.of(SnapCase.INSUFFICIENT_FUNDS, null); // 4031814 (docs/contract.md §12)
                }
                throw e; // 5031801 when the funds could not be held
            }
            DisbursementStatus status = made.latestTransactionStatus();
            return new TransferInterbankReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_TRANSFER_INTERBANK),
                    SnapCase.SUCCESSFUL.message(), made.referenceNo(), made.partnerReferenceNo(),
                    SnapAmount.of(transfer.amount().decimalValue(), RUPIAH), request.beneficiaryAccountNo(),
                    request.beneficiaryBankCode(), request.sourceAccountNo(),
                    new TransferState(status.code(), status.meaning(), made.transactionDate()));
        });
    }

    /**
     * transfer/status: the merchant's transfer made through SNAP, by either reference (both: the same one); unknown,
     * another merchant's, one made through {@code /pg/} and a mismatch are all {@code 4043601}.
     */
    public TransferStatusReply status(Merchant merchant, TransferStatusRequest request) {
        if (request.serviceCode() != null
                && !ServiceCode.SNAP_TRANSFER_INTERBANK.code().equals(request.serviceCode())) {
            throw SnapException.invalidFormat("serviceCode");
        }
        String partnerReference = request.originalPartnerReferenceNo();
        String reference = request.originalReferenceNo();
        if (partnerReference == null && reference == null) {
            throw SnapException.mandatory("originalPartnerReferenceNo");
        }
        Optional<Disbursement> found = QuarkusTransaction.requiringNew().call(() -> partnerReference != null
                ? repository.findByPartnerReference(merchant.id(), partnerReference)
                : repository.findByIdOptional(reference));
        Disbursement d = found.filter(t -> t.merchantId.equals(merchant.id()) && t.snapSourceAccountNo != null)
                .filter(t -> reference == null || reference.equals(t.referenceNo))
                .orElseThrow(SnapException::notFound);
        return new TransferStatusReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_TRANSFER_STATUS),
                SnapCase.SUCCESSFUL.message(), d.referenceNo, d.partnerReferenceNo,
                ServiceCode.SNAP_TRANSFER_INTERBANK.code(), WireTime.dateTime(d.transactionDate, time.zone()),
                SnapAmount.of(d.amount, d.currency), d.beneficiaryAccountNo, d.beneficiaryBankCode,
                d.snapSourceAccountNo, d.status.code(), d.status.meaning());
    }
}
