package io.paygate.binding.sandbox;

import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;

/**
 * What the bank page shows, formatted in the page's language {@code lang}; {@code state} is a binding status,
 * {@code UNKNOWN} or {@code SUSPENDED} (the merchant is, docs/contract.md §10); {@code result} the outcome the last
 * form post reported ({@code WRONG_CODE}, {@code TOO_MANY_ATTEMPTS}, {@code EXPIRED}) or null; {@code pagePath} the
 * page's own address (the language switch comes back there), null when unknown;
 * {@code nonce} the CSP nonce of this rendering ({@link PageHeaders}).
 */
public record BankPageView(String bindingId, String lang, String pagePath, String merchantName, String customerName,
                           String maskedPhone, String bankName, String state, int attemptsLeft, String result,
                           String expiresAt, String sandboxOtp, String nonce) {

    /** {@code 4030205}: binding-service's {@code 403SS05}, shown on the suspended page. */
    static final ResponseCode SUSPENDED = ResponseCode.of(ServiceCode.DIRECT_DEBIT_BINDING,
            ErrorCase.MERCHANT_SUSPENDED);

    static BankPageView unknown(PageLanguage language, String requestedId) {
        return bare("UNKNOWN", language, requestedId);
    }

    /**
     * The page of a binding whose merchant is suspended (docs/contract.md §10): it cannot be approved now; it says so
     * with {@link #SUSPENDED}'s code.
     */
    static BankPageView suspended(PageLanguage language, String bindingId) {
        return bare("SUSPENDED", language, bindingId);
    }

    private static BankPageView bare(String state, PageLanguage language, String requestedId) {
        return new BankPageView(null, language.tag(), pagePath(requestedId), null, null, null, null, state, 0, null,
                null, null, PageHeaders.nonce());
    }

    /** The response code the page shows as text ({@code 4030205} when suspended), or null. */
    public String responseCode() {
        return "SUSPENDED".equals(state) ? SUSPENDED.code() : null;
    }

    /** The page's address for an id that looks like one (anything else is not echoed into a link). */
    static String pagePath(String bindingId) {
        return bindingId != null && bindingId.matches("[A-Za-z0-9_-]{1,64}") ? "/pg/bind/" + bindingId : null;
    }

    public boolean pending() {
        return "PENDING".equals(state);
    }

    /** The link of the language switch to {@code tag}, keeping the outcome shown. */
    public String switchTo(String tag) {
        return (pagePath == null ? "" : pagePath) + "?" + PageLanguage.PARAM + "=" + tag
                + (result == null ? "" : "&result=" + result);
    }
}
