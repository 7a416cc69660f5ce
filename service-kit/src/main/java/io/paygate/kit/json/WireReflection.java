package io.paygate.kit.json;

import io.paygate.model.api.CallbackRegistration;
import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.MerchantReply;
import io.paygate.model.api.Meta;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.binding.ActiveBinding;
import io.paygate.model.api.binding.BindCustomer;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.api.binding.BindResponse;
import io.paygate.model.api.binding.BindSourceOfFunds;
import io.paygate.model.api.binding.BindingNotification;
import io.paygate.model.api.binding.BindingSummary;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.DisbursementNotification;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.api.disbursement.TransferResponse;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.payment.Billing;
import io.paygate.model.api.payment.Device;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import io.paygate.model.api.payment.Order;
import io.paygate.model.api.payment.OrderSummary;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentSource;
import io.paygate.model.api.payment.AccountEntry;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.payment.PaymentOutcome;
import io.paygate.model.api.payment.PaymentResult;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.model.api.payment.Recurring;
import io.paygate.model.api.payment.Shipping;
import io.paygate.model.api.payment.Url;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Native images keep reflection data only for what is registered. Quarkus registers the types REST endpoints take
 * and return; these records also travel outside REST, through Jackson directly (outbox payloads, Kafka values,
 * notification bodies that are signed, rest-client replies), so they are registered here for every service.
 */
@RegisterForReflection(targets = {
        EventEnvelope.class, PaymentStatusChanged.class, BindingStatusChanged.class, DisbursementStatusChanged.class,
        PaymentNotification.class, OrderSummary.class, PaymentResult.class, PaymentOutcome.class, PaymentMethod.class,
        MethodKind.class, PaymentSource.class, AccountEntry.class, RefundResult.class,
        io.paygate.model.api.refund.RefundRequest.class, io.paygate.model.api.refund.RefundResponse.class,
        io.paygate.model.api.refund.CancelResponse.class, io.paygate.model.api.list.Page.class,
        BindingNotification.class, BindingSummary.class, DisbursementNotification.class, TransferAmount.class,
        AdditionalInfo.class, TriggerType.class, Customer.class, Card.class, CardInfo.class, Meta.class,
        SourceOfFunds.class, MerchantReply.class, CallbackRegistration.class, ActiveBinding.class,
        ActiveBinding.Page.class, ErrorResponse.class, InitiateRequest.class, InitiateResponse.class, Order.class,
        Url.class, Billing.class, Shipping.class, Recurring.class, Device.class, PaymentStatusResponse.class,
        BindRequest.class, BindCustomer.class, BindSourceOfFunds.class, BindResponse.class, TransferRequest.class,
        TransferResponse.class, DisbursementStatusResponse.class,
        // docs/contract.md §1b
        io.paygate.model.event.SubscriptionStatusChanged.class,
        io.paygate.model.api.recurring.SubscriptionNotification.class,
        io.paygate.model.api.recurring.SubscriptionView.class, io.paygate.model.api.recurring.SubscriptionResponse.class,
        io.paygate.model.api.recurring.SubscriptionList.class,
        io.paygate.model.api.recurring.SubscriptionListItem.class, io.paygate.model.api.recurring.CustomerRef.class,
        io.paygate.model.api.recurring.CycleInfo.class, io.paygate.model.api.recurring.Credential.class,
        io.paygate.model.api.recurring.CredentialKind.class, io.paygate.model.api.recurring.RetryPlan.class,
        io.paygate.model.api.recurring.IntervalUnit.class, io.paygate.model.api.recurring.RecurringType.class,
        io.paygate.model.api.credential.StoredCard.class, io.paygate.model.api.credential.StoredCardList.class,
        io.paygate.model.api.credential.PurchaseResponse.class,
        io.paygate.model.api.credential.OtpConfirmRequest.class,
        io.paygate.model.api.binding.InternalBinding.class,
        // docs/contract.md §6, §11: payment-link events and notifications, link in payment notifications
        io.paygate.model.event.PaymentLinkStatusChanged.class,
        io.paygate.model.api.link.PaymentLinkNotification.class, io.paygate.model.api.link.PaymentLinkState.class,
        io.paygate.model.api.payment.PaymentLinkRef.class})
public final class WireReflection {

    private WireReflection() {
    }
}
