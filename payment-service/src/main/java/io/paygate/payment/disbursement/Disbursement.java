package io.paygate.payment.disbursement;

import io.paygate.model.status.DisbursementStatus;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import java.math.BigDecimal;
import java.time.Instant;

/** A transfer to a beneficiary account (docs/contract.md §5). Private to payment-service; {@link DisbursementMapper} converts. */
@Entity
@Table(name = "disbursement")
public class Disbursement extends PanacheEntityBase {

    @Id
    @Column(name = "reference_no")
    public String referenceNo;

    @Column(name = "merchant_id", nullable = false)
    public String merchantId;

    @Column(name = "partner_reference_no", nullable = false)
    public String partnerReferenceNo;

    @Column(name = "content_hash", nullable = false)
    public String contentHash;

    @Column(name = "beneficiary_bank_code", nullable = false)
    public String beneficiaryBankCode;

    @Column(name = "beneficiary_account_name", nullable = false)
    public String beneficiaryAccountName;

    @Column(name = "beneficiary_account_no", nullable = false)
    public String beneficiaryAccountNo;

    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false)
    public String currency;

    @Column(columnDefinition = "text")
    public String notes;

    @Convert(converter = DisbursementStatusConverter.class)
    @Column(nullable = false, length = 2)
    public DisbursementStatus status;

    @Column(name = "transaction_date", nullable = false)
    public Instant transactionDate;

    @Column(name = "transfer_date_time", nullable = false)
    public Instant transferDateTime;

    /** The SNAP request's {@code sourceAccountNo}: set exactly on transfers made through SNAP (V22). */
    @Column(name = "snap_source_account_no", length = 19)
    public String snapSourceAccountNo;

    @Column(name = "next_bank_step_at")
    public Instant nextBankStepAt;

    /** Sequence of the last event written for this transfer (docs/contract.md §7). */
    @Column(nullable = false)
    public long sequence;

    @Version
    public long version;
}
