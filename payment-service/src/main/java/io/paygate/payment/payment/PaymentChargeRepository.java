package io.paygate.payment.payment;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;
import java.util.UUID;

/** Reads {@link PaymentChargeEntity} rows. */
@ApplicationScoped
public class PaymentChargeRepository implements PanacheRepositoryBase<PaymentChargeEntity, String> {

    /** The charge {@code reference} of {@code paymentId}, if it is one of that payment's. */
    public Optional<PaymentChargeEntity> findOf(UUID paymentId, String reference) {
        return reference == null ? Optional.empty()
                : findByIdOptional(reference).filter(c -> c.paymentId.equals(paymentId));
    }

    /** The charge the initiation opened for {@code paymentId}, if it preselected a method. */
    public Optional<PaymentChargeEntity> preselectedOf(UUID paymentId) {
        return find("paymentId = ?1 and preselected = true", paymentId).firstResultOptional();
    }
}
