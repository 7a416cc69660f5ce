package io.paygate.payment.payment;

import io.paygate.model.api.payment.Recurring;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.status.PaymentStatus;

/**
 * The seam between the payment core and subscriptions (docs/contract.md §1b), implemented by the {@code recurring}
 * room, so that initiation and the payment state machine reach subscriptions without depending on them. Every method
 * runs inside the caller's transaction, which holds the payment's row.
 */
public interface RecurringPayments {

    /**
     * Opens the subscription of a first payment just inserted ({@code payment.subscriptionId} is its id), PENDING.
     *
     * @return false when the merchant already has a subscription with this {@code recurring.id} (nothing written)
     */
    boolean open(PaymentEntity payment, Recurring recurring);

    /** Whether {@code orderId} has the form {@code <recurring.id>-<n>} (n ≥ 2) of one of the merchant's subscriptions. */
    boolean isCycleOrderId(String merchantId, String orderId);

    /**
     * A declined attempt of a subscription's payment: whether it is charged again later (retries left), the payment
     * then waiting PENDING ({@link PaymentEntity#awaitRetry}) rather than FAILED.
     */
    boolean retryLater(PaymentEntity payment, String decline);

    /** A subscription's payment changed to a notified state: the subscription follows (activated, cycle ended …). */
    void changed(PaymentEntity payment, PaymentStatus previous);

    /** {@code recurring} of the payment's notification as the subscription is now, or null for no subscription. */
    CycleInfo cycleOf(PaymentEntity payment);
}
