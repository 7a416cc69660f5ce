package io.paygate.payment.sandbox;

import io.paygate.kit.web.PageLanguage;
import io.quarkus.qute.TemplateData;

import java.util.Map;

/**
 * What a sandbox customer page shows (docs/contract.md §2a "Sandbox"), already worded in the page's language {@code lang}.
 * {@code page} is {@code bank}, {@code qris}, {@code wallet}, {@code cashier} (the apps' forms), {@code paid},
 * {@code declined}, {@code refused} (what a form did) or {@code notfound}; {@code app} is the app the page belongs to
 * and {@code appPath} its form page.
 *
 * @param charge          what the number, code or wallet request pays, when the page looked it up; else null
 * @param errorField      the form field to fix (the form is shown again, 400), with {@code errorText}
 * @param paymentPagePath the hosted page of the payment a form paid or declined, for the way back
 */
@TemplateData
public record SandboxPageView(String page, String app, String lang, String pagePath, String appPath, String title,
                              String nonce, Map<String, String> values, ChargeView charge, String errorField,
                              String errorText, String outcomeText, String paymentPagePath) {

    /** A charge as the sandbox apps show it before paying. */
    @TemplateData
    public record ChargeView(String reference, String what, String merchant, String amountText, String amountValue,
                             String validUntil, String account, boolean open) {
    }

    public String value(String field) {
        return values == null ? "" : values.getOrDefault(field, "");
    }

    public boolean hasError(String field) {
        return field.equals(errorField);
    }

    public boolean form() {
        return "bank".equals(page) || "qris".equals(page) || "wallet".equals(page) || "cashier".equals(page);
    }

    /** The link of the language switch to {@code tag} on this page. */
    public String switchTo(String tag) {
        return pagePath + "?" + PageLanguage.PARAM + "=" + tag;
    }
}
