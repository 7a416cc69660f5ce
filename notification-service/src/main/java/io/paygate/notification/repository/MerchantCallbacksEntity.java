package io.paygate.notification.repository;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A merchant's registered addresses for disbursement and binding notifications (CONTRACT §6). */
@Entity
@Table(name = "merchant_callbacks")
public class MerchantCallbacksEntity extends PanacheEntityBase {

    @Id
    @Column(name = "merchant_id")
    public String merchantId;

    @Column(name = "disbursement_callback_url")
    public String disbursementCallbackUrl;

    @Column(name = "binding_callback_url")
    public String bindingCallbackUrl;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
