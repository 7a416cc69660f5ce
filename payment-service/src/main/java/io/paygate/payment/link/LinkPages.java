package io.paygate.payment.link;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.kit.web.PageTime;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import io.paygate.payment.checkout.Money;
import io.paygate.payment.checkout.PageMessages;
import io.paygate.payment.checkout.PageViews;
import io.paygate.payment.payment.GatewayTime;
import io.quarkus.qute.i18n.Localized;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The link page's views (docs/contract.md §11) in the page's language: the link's form, or what stops it (its
 * {@link LinkStartRefused.Reason}), each with its HTTP status ({@link #httpStatus}).
 */
@Singleton
class LinkPages {

    static final String FORM = "form";
    static final String SUSPENDED = "suspended";
    /** {@code 4030805}: the hosted pages' {@code 403SS05}, as the suspended payment page shows it (§10). */
    static final ResponseCode SUSPENDED_CODE = ResponseCode.of(ServiceCode.HOSTED_PAGE, ErrorCase.MERCHANT_SUSPENDED);

    private final PaymentLinks links;
    private final LinkStarts starts;
    private final Merchants merchants;
    private final GatewayTime time;
    private final PageViews pages;
    private final LinkPageMessages english;
    private final LinkPageMessages indonesian;

    LinkPages(PaymentLinks links, LinkStarts starts, Merchants merchants, GatewayTime time, PageViews pages,
              LinkPageMessages english, @Localized("id") LinkPageMessages indonesian) {
        this.links = links;
        this.starts = starts;
        this.merchants = merchants;
        this.time = time;
        this.pages = pages;
        this.english = english;
        this.indonesian = indonesian;
    }

    /** The link of {@code linkCode} as its page finds it (not locked), or empty for an unknown or malformed code. */
    Optional<LinkRow> find(String linkCode) {
        return linkCode != null && linkCode.matches(CODE) ? links.findByCode(linkCode) : Optional.empty();
    }

    /** What a link code looks like ({@code PL} + 16); anything else is not looked up nor echoed into a link. */
    static final String CODE = "PL[A-Za-z0-9]{16}";

    /** The link's page as it stands now: its form, or why no payment can start from it. */
    LinkPageView show(LinkRow l, PageLanguage language) {
        Merchant merchant = merchants.get(l.merchantId());
        return starts.refusal(l, merchant, time.now()).map(reason -> refused(reason, l, language))
                .orElseGet(() -> form(l, language, Map.of(), Map.of()));
    }

    /** The form, with a refused submission's problems and values when there are some. */
    LinkPageView form(LinkRow l, PageLanguage language, Map<String, LinkForm.Problem> problems,
                      Map<String, String> values) {
        LinkPageMessages m = messages(language);
        String merchantName = merchantName(l);
        boolean range = l.amount() == null;
        String min = range ? Money.format(l.minAmount(), l.currency(), language) : null;
        String max = range ? Money.format(l.maxAmount(), l.currency(), language) : null;
        Map<String, String> errors = new LinkedHashMap<>();
        problems.forEach((field, problem) -> errors.put(field, text(problem, m, min, max)));
        return new LinkPageView(FORM, language.tag(), path(l.linkCode()), m.titleForm(merchantName), null,
                merchantName, l.description(), range ? null : Money.format(l.amount(), l.currency(), language),
                range ? m.amountHint(min, max) : null,
                m.validUntil(PageTime.format(l.expiresAt(), time.zone(), language)), range, l.customer() == null,
                errors, values, PageHeaders.nonce(), null);
    }

    /** The view of a start refused for {@code reason} (never {@code AMOUNT}: that is the form's field error). */
    LinkPageView refused(LinkStartRefused.Reason reason, LinkRow l, PageLanguage language) {
        LinkPageMessages m = messages(language);
        PageMessages pm = pages.messages(language);
        String name = l == null ? null : merchantName(l);
        String path = l == null ? null : path(l.linkCode());
        return switch (reason) {
            case EXPIRED -> status("expired", language, path, m.titleExpired(), m.expiredText(name), name);
            case INACTIVE -> status("inactive", language, path, m.titleInactive(), m.inactiveText(name), name);
            case PAID -> status("paid", language, path, m.titlePaid(), m.paidText(name), name);
            case BUSY -> status("busy", language, path, m.titleBusy(), m.busyText(), name);
            case NO_METHOD -> status("nomethod", language, path, m.titleNoMethod(), m.noMethodText(name), name);
            case SUSPENDED -> new LinkPageView(SUSPENDED, language.tag(), path, pm.titleSuspended(),
                    pm.suspendedText(), name, null, null, null, null, false, false, Map.of(), Map.of(),
                    PageHeaders.nonce(), SUSPENDED_CODE.code());
            case UNKNOWN, AMOUNT -> notFound(language, path);
        };
    }

    LinkPageView notFound(PageLanguage language, String path) {
        LinkPageMessages m = messages(language);
        return status("notfound", language, path, m.titleNotfound(), m.notfoundText(), null);
    }

    /** {@code error} (500) or {@code unavailable} (503: the database is away), worded as the payment page's. */
    LinkPageView failure(String view, PageLanguage language, String path) {
        PageMessages pm = pages.messages(language);
        return status(view, language, path, "unavailable".equals(view) ? pm.titleUnavailable() : pm.titleError(),
                pm.errorText(), null);
    }

    /** HTTP status of a view: the form 200, a link that is over 410, busy 409, no method 409, suspended 403. */
    static int httpStatus(String view) {
        return switch (view) {
            case "expired", "inactive", "paid" -> 410;
            case "busy", "nomethod" -> 409;
            case SUSPENDED -> SUSPENDED_CODE.httpStatus();
            case "notfound" -> 404;
            case "error" -> 500;
            case "unavailable" -> 503;
            default -> 200;
        };
    }

    /** The page's address for a code that looks like one, else null. */
    static String path(String linkCode) {
        return linkCode != null && linkCode.matches(CODE) ? "/pg/link/" + linkCode : null;
    }

    private LinkPageView status(String view, PageLanguage language, String path, String title, String text,
                                String merchantName) {
        return new LinkPageView(view, language.tag(), path, title, text, merchantName, null, null, null, null, false,
                false, Map.of(), Map.of(), PageHeaders.nonce(), null);
    }

    private String merchantName(LinkRow l) {
        return merchants.find(l.merchantId()).map(Merchant::name).orElse(l.merchantId());
    }

    private LinkPageMessages messages(PageLanguage language) {
        return language == PageLanguage.ID ? indonesian : english;
    }

    /** What the customer reads about a field; a new {@link LinkForm.Problem} does not compile without its text. */
    private static String text(LinkForm.Problem problem, LinkPageMessages m, String min, String max) {
        return switch (problem) {
            case AMOUNT_MISSING -> m.amountMissing();
            case AMOUNT_MALFORMED -> m.amountMalformed();
            case AMOUNT_OUT_OF_RANGE -> m.amountOutOfRange(min, max);
            case NAME_MISSING -> m.nameMissing();
            case NAME_INVALID -> m.nameInvalid();
            case NAME_TOO_LONG -> m.nameTooLong();
            case CONTACT_MISSING -> m.contactMissing();
            case EMAIL_INVALID -> m.emailInvalid();
            case PHONE_INVALID -> m.phoneInvalid();
        };
    }
}
