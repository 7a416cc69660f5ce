package io.paygate.qa;

/**
 * The kit's front door: a deployment and a merchant, and what a suite does there.
 *
 * <pre>{@code
 * Paygate paygate = Paygate.fromSystemProperties();
 * Initiated payment = paygate.payments().initiate(PaymentRequest.of("150000.00"));
 * paygate.sandbox().payByCard(payment, TestCard.VISA_CAPTURED);
 * paygate.payments().awaitStatus(payment.orderId(), Duration.ofSeconds(30), "CAPTURED");
 * paygate.notifications().awaitPaymentNotification(payment, "CAPTURED", Duration.ofSeconds(30))
 *         .request().verify(paygate.target().notificationSecret());
 * }</pre>
 */
public final class Paygate {

    private final PaygateTarget target;
    private final Payments payments;
    private final Sandbox sandbox;
    private final NotificationLog notifications;

    private Paygate(PaygateTarget target) {
        this.target = target;
        this.payments = new Payments(target);
        this.sandbox = new Sandbox(target);
        this.notifications = new NotificationLog(target);
    }

    public static Paygate of(PaygateTarget target) {
        return new Paygate(target);
    }

    /** {@link PaygateTarget#fromSystemProperties()}. */
    public static Paygate fromSystemProperties() {
        return of(PaygateTarget.fromSystemProperties());
    }

    public PaygateTarget target() {
        return target;
    }

    public Payments payments() {
        return payments;
    }

    public Sandbox sandbox() {
        return sandbox;
    }

    public NotificationLog notifications() {
        return notifications;
    }

    /** The signing filter of the target's merchant, for requests of one's own. */
    public MerchantSigning signing() {
        return MerchantSigning.as(target);
    }
}
