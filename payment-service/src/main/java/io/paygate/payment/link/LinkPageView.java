package io.paygate.payment.link;

import io.paygate.kit.web.PageLanguage;
import io.paygate.payment.checkout.PageView;
import io.quarkus.qute.TemplateData;

import java.util.List;
import java.util.Map;

/**
 * What the link page's template ({@code link.html}) shows, already worded in the page's language {@code lang}.
 * {@code view} is {@code form} (the link's details and its form), {@code expired}, {@code inactive}, {@code paid}
 * (410), {@code busy} (409: being paid, try again in a few minutes), {@code nomethod} (409), {@code suspended} (403,
 * with {@code responseCode}), {@code notfound} (404), {@code error} or {@code unavailable}. {@code pagePath} is the
 * page's own address (the form posts there, the language switch and "try again" link there), null when unknown;
 * {@code askAmount} and {@code askCustomer} say which fields the form has; {@code errors} and {@code values} are a
 * refused form's, by field.
 */
@TemplateData
public record LinkPageView(
        String view,
        String lang,
        String pagePath,
        String title,
        String text,
        String merchantName,
        String description,
        String amountText,
        String amountHint,
        String validUntil,
        boolean askAmount,
        boolean askCustomer,
        Map<String, String> errors,
        Map<String, String> values,
        String nonce,
        String responseCode) {

    public boolean hasError(String field) {
        return errors != null && errors.containsKey(field);
    }

    public String error(String field) {
        return errors == null ? null : errors.get(field);
    }

    public List<PageView.FieldError> fieldErrors() {
        return errors == null ? List.of()
                : errors.entrySet().stream().map(e -> new PageView.FieldError(e.getKey(), e.getValue())).toList();
    }

    public boolean hasErrors() {
        return errors != null && !errors.isEmpty();
    }

    public String value(String field) {
        return values == null ? "" : values.getOrDefault(field, "");
    }

    /** The link of the language switch to {@code tag} on this page. */
    public String switchTo(String tag) {
        return (pagePath == null ? "" : pagePath) + "?" + PageLanguage.PARAM + "=" + tag;
    }
}
