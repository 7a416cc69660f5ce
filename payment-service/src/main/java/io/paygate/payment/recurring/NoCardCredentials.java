package io.paygate.payment.recurring;

import io.paygate.payment.payment.PaymentEntity;
import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;

/** {@link CardCredentials} until stored cards provide one: no card is stored, none can be charged. */
@DefaultBean
@ApplicationScoped
public class NoCardCredentials implements CardCredentials {

    @Override
    public String storedCardOf(PaymentEntity firstPayment) {
        return null;
    }

    @Override
    public Outcome charge(String merchantId, String paymentCode, String storedCardId) {
        return Outcome.CREDENTIAL_GONE;
    }
}
