package io.paygate.payment.checkout;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.web.PageHeaders;
import io.paygate.kit.web.PageLanguage;
import io.paygate.kit.web.PageTime;
import io.paygate.model.api.binding.DirectDebitBanks;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.provider.MethodCatalog;
import io.paygate.payment.provider.PaymentChannel;
import io.quarkus.qute.i18n.Localized;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds {@link PageView}s: which view a payment's state shows, and its texts formatted for the customer in the
 * page's language.
 */
@ApplicationScoped
public class PageViews {

    /** The view of a suspended merchant's page and forms (docs/contract.md §10), with {@link #SUSPENDED_CODE}. */
    static final String SUSPENDED = "suspended";
    /** {@code 4030805}: the hosted page's {@code 403SS05}, shown on the suspended view. */
    static final ResponseCode SUSPENDED_CODE = ResponseCode.of(ServiceCode.HOSTED_PAGE, ErrorCase.MERCHANT_SUSPENDED);

    private final Merchants merchants;
    private final GatewayTime time;
    private final MethodCatalog catalog;
    private final PaymentConfig config;
    private final PageMessages english;
    private final PageMessages indonesian;
    private final MethodMessages methodsEnglish;
    private final MethodMessages methodsIndonesian;
    private final PageAssets assets;

    PageViews(Merchants merchants, GatewayTime time, MethodCatalog catalog, PaymentConfig config,
              PageMessages english, @Localized("id") PageMessages indonesian, MethodMessages methodsEnglish,
              @Localized("id") MethodMessages methodsIndonesian, PageAssets assets) {
        this.merchants = merchants;
        this.time = time;
        this.catalog = catalog;
        this.config = config;
        this.english = english;
        this.indonesian = indonesian;
        this.methodsEnglish = methodsEnglish;
        this.methodsIndonesian = methodsIndonesian;
        this.assets = assets;
    }

    /** The bundle of {@code language}, for texts Java words (titles, time left, refusals). */
    public PageMessages messages(PageLanguage language) {
        return language == PageLanguage.ID ? indonesian : english;
    }

    /** The method bundle of {@code language} (groups, instructions). */
    public MethodMessages methodMessages(PageLanguage language) {
        return language == PageLanguage.ID ? methodsIndonesian : methodsEnglish;
    }

    /**
     * The view of a payment as it stands, with the refused fields, the refusal of the whole form and the values of a
     * refused submission, if any.
     *
     * @param fromBank this browser came back from the provider's 3-D Secure page ({@code ?from=bank}): a payment
     *                 still waiting for it shows processing (with the bank's link kept), not the link alone
     */
    public PageView of(Checkout c, PageLanguage language, List<BindingDirectory.ActiveBinding> bindings,
                       Map<String, Refusal> errors, Refusal formError, Map<String, String> values, boolean fromBank) {
        Instant now = time.now();
        PageMessages m = messages(language);
        MethodMessages mm = methodMessages(language);
        String view = viewOf(c, now, fromBank);
        if (asksForAForm(c, view) && suspended(c.merchantId())) {
            // docs/contract.md §10: its forms would be refused, so none is shown; results and open charges still are
            return bare(SUSPENDED, language, c.paymentCode());
        }
        String merchantName = merchants.find(c.merchantId()).map(Merchant::name).orElse(c.merchantId());
        YearMonth month = YearMonth.from(now.atZone(time.zone()));
        Map<String, String> errorTexts = new LinkedHashMap<>();
        errors.forEach((field, reason) -> errorTexts.put(field, text(reason, m, month)));
        String amount = Money.format(c.amount(), c.currency(), language);
        boolean choosing = "pay".equals(view) || "instructions".equals(view);
        Instructions instructions = "instructions".equals(view) ? instructions(c, merchantName, amount, now,
                language, mm) : null;
        List<MethodGroup> groups = choosing ? MethodChoices.of(c.allowed(catalog.offered(c.merchantId())),
                instructions == null ? null : c.charge().method(), c.preselected(), c.accountId() != null,
                !bindings.isEmpty(), mm) : List.of();
        String notice = "pay".equals(view) && formError == null && c.charge() != null && !c.charge().open()
                ? mm.notReady(MethodChoices.name(c.charge().method(), mm))
                : "pay".equals(view) && c.subscription() ? mm.subscriptionNotice() : null;
        return new PageView(view, language.tag(), pagePath(c.paymentCode()),
                instructions != null ? instructions.title() : titleOf(view, m), c.paymentCode(),
                merchantName, c.description(), amount, c.currency(),
                timeLeft(Duration.between(now, c.expiresAt()), m),
                PageTime.format(c.expiresAt(), time.zone(), language), c.expiresAt().toEpochMilli(),
                "failed".equals(view) ? failureText(c.statusDesc(), m) : null, c.cardMask(), c.leaveUrl(),
                choosing ? choices(bindings, m) : List.of(), errorTexts,
                formError == null ? null : text(formError, m, month), values, PageHeaders.nonce(),
                "challenge".equals(view) || "processing".equals(view) ? c.challengeUrl() : null, c.awaitingOtp(),
                groups, instructions, notice, assets.cardMarks(), c.offersSaving());
    }

    private Instructions instructions(Checkout c, String merchantName, String amount, Instant now,
                                      PageLanguage language, MethodMessages mm) {
        Instant until = c.charge().expiresAt() != null ? c.charge().expiresAt() : c.expiresAt();
        boolean sandbox = config.sandboxEnabled() && PaymentChannel.SANDBOX.equals(c.channel());
        return MethodInstructions.of(c, merchantName, amount, PageTime.format(until, time.zone(), language),
                Duration.between(now, until), sandbox, mm);
    }

    /** Whether {@code view} of {@code c} asks the customer for a form here: choosing, or 3-D Secure on this page. */
    private static boolean asksForAForm(Checkout c, String view) {
        return "pay".equals(view) || "challenge".equals(view) && c.challengeUrl() == null;
    }

    /** Whether the merchant of {@code merchantId} is suspended (docs/contract.md §10). */
    private boolean suspended(String merchantId) {
        return merchants.find(merchantId).map(Merchant::suspended).orElse(false);
    }

    /**
     * A page without a payment: {@code notfound}, {@code error}, {@code unavailable} (the database is away) or
     * {@code suspended} (the merchant is, docs/contract.md §10: {@link #SUSPENDED_CODE});
     * {@code paymentCode} as the link named it, for the language switch to come back to the same address.
     */
    public PageView bare(String view, PageLanguage language, String paymentCode) {
        return new PageView(view, language.tag(), pagePath(paymentCode), titleOf(view, messages(language)), null,
                null, null, null, null, null, null, 0, null, null, null, List.of(), Map.of(), null, Map.of(),
                PageHeaders.nonce(), null, false, List.of(), null, null, List.of(), false);
    }

    /** The bindings as the page offers them, each named in the page's language. */
    private static List<BindingDirectory.ActiveBinding> choices(List<BindingDirectory.ActiveBinding> bindings,
                                                                PageMessages m) {
        return bindings.stream().map(b -> b.sourceOfFundsType() == null ? b
                : new BindingDirectory.ActiveBinding(b.bindingId(), b.sourceOfFundsType(),
                        m.directDebitAccount(DirectDebitBanks.name(b.sourceOfFundsType())))).toList();
    }

    static String viewOf(Checkout c, Instant now, boolean fromBank) {
        return switch (c.status()) {
            case PENDING -> !c.payable(now) ? "expired"
                    : c.charge() != null && c.charge().open() ? "instructions" : "pay";
            case PROCESSING -> c.awaitingOtp() && !(fromBank && c.challengeUrl() != null) ? "challenge" : "processing";
            case CAPTURED, PARTIALLY_REFUNDED, REFUNDED -> "captured";
            case FAILED, REVERSED -> "failed";
            case EXPIRED -> "expired";
            case CANCELLED -> "cancelled";
        };
    }

    /** HTTP status of a view: 410 for an expired link, 404 for an unknown one. */
    static int httpStatus(String view) {
        return switch (view) {
            case "expired", "cancelled" -> 410;
            case "notfound" -> 404;
            case "error" -> 500;
            case "unavailable" -> 503;
            case SUSPENDED -> SUSPENDED_CODE.httpStatus();
            default -> 200;
        };
    }

    /** The page's address for a code that looks like one (anything else is not echoed into a link). */
    static String pagePath(String paymentCode) {
        return paymentCode != null && paymentCode.matches("[A-Za-z0-9_-]{1,64}") ? "/pg/pay/" + paymentCode : null;
    }

    private static String titleOf(String view, PageMessages m) {
        return switch (view) {
            case "pay", "instructions" -> m.titlePay();
            case "challenge" -> m.titleChallenge();
            case "processing" -> m.titleProcessing();
            case "captured" -> m.titleCaptured();
            case "failed" -> m.titleFailed();
            case "expired" -> m.titleExpired();
            case "cancelled" -> m.titleCancelled();
            case "notfound" -> m.titleNotfound();
            case "unavailable" -> m.titleUnavailable();
            case SUSPENDED -> m.titleSuspended();
            default -> m.titleError();
        };
    }

    static String timeLeft(Duration left, PageMessages m) {
        if (left.isNegative() || left.isZero()) {
            return m.timeLeftNone();
        }
        long minutes = left.toMinutes();
        if (minutes < 1) {
            return m.timeLeftUnderMinute();
        }
        if (minutes < 60) {
            return m.timeLeftMinutes(String.valueOf(minutes));
        }
        return m.timeLeftHours(String.valueOf(left.toHours()), String.valueOf(left.toMinutesPart()));
    }

    /** What the customer reads about a refused submission; a new {@link Refusal} does not compile without its text. */
    static String text(Refusal reason, PageMessages m, YearMonth today) {
        return switch (reason) {
            case CARD_NUMBER_INVALID -> m.cardNumberInvalid();
            case EXPIRY_MONTH_INVALID -> m.expiryMonthInvalid();
            case EXPIRY_YEAR_INVALID -> m.expiryYearInvalid(String.valueOf(today.plusYears(2).getYear()));
            case CARD_EXPIRED -> m.cardExpired();
            case EXPIRY_YEAR_TOO_FAR -> m.expiryYearTooFar();
            case CVV_THREE_DIGITS -> m.cvvThreeDigits();
            case CVV_FOUR_DIGITS -> m.cvvFourDigits();
            case CARDHOLDER_NAME_MISSING -> m.cardholderNameMissing();
            case DIRECT_DEBIT_UNAVAILABLE -> m.directDebitUnavailable();
            case BINDING_UNAVAILABLE -> m.bindingUnavailable();
            case OTP_MALFORMED -> m.otpMalformed();
            case METHOD_UNAVAILABLE -> m.methodUnavailable();
            case METHOD_NEEDS_ACCOUNT -> m.methodNeedsAccount();
            case METHOD_REFUSED_BY_PROVIDER -> m.methodRefusedByProvider();
            case PROVIDER_DID_NOT_ANSWER -> m.providerDidNotAnswer();
        };
    }

    /**
     * Why a payment failed, in the page's language: the {@code statusDesc} values the contract fixes (§2, §2a) are
     * worded by the bundle; another one (a provider's own text) is shown as it is.
     */
    static String failureText(String statusDesc, PageMessages m) {
        if (statusDesc == null || statusDesc.isBlank()) {
            return m.failedNoReason();
        }
        String reason = switch (statusDesc) {
            case "Card declined" -> m.reasonCardDeclined();
            case "Insufficient funds" -> m.reasonInsufficientFunds();
            case "3-D Secure authentication failed" -> m.reasonThreeDsFailed();
            case "Not decided by the provider" -> m.reasonNotDecided();
            case "Declined by the customer" -> m.reasonDeclinedByCustomer();
            default -> statusDesc;
        };
        return m.failedReason(reason);
    }
}
