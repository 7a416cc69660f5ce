package io.paygate.notification.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply of {@code GET}/{@code PUT /pg/merchant/callbacks}: the registration as stored (null when not registered). */
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(description = "The merchant's callback registration")
public record CallbacksReply(String responseCode, String responseMessage, String disbursementCallbackUrl,
                             String bindingCallbackUrl, String snapDebitNotifyUrl, String snapVaPaymentUrl,
                             String snapQrNotifyUrl, String snapBindingNotifyUrl) {
}
