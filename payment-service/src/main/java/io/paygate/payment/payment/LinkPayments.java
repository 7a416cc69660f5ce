package io.paygate.payment.payment;

import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.status.PaymentStatus;

/**
 * The seam between the payment core and payment links (docs/contract.md §11), implemented by the {@code link} room, so
 * that the payment state machine reaches links without depending on them. Every method runs inside the caller's
 * transaction, which holds the payment's row; a payment that is no link's ({@link PaymentEntity#linkId} null) changes
 * nothing and costs nothing.
 */
public interface LinkPayments {

    /**
     * A payment changed to a notified state: when it is a link's and its capture brings the link's captured payments to
     * the link's {@code usageLimit}, the link becomes PAID (under the link row's lock) with its {@code payment-link}
     * event.
     */
    void changed(PaymentEntity payment, PaymentStatus previous);

    /** {@code link} of the payment's notification, or null for a payment that is no link's. */
    PaymentLinkRef linkOf(PaymentEntity payment);
}
