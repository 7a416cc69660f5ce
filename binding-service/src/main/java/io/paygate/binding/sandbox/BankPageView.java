package io.paygate.binding.sandbox;

import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;

/**
 * What the bank page shows, formatted in the page's language {@code lang}; {@code state} is a binding status or
 * {@code UNKNOWN}; {@code result} the outcome the last form post reported ({@code WRONG_CODE},
 * {@code TOO_MANY_ATTEMPTS}, {@code EXPIRED}) or null; {@code pagePath} the page's own address (the language switch
 * comes back there), null when unknown; {@code nonce} the CSP nonce of this rendering ({@link PageHeaders}).
 */
public record BankPageView(String bindingId, String lang, String pagePath, String merchantName, String customerName,
                           String maskedPhone, String bankName, String state, int attemptsLeft, String result,
                           String expiresAt, String sandboxOtp, String nonce) {

    static BankPageView unknown(PageLanguage language, String requestedId) {
        return new BankPageView(null, language.tag(), pagePath(requestedId), null, null, null, null, "UNKNOWN", 0,
                null, null, null, PageHeaders.nonce());
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
