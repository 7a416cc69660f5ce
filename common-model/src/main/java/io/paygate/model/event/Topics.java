package io.paygate.model.event;

import java.util.List;

/**
 * Kafka topics between the services (docs/contract.md §7). Record key: {@code <merchantId>:<resourceId>}
 * ({@link EventEnvelope#key()}), so the events of one payment, binding or transfer stay in order; value:
 * the JSON {@link EventEnvelope}.
 */
public final class Topics {

    /** {@link PaymentStatusChanged} and {@link SubscriptionStatusChanged} events, produced by payment-service. */
    public static final String PAYMENT_STATUS = "payment-status";
    /** {@link BindingStatusChanged} events, produced by binding-service. */
    public static final String BINDING_STATUS = "binding-status";
    /** {@link DisbursementStatusChanged} events, produced by payment-service. */
    public static final String DISBURSEMENT_STATUS = "disbursement-status";

    /**
     * Every merchant's whole current state, produced by merchant-service and read from its beginning by every other
     * service (docs/contract.md §10). Compacted: key = merchant id. Not in {@link #ALL}, the status topics.
     */
    public static final String MERCHANT_CONFIG = "merchant-config";

    /** The status topics, e.g. for creating them on an embedded broker. */
    public static final List<String> ALL = List.of(PAYMENT_STATUS, BINDING_STATUS, DISBURSEMENT_STATUS);

    private Topics() {
    }
}
