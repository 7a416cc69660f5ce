package io.paygate.payment.sandbox;

import io.paygate.payment.provider.RefundOutcome;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.Instant;

/** One refund in the sandbox provider's own book (table {@code sandbox_refund}), decided when it arrives. */
@Entity
@Table(name = "sandbox_refund")
public class SandboxRefundEntity {

    static final String REFUSED = "Refund refused by the provider";

    @Id
    @Column(length = 40)
    public String reference;

    @Column(name = "charge_reference", nullable = false, length = 40)
    public String chargeReference;

    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false)
    public boolean succeeded;

    @Column(name = "status_desc", length = 255)
    public String statusDesc;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    void refuse(String why) {
        succeeded = false;
        statusDesc = why;
    }

    RefundOutcome outcome() {
        return succeeded ? RefundOutcome.succeeded() : RefundOutcome.failed(statusDesc);
    }
}
