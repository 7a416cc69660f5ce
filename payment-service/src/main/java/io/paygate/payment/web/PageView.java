package io.paygate.payment.web;

import io.paygate.payment.service.BindingDirectory;
import io.quarkus.qute.TemplateData;

import java.util.List;
import java.util.Map;

/**
 * Everything the hosted page template shows, already formatted. {@code view} is one of {@code pay},
 * {@code challenge}, {@code processing}, {@code captured}, {@code failed}, {@code expired}, {@code notfound},
 * {@code error}.
 */
@TemplateData
public record PageView(
        String view,
        String title,
        String paymentCode,
        String merchantName,
        String description,
        String amountText,
        String currency,
        String timeLeftText,
        String expiresAtText,
        long expiresAtEpochMillis,
        String statusDesc,
        String cardMask,
        String returnUrl,
        List<BindingDirectory.ActiveBinding> bindings,
        Map<String, String> errors,
        String formError,
        Map<String, String> values,
        String nonce,
        String challengeUrl,
        boolean awaitingOtp) {

    public boolean hasError(String field) {
        return errors != null && errors.containsKey(field);
    }

    public String error(String field) {
        return errors == null ? null : errors.get(field);
    }

    public String value(String field) {
        return values == null ? "" : values.getOrDefault(field, "");
    }

    public boolean hasErrors() {
        return (errors != null && !errors.isEmpty()) || formError != null;
    }

    public boolean polling() {
        return "processing".equals(view) || "challenge".equals(view);
    }

    /**
     * 3-D Secure on the provider's own page (Midtrans): a link there instead of the OTP form (and, on the processing
     * view after the customer came back, a link in case 3-D Secure was not finished).
     */
    public boolean challengeAtProvider() {
        return challengeUrl != null;
    }

    public boolean hasBindings() {
        return bindings != null && !bindings.isEmpty();
    }
}
