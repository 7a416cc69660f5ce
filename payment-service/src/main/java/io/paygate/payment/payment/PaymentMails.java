package io.paygate.payment.payment;

import io.paygate.model.status.PaymentStatus;

/**
 * The seam between the payment core and the e-mail a payment's change causes (docs/contract.md §11: a link payment's
 * receipt), implemented by the {@code link} room. It runs inside the caller's transaction, which holds the payment's
 * row, and only queues: the mail is sent after that transaction commits, never in the payment's path.
 */
public interface PaymentMails {

    /** {@code payment} changed from {@code previous} to a notified state: queue what mail that calls for, if any. */
    void changed(PaymentEntity payment, PaymentStatus previous);
}
