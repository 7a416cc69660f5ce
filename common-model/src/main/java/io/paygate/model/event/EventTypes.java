package io.paygate.model.event;

/**
 * Values of {@link EventEnvelope#type()}: the simple name of the data record, except {@link #SUBSCRIPTION} and
 * {@link #PAYMENT_LINK}, named as the notification they become (they share {@link Topics#PAYMENT_STATUS} with the
 * payments).
 */
public final class EventTypes {

    public static final String PAYMENT_STATUS_CHANGED = "PaymentStatusChanged";
    public static final String BINDING_STATUS_CHANGED = "BindingStatusChanged";
    public static final String DISBURSEMENT_STATUS_CHANGED = "DisbursementStatusChanged";
    /** {@link SubscriptionStatusChanged} (docs/contract.md §1b, §7), on {@link Topics#PAYMENT_STATUS}. */
    public static final String SUBSCRIPTION = "subscription";
    /** {@link PaymentLinkStatusChanged} (docs/contract.md §6, §7, §11), on {@link Topics#PAYMENT_STATUS}. */
    public static final String PAYMENT_LINK = "payment-link";
    /**
     * A merchant's whole state ({@link io.paygate.model.merchant.MerchantState}) on {@link Topics#MERCHANT_CONFIG},
     * keyed by the merchant id alone (docs/contract.md §10).
     */
    public static final String MERCHANT_CONFIG = "MerchantConfig";

    private EventTypes() {
    }
}
