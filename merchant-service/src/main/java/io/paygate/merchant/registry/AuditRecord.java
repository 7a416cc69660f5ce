package io.paygate.merchant.registry;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/**
 * One row of the audit trail (docs/contract.md §10): inserted in the change's own transaction, never updated or deleted
 * (a trigger refuses both). Member names only, never a value.
 */
@Entity
@Table(name = "merchant_audit")
public class AuditRecord extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, updatable = false)
    public Instant at;

    @Column(nullable = false, updatable = false)
    public String actor;

    @Column(nullable = false, updatable = false)
    public String action;

    @Column(name = "merchant_id", nullable = false, updatable = false)
    public String merchantId;

    @Column(name = "request_id", updatable = false)
    public String requestId;

    @Column(name = "source_address", updatable = false)
    public String sourceAddress;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false, updatable = false, columnDefinition = "text[]")
    public String[] changed;
}
