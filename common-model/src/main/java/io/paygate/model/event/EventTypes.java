package io.paygate.model.event;

/** Values of {@link EventEnvelope#type()}: the simple name of the data record. */
public final class EventTypes {

    public static final String PAYMENT_STATUS_CHANGED = "PaymentStatusChanged";
    public static final String BINDING_STATUS_CHANGED = "BindingStatusChanged";
    public static final String DISBURSEMENT_STATUS_CHANGED = "DisbursementStatusChanged";

    private EventTypes() {
    }
}
