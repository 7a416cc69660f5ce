package io.paygate.payment.checkout;

import io.paygate.kit.web.PageLanguage;
import io.quarkus.qute.TemplateData;

import java.util.List;
import java.util.Map;

/**
 * Everything the hosted page template shows that is not a fixed text of {@link PageMessages}, already formatted in
 * the page's language {@code lang}. {@code view} is one of {@code pay}, {@code instructions}, {@code challenge},
 * {@code processing}, {@code captured}, {@code failed}, {@code expired}, {@code cancelled}, {@code notfound},
 * {@code error}, {@code unavailable}, {@code suspended};
 * {@code pagePath} is the page's own address (the language switch and "check again" link there), null when unknown.
 * {@code instructions} shows how to pay an open charge (view {@code instructions}); {@code groups} are the methods to
 * choose (on the pay view, and as "choose another method" there); {@code leaveUrl} is where the page sends the customer
 * back to the merchant ({@code Checkout.leaveUrl()}); {@code notice} says why a chosen method shows no details;
 * {@code cardMarks} are the card networks' marks the card form shows; {@code offerSave}: the card form offers "save
 * this card" (the merchant asked {@code card.storedOnFile}, docs/contract.md §1b), ticked unless the customer unticked
 * it ({@link #saveCardChecked()}).
 */
@TemplateData
public record PageView(
        String view,
        String lang,
        String pagePath,
        String title,
        String paymentCode,
        String merchantName,
        String description,
        String amountText,
        String currency,
        String timeLeftText,
        String expiresAtText,
        long expiresAtEpochMillis,
        String failureText,
        String cardMask,
        String leaveUrl,
        List<BindingDirectory.ActiveBinding> bindings,
        Map<String, String> errors,
        String formError,
        Map<String, String> values,
        String nonce,
        String challengeUrl,
        boolean awaitingOtp,
        List<MethodGroup> groups,
        Instructions instructions,
        String notice,
        List<BrandMarks.Mark> cardMarks,
        boolean offerSave) {

    /** Seconds a result page counts down, visibly and stoppably, before it takes the customer back to the shop. */
    public static final int AUTO_RETURN_SECONDS = 10;

    /** A refused field and what to fix, for the error summary's links. */
    public record FieldError(String field, String message) {
    }

    public boolean hasError(String field) {
        return errors != null && errors.containsKey(field);
    }

    public String error(String field) {
        return errors == null ? null : errors.get(field);
    }

    public List<FieldError> fieldErrors() {
        return errors == null ? List.of()
                : errors.entrySet().stream().map(e -> new FieldError(e.getKey(), e.getValue())).toList();
    }

    public boolean hasFieldErrors() {
        return errors != null && !errors.isEmpty();
    }

    public String value(String field) {
        return values == null ? "" : values.getOrDefault(field, "");
    }

    /** "Save this card" is ticked: at first, and again after a refused form unless the customer unticked it. */
    public boolean saveCardChecked() {
        return !"off".equals(value("saveCard"));
    }

    public boolean hasErrors() {
        return hasFieldErrors() || formError != null;
    }

    /** The link of the language switch to {@code tag} on this page. */
    public String switchTo(String tag) {
        return (pagePath == null ? "" : pagePath) + "?" + PageLanguage.PARAM + "=" + tag;
    }

    public String autoReturnSeconds() {
        return String.valueOf(AUTO_RETURN_SECONDS);
    }

    /**
     * 3-D Secure on the provider's own page (Midtrans): a link there instead of the OTP form (and, on the processing
     * view after the customer came back, a link in case 3-D Secure was not finished).
     */
    public boolean challengeAtProvider() {
        return challengeUrl != null;
    }

    public boolean hasGroups() {
        return groups != null && !groups.isEmpty();
    }

    /** The method whose charge is open, for the page's script to notice a change; empty without one. */
    public String method() {
        return instructions == null ? "" : instructions.method();
    }

    /** The text badge of a binding's bank ({@code BCA_DD}), or null. */
    public BrandMarks.Badge badgeOf(String sourceOfFundsType) {
        return BrandMarks.ofDirectDebit(sourceOfFundsType);
    }

    /** The response code the view shows as text ({@code 4030805} on {@code suspended}), or null. */
    public String responseCode() {
        return PageViews.SUSPENDED.equals(view) ? PageViews.SUSPENDED_CODE.code() : null;
    }

    public boolean hasBindings() {
        return bindings != null && !bindings.isEmpty();
    }
}
