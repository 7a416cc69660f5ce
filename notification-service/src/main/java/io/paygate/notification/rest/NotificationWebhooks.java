package io.paygate.notification.rest;

import io.paygate.model.api.MerchantReply;
import io.paygate.model.api.binding.BindingNotification;
import io.paygate.model.api.disbursement.DisbursementNotification;
import io.paygate.model.api.link.PaymentLinkNotification;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.recurring.SubscriptionNotification;
import io.paygate.model.snap.notify.AccountBindingNotification;
import io.paygate.model.snap.notify.DebitNotification;
import io.paygate.model.snap.notify.QrPaymentNotification;
import io.paygate.model.snap.notify.VaPaymentNotification;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The bodies of the notifications this service sends and of the merchant's reply, as schemas for the webhooks that
 * META-INF/openapi.yaml describes: no resource returns them, so the scanner would not otherwise see them.
 */
@OpenAPIDefinition(info = @Info(title = "paygate notification-service", version = "0.1.0"),
        components = @Components(schemas = {
                @Schema(name = "PaymentNotification", implementation = PaymentNotification.class),
                @Schema(name = "DisbursementNotification", implementation = DisbursementNotification.class),
                @Schema(name = "BindingNotification", implementation = BindingNotification.class),
                @Schema(name = "SubscriptionNotification", implementation = SubscriptionNotification.class),
                @Schema(name = "PaymentLinkNotification", implementation = PaymentLinkNotification.class),
                @Schema(name = "MerchantReply", implementation = MerchantReply.class),
                @Schema(name = "VaPaymentNotification", implementation = VaPaymentNotification.class),
                @Schema(name = "QrPaymentNotification", implementation = QrPaymentNotification.class),
                @Schema(name = "DebitNotification", implementation = DebitNotification.class),
                @Schema(name = "AccountBindingNotification", implementation = AccountBindingNotification.class)}))
final class NotificationWebhooks {

    private NotificationWebhooks() {
    }
}
